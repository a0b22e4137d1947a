"""A Triominos table through the services (docs/rules.md §8): opened, joined, played to
the end from a known seed, every round's record replaying to the stored match."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.journal import journal
from games.models import Game, Move
from games.rules import house_choice, replay, view
from games.rules.triominos.tiles import tri_str
from games.services import ServiceError
from tests.games.conftest import full_table, game_of

pytestmark = pytest.mark.django_db

SEED = "triominos, known deals"


def play_turn(game: Game) -> None:
    """The seat to play lays the house robot's choice, in record form, as the table's socket passes it on."""
    seat = game.turn
    seen = view(game.match, seat)
    move = {k: v for k, v in house_choice(seen).items() if k != "seat"}
    user = game.seat_set.get(index=seat).player
    services.play(game.pk, user, move, game.version)


def test_r80_r88_a_two_seat_match_to_200_is_opened_joined_and_played_to_its_end(players):
    """R80-R88 at a live table: the forced opening is logged at [0, 0] with turn 0, every
    play with its cell and turn; the match ends when a seat reaches 200, the highest total
    wins, and the stored record replays to the very same match."""
    alice, bob = players[:2]
    gid = full_table("triominos", [alice, bob], 200, seed=SEED)
    game = game_of(gid)
    assert game.status == Game.PLAYING and game.target == 200
    opening = game.moves.order_by("seq").first()
    assert opening.kind == Move.PLAY and opening.forced and opening.place == {"at": [0, 0], "turn": 0}
    rounds = 0
    while (game := game_of(gid)).status != Game.OVER:
        if game.status == Game.ROUND_OVER:
            services.next_round(gid, game.host, game.version)
            continue
        if game.match.round.number > rounds:
            rounds = game.match.round.number
        play_turn(game)
    match = game.match
    assert max(match.scores) >= 200 and rounds >= 1
    winner = match.scores.index(max(match.scores))
    assert match.winner == winner
    assert game.seat_set.get(won=True).index == winner
    assert game.replay() == match
    # The replay page has every state, each with its board of triangles (R88).
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("replay", args=[gid]))
    assert page.status_code == 200
    frames = page.context["data"]["frames"]
    assert frames[0]["board"][0]["at"] == [0, 0] and frames[-1]["scores"] == list(match.scores)
    record = game.record()
    assert replay(json.loads(json.dumps(record)))["scores"] == list(match.scores)
    plays = game.moves.filter(kind=Move.PLAY)
    assert plays.count() > 2 and all(set(m.place) == {"at", "turn"} for m in plays)
    # A seat's journal shows its own draws' tiles only (R87).
    for seat in (0, 1):
        for rnd in journal(game, seat)["rounds"]:
            for event in rnd["events"]:
                if event["type"] == "draw":
                    assert ("tile" in event) == (event["seat"] == seat)


def test_r82_a_play_refused_names_its_problem_in_french_and_changes_nothing(players):
    """R82: a tile laid where a corner differs, on a taken cell, or not touching is refused."""
    alice, bob = players[:2]
    gid = full_table("triominos", [alice, bob], 200, seed=SEED)
    game = game_of(gid)
    seat = game.turn
    user = game.seat_set.get(index=seat).player
    legal = view(game.match, seat)["legal"]
    assert legal, "the seat to play holds a tile that fits"
    tile = legal[0]["play"]
    before = (game.version, game.state, game.moves.count())
    cases = [
        ({"play": tile, "at": [0, 0], "turn": 0}, "cell_taken"),
        ({"play": tile, "at": [40, 40], "turn": 0}, "not_touching"),
        ({"play": tile, "at": [0, 0, 0]}, "bad_at"),
        ({"play": "2-1-4"}, "bad_tile"),
    ]
    for move, code in cases:
        with pytest.raises(ServiceError) as e:
            services.play(gid, user, move, game.version)
        assert e.value.code == code
        assert e.value.message != code  # a French text for the player
        game.refresh_from_db()
        assert (game.version, game.state, game.moves.count()) == before
    # R80: a Triomino is a tile ("tuile"), not a domino, in what the player reads.
    theirs = tri_str(game.match.round.hands[1 - seat][0])
    with pytest.raises(ServiceError) as e:
        services.play(gid, user, {"play": theirs}, game.version)
    assert (e.value.code, e.value.message) == ("tile_not_in_hand", "Cette tuile n’est pas dans votre main.")
    with pytest.raises(ServiceError) as e:
        services.play(gid, user, {"play": "2-1-4"}, game.version)
    assert e.value.message == "Cette tuile n’existe pas."
    services.play(gid, user, {"play": tile, "at": legal[0]["at"], "turn": legal[0]["turn"]}, game.version)
    assert game_of(gid).version > before[0]
