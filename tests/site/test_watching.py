"""Matches in play to watch, with their spectators; the spectators' count at the table."""

from __future__ import annotations

import pytest

from games import readmodels, services
from tests.games.conftest import connect_all, full_table

pytestmark = pytest.mark.django_db


def test_the_lobby_lists_public_matches_in_play_with_their_spectators(client, players):
    watched = full_table("draw", players[:2])
    quiet = full_table("draw", players[2:4])
    private = full_table("draw", players[4:6], public=False)
    connect_all(watched, players[:2])
    services.connect(watched, None, "spectator-1")
    services.connect(watched, None, "spectator-2")
    listed = readmodels.matches_in_play()
    assert [entry["id"] for entry in listed] == [watched, quiet]
    assert listed[0]["spectators"] == 2 and listed[1]["spectators"] == 0
    assert private not in [entry["id"] for entry in listed]
    client.force_login(players[0])
    text = client.get("/salon/").content.decode()
    assert f'data-match="{watched}"' in text and "2 spectateurs" in text
    assert f'data-match="{private}"' not in text


def test_the_table_tells_how_many_watch(players):
    game_id = full_table("draw", players[:2])
    services.connect(game_id, None, "watcher")
    assert readmodels.current_state(game_id, 0)["table"]["spectators"] == 1
    services.disconnect("watcher")
    assert readmodels.current_state(game_id, 0)["table"]["spectators"] == 0
