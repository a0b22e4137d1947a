"""The journal sent on every (re)connection, rebuilt from the move log (games/journal.py),
and the public-information panel in every state (games.rules.knowledge)."""

from __future__ import annotations

import pytest

from games import readmodels
from games.models import Move
from tests.games.conftest import full_table, game_of, play_first, to_round_over

pytestmark = pytest.mark.django_db


def test_the_journal_is_the_whole_match_as_each_seat_may_see_it(players):
    """R6: "The number of tiles a seat drew is public; the tiles drawn are not"."""
    game_id = full_table("draw", players[:2], seed="two ends 1")
    for _ in range(11):
        play_first(game_of(game_id))
    draws = list(Move.objects.filter(game_id=game_id, kind=Move.DRAW).values_list("seat", "tile"))
    assert draws, "two ends 1 no longer draws in the first eleven plays"
    plays = Move.objects.filter(game_id=game_id, kind=Move.PLAY).count()
    for seat in (0, 1, None):
        journal = readmodels.current_state(game_id, seat)["journal"]
        assert [e["seat"] for e in journal["seated"]] == [0, 1]
        (only,) = journal["rounds"]
        events = only["events"]
        assert events[0]["type"] == "round_started"
        assert sum(e["type"] == "play" for e in events) == plays
        for event in (e for e in events if e["type"] == "draw"):
            assert ("tile" in event) == (event["seat"] == seat), (seat, event)


def test_earlier_rounds_are_in_the_journal_too(players):
    game_id = full_table("block", players[:2])
    game = to_round_over(game_id)
    from games import services

    services.next_round(game_id, players[0], game.version)
    journal = readmodels.current_state(game_id, 1)["journal"]
    assert [r["number"] for r in journal["rounds"]] == [1, 2]
    assert journal["rounds"][0]["events"][-1]["type"] in ("round_over", "match_over")


def test_every_state_carries_the_public_information_panel(players):
    game_id = full_table("draw", players[:2], seed="two ends 1")
    for _ in range(11):
        play_first(game_of(game_id))
    game = game_of(game_id)
    for seat in (0, 1, None):
        panel = readmodels.current_state(game_id, seat)["view"]["round"]["public"]
        hand = game.match.round.hands[seat] if seat is not None else ()
        for entry in panel:
            assert entry["in_hand"] == sum(1 for t in hand if entry["number"] in t)
            for other in entry["none"]:
                assert all(entry["number"] not in t for t in game.match.round.hands[other])
