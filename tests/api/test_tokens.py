"""Personal API tokens: created with a name on the profile page, shown once, used as
``Authorization: Bearer <token>``, listed and revoked; a revoked token is 401 at once."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from knox.crypto import hash_token

from accounts.models import ApiToken
from tests.api.conftest import client_of

pytestmark = pytest.mark.django_db


def create(client: Any, name: str) -> str:
    response = client.post("/comptes/jetons/", {"name": name})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"] or "no-cache" in response["Cache-Control"]
    match = re.search(r'<code id="token-secret">([^<]+)</code>', response.content.decode())
    assert match, response.content.decode()
    return match.group(1)


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def test_create_use_list_revoke(games, players):
    alice = players[0]
    page = client_of(alice)
    token = create(page, "mon script")
    # Only a hash is stored; the token itself is nowhere in the database.
    stored = ApiToken.objects.get(user=alice)
    assert stored.name == "mon script" and stored.digest == hash_token(token) and stored.expiry is None
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM accounts_apitoken")
        assert not any(token in str(value) for row in cursor.fetchall() for value in row)
    # The profile lists it by name and first characters, never again in full.
    profile = page.get("/joueurs/alice/").content.decode()
    assert "mon script" in profile and stored.token_key in profile and token not in profile
    # A script with the token is alice: it sees her private match.
    script = client_of(None)
    private = games["private"].pk
    assert script.get(f"/api/matches/{private}/", **bearer(token)).status_code == 200
    assert script.get(f"/api/matches/{private}/").status_code == 404
    ids = [r["id"] for r in script.get("/api/players/alice/matches/", **bearer(token)).json()["results"]]
    assert private in ids
    # Revoked: 401 at the very next request.
    response = page.post(f"/comptes/jetons/{stored.token_key}/revoquer/")
    assert response.status_code == 302 and not ApiToken.objects.exists()
    response = script.get("/api/matches/", **bearer(token))
    assert response.status_code == 401 and response.json()["detail"]
    assert response["WWW-Authenticate"] == "Bearer"
    assert token not in page.get("/joueurs/alice/").content.decode()


def test_bad_tokens_are_401(games):
    script = client_of(None)
    for header in ("Bearer nonsense", "Bearer ", "Bearer a b"):
        assert script.get("/api/matches/", HTTP_AUTHORIZATION=header).status_code == 401, header


def test_tokens_are_their_owners_only(players):
    alice, bob = players[:2]
    create(client_of(alice), "un")
    key = ApiToken.objects.get().token_key
    assert client_of(bob).post(f"/comptes/jetons/{key}/revoquer/").status_code == 404
    assert ApiToken.objects.count() == 1
    # Another's profile shows no token section; creating needs a login and a POST.
    assert "token-create" not in client_of(bob).get("/joueurs/alice/").content.decode()
    assert client_of(None).post("/comptes/jetons/", {"name": "x"}).status_code == 302
    assert client_of(alice).get("/comptes/jetons/").status_code == 405


def test_a_token_needs_a_name_and_tokens_are_limited(players, settings):
    alice = players[0]
    page = client_of(alice)
    response = page.post("/comptes/jetons/", {"name": ""})
    assert response.status_code == 302 and not ApiToken.objects.exists()
    response = page.post("/comptes/jetons/", {"name": "x" * 61})
    assert response.status_code == 302 and not ApiToken.objects.exists()
    settings.API_TOKENS_PER_USER = 2
    create(page, "un")
    create(page, "deux")
    assert page.post("/comptes/jetons/", {"name": "trois"}).status_code == 302
    assert ApiToken.objects.count() == 2
