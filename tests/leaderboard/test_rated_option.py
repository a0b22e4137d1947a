"""The host chooses whether a table is rated ("classée") or friendly ("amicale")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game

pytestmark = pytest.mark.django_db


def open_table(client, **fields):
    data = {"variant": "draw", "seats": 2, "target": "", "public": "on", **fields}
    response = client.post(reverse("lobby"), {k: v for k, v in data.items() if v is not None})
    assert response.status_code == 302, response.content.decode()
    return Game.objects.latest("pk")


@pytest.mark.parametrize(
    ("public", "rated", "expected"),
    [
        ("on", None, True),  # a public table is rated unless said otherwise
        (None, None, False),  # a private one friendly
        ("on", "amicale", False),
        (None, "classee", True),
    ],
)
def test_the_host_chooses_rated_or_friendly_with_the_defaults(client, players, public, rated, expected):
    client.force_login(players[0])
    game = open_table(client, public=public, rated=rated)
    assert game.rated is expected
    page = client.get(game.get_absolute_url()).content.decode()
    assert ("partie classée" if expected else "partie amicale") in page


def test_a_bad_choice_is_refused_and_opens_nothing(client, players):
    client.force_login(players[0])
    response = client.post(reverse("lobby"), {"variant": "draw", "seats": 2, "public": "on", "rated": "oui"})
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_the_lobby_says_which_tables_are_rated(client, players):
    client.force_login(players[0])
    rated = open_table(client)
    client.force_login(players[2])  # one live table each (R56)
    friendly = open_table(client, rated="amicale")
    client.force_login(players[1])
    page = client.get(reverse("lobby")).content.decode()
    rows = {pk: page.split(f'data-table="{pk}"', 1)[1].split("</li>", 1)[0] for pk in (rated.pk, friendly.pk)}
    assert '<span class="rated">classée</span>' in rows[rated.pk]
    assert '<span class="rated">amicale</span>' in rows[friendly.pk]
    form = page.split('id="open-table"', 1)[1]
    assert 'value="classee"' in form and 'value="amicale"' in form
