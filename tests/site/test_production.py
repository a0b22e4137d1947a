"""The site as production runs it: settings, headers, its own error pages, /healthz.

`manage.py check --deploy` is run with the production settings of deploy/dominos.env
(the ones README.md documents); a Daphne process with DEBUG off serves the static
files (hashed, compressed, cached for a year), the 404 page and /healthz.
"""

from __future__ import annotations

import gzip
import io
import logging
import os
import re
import secrets
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import path

from config.settings import secret_key
from tests.conftest import PASSWORD, ROOT

ENV_FILE = ROOT / "deploy" / "dominos.env"


def production_env() -> dict[str, str]:
    """deploy/dominos.env, with a fresh SECRET_KEY (the file leaves it for the operator)."""
    values = {}
    for line in ENV_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            values[name] = value
    assert values["DEBUG"] == "false"
    return {**values, "SECRET_KEY": secrets.token_urlsafe(50)}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


# Settings -----------------------------------------------------------------------------


def test_check_deploy_is_clean_with_the_documented_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
    # And it is not clean with development's settings: the check can fail.
    development = manage("check", "--deploy", "--fail-level", "WARNING", env={"DEBUG": "true"})
    assert development.returncode != 0


def test_a_short_or_fake_secret_key_is_refused_when_debug_is_off():
    good = secrets.token_urlsafe(50)
    assert secret_key(good, debug=False) == good
    for bad in ("", "short", "a" * 60, "django-insecure-" + good):
        with pytest.raises(ImproperlyConfigured):
            secret_key(bad, debug=False)
    assert secret_key("short", debug=True) == "short"  # development takes any
    result = manage("check", env={**production_env(), "SECRET_KEY": "x" * 49})
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr


