"""The OpenAPI schema and its documentation page, served by the site itself."""

from __future__ import annotations

import re

import pytest
import yaml
from django.conf import settings
from django.contrib.staticfiles import finders

from tests.api.conftest import client_of

pytestmark = pytest.mark.django_db


def test_schema_describes_every_endpoint(client):
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) >= {
        "/api/matches/",
        "/api/matches/{id}/",
        "/api/players/{username}/",
        "/api/players/{username}/matches/",
        "/api/players/{username}/export",
    }
    export = schema["paths"]["/api/players/{username}/export"]["get"]
    assert list(export["responses"]["200"]["content"]) == ["application/x-ndjson"]
    for path in schema["paths"].values():
        for operation in path.values():
            assert {"200", "404", "429"} <= set(operation["responses"])
    assert schema["components"]["securitySchemes"]["knoxApiToken"]["scheme"] == "bearer" or (
        "Bearer" in str(schema["components"]["securitySchemes"]["knoxApiToken"])
    )
    # The YAML form too.
    assert yaml.safe_load(client.get("/api/schema/").content)["paths"] == schema["paths"]


def test_docs_page_loads_nothing_from_another_host():
    page = client_of(None).get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    urls = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert urls and all(url.startswith("/") and not url.startswith("//") for url in urls), urls
    assert "<script>" not in html  # no inline script: the init script is a file of its own
    for url in urls:
        if url.startswith(
            settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL
        ):
            path = url.split("/", 2)[2].split("?")[0]
            assert finders.find(path), f"{path} is not among the site's static files"
    script = next(url for url in urls if "script" in url)
    init = client_of(None).get(script.replace("&amp;", "&"))
    assert init.status_code == 200 and init["Content-Type"].startswith("application/javascript")
    text = init.content.decode()
    assert "/api/schema/" in text and not re.search(r"https?://", text)


def descriptions(schema: object, path: str = "") -> dict[str, str]:
    """Every text of the schema meant for a reader (titles, summaries, descriptions), by where
    it is; not the lists of an enum's values (``* `won` - won``), which are the values."""
    found: dict[str, str] = {}
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in ("title", "summary", "description") and isinstance(value, str):
                if value and not value.startswith("* `"):
                    found[f"{path}/{key}"] = value
            else:
                found.update(descriptions(value, f"{path}/{key}"))
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found.update(descriptions(value, f"{path}[{index}]"))
    return found


def test_the_schema_describes_the_api_in_french_and_in_english(client):
    """Issue 19, 12: every description of the API is in the reader's language."""
    french = descriptions(client.get("/api/schema/?format=json").json())
    english = descriptions(client.get("/api/schema/?format=json", HTTP_ACCEPT_LANGUAGE="en").json())
    # drf-spectacular leaves out a parameter's title that only repeats its name ("variant"
    # under English): the only texts English may lack, and nothing English has more.
    missing = french.keys() - english.keys()
    assert english.keys() <= french.keys() and len(french) > 100
    assert all(where.endswith("/schema/title") for where in missing), missing
    same = {where: text for where, text in english.items() if french[where] == text}
    assert same == {}, "not translated"
    assert french["/info/title"] == "Dominos — API de l’historique"
    assert english["/info/title"] == "Dominoes — history API"
    assert "/donnes/" in french["/info/description"] and "docs/record.md" not in french["/info/description"]
    matches = "/paths//api/matches//get/description"
    assert french[matches] == "Les parties que l’appelant peut voir, les plus récentes d’abord, filtrées."
    assert english[matches] == "Matches the caller may see, newest first, filtered."
    # The schema asked for in a language (?lang=, drf-spectacular's) answers in it.
    asked = descriptions(client.get("/api/schema/?format=json&lang=en").json())
    assert asked == english


def test_the_docs_page_says_its_language_and_leads_back_to_the_site(client):
    """Issue 19, 12: /api/docs/ has a lang, and a way home."""
    french = client.get("/api/docs/").content.decode()
    assert '<html lang="fr">' in french
    assert re.search(r'<a [^>]*href="/"[^>]*>Retour au site</a>', french)
    assert 'href="/donnes/"' in french and 'action="/i18n/setlang/"' in french
    english = client.get("/api/docs/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in english
    assert re.search(r'<a [^>]*href="/"[^>]*>Back to the site</a>', english)
