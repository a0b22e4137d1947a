"""A sanctioned player's personal API tokens are refused at once, and work again once
the sanction is lifted (knox checks ``is_active``)."""

from __future__ import annotations

import pytest

from accounts import sanctions
from tests.accounts.moderation import make_moderator
from tests.api.conftest import client_of
from tests.api.test_tokens import bearer, create

pytestmark = pytest.mark.django_db


def test_a_banned_players_api_token_is_refused_and_works_again_once_lifted(players):
    bob = players[1]
    mod = make_moderator()
    token = create(client_of(bob), "mon script")
    script = client_of(None)
    url = "/api/players/bob/matches/"
    assert script.get(url, **bearer(token)).status_code == 200

    sanctions.ban(mod, bob, "Triche")
    assert script.get(url, **bearer(token)).status_code == 401

    sanctions.lift(mod, bob, "Erreur")
    assert script.get(url, **bearer(token)).status_code == 200
