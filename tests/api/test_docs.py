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
