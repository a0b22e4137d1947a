"""/api/docs/ in a real browser: Swagger UI draws the API from the site's own files, under
the site's Content-Security-Policy, and asks no other host for anything."""

from __future__ import annotations

import pytest

from tests.conftest import needs_chromium
from tests.site.test_csp_browser import WATCH, violations
from tests.site.test_table_clock import WAIT_MS

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def test_the_docs_page_draws_the_api_from_the_site_alone(live_site, browser):
    base = live_site()
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    requests: list[str] = []
    console: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: console.append(message.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(script=WATCH.removeprefix("() => {").removesuffix("}"))
    page.goto(base + "/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=WAIT_MS)
    assert "Dominos" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector("text=/api/matches/", timeout=WAIT_MS)
    assert page.locator(".opblock").count() >= 8  # every operation drawn
    elsewhere = [url for url in requests if not url.startswith(base) and not url.startswith("data:")]
    assert elsewhere == []
    assert any(url.startswith(base + "/api/schema/") for url in requests)
    assert violations(page, console) == []
    assert errors == []
    context.close()