@pytest.mark.django_db
def test_pages_have_a_content_security_policy_and_a_permissions_policy(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    for name in ("default-src", "script-src", "style-src", "connect-src"):
        assert directives[name] == "'self'", csp
    assert "unsafe-inline" not in csp and "http" not in csp
    assert directives["frame-ancestors"] == "'none'"
    assert "camera=()" in response.headers["Permissions-Policy"]


def test_no_template_has_an_inline_script_style_or_event_handler():
    """What the policy would block: scripts are files, data is JSON (json_script)."""
    offences = []
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            if "src=" not in tag and 'type="application/json"' not in tag:
                offences.append(f"{template}: {tag}")
        for found in re.findall(r"<style\b|\sstyle=|\son[a-z]+=", text):
            offences.append(f"{template}: {found}")
    for script in [*(ROOT / "static").rglob("*.js"), *(ROOT / "static").rglob("*.mjs")]:
        text = script.read_text()
        for found in re.findall(r"setAttribute\(\s*[\"']style|\beval\(|new Function\(", text):
            offences.append(f"{script}: {found}")
    assert not offences


# The site's own error pages, with DEBUG off (as in every test) -------------------------


@pytest.mark.django_db
def test_a_missing_page_is_the_sites_404_in_french_and_in_english(client):
    french = client.get("/pas-de-page/")
    assert french.status_code == 404
    assert "Page introuvable" in french.text and 'class="site-header"' in french.text
    english = client.get("/pas-de-page/", headers={"accept-language": "en"})
    assert english.status_code == 404 and "Page not found" in english.text
    assert "Page introuvable" not in english.text


@pytest.mark.django_db
def test_a_forbidden_page_is_the_sites_403_in_french_and_in_english(players, client):
    client.force_login(players[0])  # not staff: the admin is not for them
    french = client.get("/admin/login/")
    assert french.status_code == 403 and "Accès refusé" in french.text
    english = client.get("/admin/", follow=True, headers={"accept-language": "en"})
    assert english.status_code == 403 and "Access denied" in english.text


def broken(request):
    raise RuntimeError("a defect in a view")


urlpatterns = [path("boom/", broken)]


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_a_server_error_is_the_sites_500_and_is_logged_with_its_traceback():
    """Logged by the settings' stderr handler (systemd's journal), DEBUG off as here."""
    [handler] = [h for h in logging.getLogger().handlers if type(h) is logging.StreamHandler]
    stderr = handler.setStream(io.StringIO())
    try:
        client = Client(raise_request_exception=False)
        for language, text in (("fr", "Erreur du serveur"), ("en", "Server error")):
            response = client.get("/boom/", headers={"accept-language": language})
            assert response.status_code == 500 and text in response.text
            assert "a defect in a view" not in response.text  # nothing of the error is shown
    finally:
        logged = handler.setStream(stderr).getvalue()
    assert "ERROR django.request Internal Server Error: /boom/" in logged
    assert "Traceback (most recent call last)" in logged and "RuntimeError: a defect in a view" in logged


# /healthz ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_healthz_answers_without_a_session(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "redis": "ok", "broker": "ok"}
    assert not response.cookies and "Cookie" not in response.headers.get("Vary", "")


@pytest.mark.django_db
def test_healthz_is_not_redirected_to_https_when_the_pages_are(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/").status_code == 301
    assert client.get("/healthz").status_code == 200


@pytest.mark.django_db
def test_healthz_says_which_part_is_down(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/2"  # nothing listens there
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "redis": "ok", "broker": "error"}


# The admin's login is the site's ---------------------------------------------------------


@pytest.mark.django_db
def test_the_admin_login_is_the_sites_rate_limited_login(client):
    staff = get_user_model().objects.create_user("root", "root@example.org", PASSWORD, is_staff=True)
    assert client.get("/admin/").url.startswith("/admin/login/")
    response = client.get("/admin/login/", {"next": "/admin/"})
    assert response.status_code == 302 and response.url == "/comptes/login/?next=%2Fadmin%2F"
    # The admin's own form is gone: posting to it checks no password, right or wrong.
    for password in ["faux"] * 30 + [PASSWORD]:
        answer = client.post("/admin/login/", {"username": "root", "password": password})
        assert answer.status_code == 302 and "_auth_user_id" not in client.session
    # The site's login counts the failures (5 per account in 5 minutes): then even the
    # right password is refused for a while, for the admin too.
    for _ in range(5):
        client.post("/comptes/login/", {"login": "root", "password": "faux"})
    client.post("/comptes/login/", {"login": "root", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    # A member of staff who logs in through the site reaches the admin.
    other = Client()
    other.force_login(staff)
    assert other.get("/admin/login/", {"next": "/admin/"}).url == "/admin/"
    assert other.get("/admin/").status_code == 200
    assert other.get("/admin/login/", {"next": "https://evil.example/"}).url == "/admin/"


# A Daphne process with DEBUG off ------------------------------------------------------------


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def test_daphne_with_debug_off_serves_static_files_its_404_and_healthz(live_site, tmp_path: Path):
    env = {
        **production_env(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379"),
        "STATIC_ROOT": str(tmp_path / "static"),
        # Plain HTTP here: no redirect to HTTPS, no secure-only cookies.
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
    }
    env.pop("DATABASE_URL")  # the live site's test database, which live_site gives
    collected = manage("collectstatic", "--no-input", env=env)
    assert collected.returncode == 0, collected.stderr
    base = live_site(**env)
    status, headers, page = fetch(base + "/")
    assert status == 200 and "Content-Security-Policy" in headers
    stylesheet = re.search(rb'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    assert stylesheet, page[:2000]
    status, headers, body = fetch(base + stylesheet.group(1).decode(), **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip" and b"body" in gzip.decompress(body)
    max_age = int(re.search(r"max-age=(\d+)", headers["Cache-Control"]).group(1))
    assert max_age >= 365 * 24 * 3600 and "immutable" in headers["Cache-Control"]
    status, headers, body = fetch(base + "/pas-de-page/")
    assert status == 404 and "Page introuvable" in body.decode()
    status, headers, body = fetch(base + "/pas-de-page/", **{"Accept-Language": "en"})
    assert status == 404 and "Page not found" in body.decode()
    status, headers, body = fetch(base + "/healthz")
    assert status == 200 and b'"status": "ok"' in body and "Set-Cookie" not in headers


def test_practice_seed_is_read_only_with_debug():
    """R12: a live site deals every round from a fresh secret seed; PRACTICE_SEED, which a
    browser test's server sets to know its deals (games.services.tables.practice), is
    ignored without DEBUG."""
    code = "from django.conf import settings; print(repr(settings.PRACTICE_SEED))"
    production = manage("shell", "-c", code, env={**production_env(), "PRACTICE_SEED": "known"})
    assert production.returncode == 0, production.stderr
    assert production.stdout.strip().splitlines()[-1] == "''"
    development = manage("shell", "-c", code, env={"DEBUG": "true", "PRACTICE_SEED": "known"})
    assert development.stdout.strip().splitlines()[-1] == "'known'"
