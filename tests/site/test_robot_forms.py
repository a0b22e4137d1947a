"""The pages' robots (R58): "Jouer contre les robots" in the lobby, the host's forms on the
table page, and what the pages say of a table with robots."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.games.conftest import SEED, game_of

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_r58_play_against_robots_from_the_lobby_opens_the_table_and_starts_the_match(players):
    alice = players[0]
    response = client_of(alice).post(
        "/salon/", {"variant": "classic", "seats": "2", "target": "50", "level": "expert", "robots": "1"}
    )
    game = Game.objects.get(host=alice)
    assert response.status_code == 302 and response["Location"] == f"/tables/{game.pk}/"
    game = game_of(game.pk)
    assert (game.status, game.rated, game.public, game.target) == (Game.PLAYING, False, False, 50)
    assert [s.name for s in game.seating] == ["alice", "Robot Anatole (expert)"]
    page = client_of(alice).get(f"/tables/{game.pk}/").content.decode()
    assert "contre des robots, non classée" in page and "Robot Anatole (expert)" in page


def test_r58_the_lobby_refuses_a_second_live_table(players):
    alice = players[0]
    services.practice(alice, "draw", 2, None, "house", seed=SEED)
    response = client_of(alice).post(
        "/salon/", {"variant": "draw", "seats": "2", "level": "house", "robots": "1"}
    )
    assert response.status_code == 400
    assert "Vous êtes déjà assis à une autre table" in response.content.decode()
    assert Game.objects.filter(host=alice).count() == 1


def test_r58_the_host_seats_and_unseats_robots_from_the_table_page(players):
    alice, bob = players[:2]
    game = services.open_table(alice, "draw", 3, None, True)
    host, other = client_of(alice), client_of(bob)
    page = host.get(f"/tables/{game.pk}/").content.decode()
    assert 'id="seat-robot"' in page and "Asseoir un robot" in page
    assert 'id="seat-robot"' not in other.get(f"/tables/{game.pk}/").content.decode()  # the host's alone

    refused = other.post(f"/tables/{game.pk}/robots/", {"level": "house"}, follow=True)
    assert "Vous n’êtes pas assis à cette table." in refused.content.decode()
    bad = host.post(f"/tables/{game.pk}/robots/", {"level": "génie", "seat": "1"}, follow=True)
    assert "Ce niveau de robot n’existe pas." in bad.content.decode()
    assert len(game_of(game.pk).seating) == 1

    host.post(f"/tables/{game.pk}/robots/", {"level": "beginner", "seat": "2"})
    table = game_of(game.pk)
    assert [s.name for s in table.seating] == ["alice", "Robot Berthe (débutant)"] and table.rated is False
    page = host.get(f"/tables/{game.pk}/").content.decode()
    assert "Retirer le robot de la place 3" in page and "contre des robots, non classée" in page
    host.post(f"/tables/{game.pk}/robots/2/retirer/")
    assert [s.name for s in game_of(game.pk).seating] == ["alice"]
    # The last seat taken by a robot: the match starts (R50).
    host.post(f"/tables/{game.pk}/robots/", {"level": "house"})
    services.seat_robot(game.pk, alice, "house")
    assert game_of(game.pk).status == Game.PLAYING
    started = host.post(f"/tables/{game.pk}/robots/1/retirer/", follow=True)
    assert "La partie a déjà commencé." in started.content.decode()


def test_r58_the_open_table_form_seats_robots_at_their_levels_and_forces_the_table_friendly(players):
    alice = players[0]
    page = client_of(alice).get("/salon/").content.decode()
    assert 'name="robot_1"' in page and 'name="robot_3"' in page
    response = client_of(alice).post(
        "/salon/",
        # robot_3 is beyond the three seats chosen: ignored.
        {
            "variant": "draw",
            "seats": "3",
            "public": "on",
            "rated": "classee",
            "robot_2": "expert",
            "robot_3": "house",
        },
    )
    game = game_of(Game.objects.get(host=alice).pk)
    assert response.status_code == 302
    assert (game.status, game.public, game.rated) == (Game.OPEN, True, False)
    assert [(s.index, s.name) for s in game.seating] == [(0, "alice"), (2, "Robot Berthe (expert)")]
