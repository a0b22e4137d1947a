"""Domino chinois (R76) live, server side: a table opened, joined and played to its end through
the services from a known seed, then rated, listed and exported by the history API, its
table, replay and deals pages rendered."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import readmodels, services
from games.models import Game, Move
from games.rules import house_choice, replay, view
from leaderboard.models import RatingChange
from leaderboard.ratings import rate_match
from tests.api.conftest import client_of
from tests.games.conftest import afull_table, connect, full_table, game_of, state
from tests.games.test_consumers import refused

SEED = "chinois live"


def play_match(game_id: int) -> Game:
    """Every seat plays the house robot's choice on its own view, through ``services.play``;
    the host deals each next round (R54)."""
    while True:
        game = game_of(game_id)
        if game.status == Game.OVER:
            return game
        if game.status == Game.ROUND_OVER:
            services.next_round(game_id, game.seat_set.get(index=0).player, game.version)
            continue
        assert game.status == Game.PLAYING
        seat = game.turn
        choice = house_choice(view(game.match, seat))
        move = {k: v for k, v in choice.items() if k != "seat"}
        services.play(game_id, game.seat_set.get(index=seat).player, move, game.version)


def tiles_of(value: Any) -> set[str]:
    """Every tile written in a JSON value (``"a-b"``, numbers up to 12)."""
    text = json.dumps(value)
    found = set()
    for word in text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split():
        a, _, b = word.partition("-")
        if a.isdigit() and b.isdigit():
            found.add(f"{min(int(a), int(b))}-{max(int(a), int(b))}")
    return found


@pytest.mark.django_db
def test_a_chinois_match_between_three_seats_is_played_through_the_services_and_rated(players):
    """R76, R32, R51: a chinois table for three seats (target 100) opened from the lobby's
    options, joined and played to its end; the log replays to the same state; the match is
    rated over every seat, the lowest total best."""
    alice, bob, charlie = players[:3]
    game_id = full_table("chinois", [alice, bob, charlie], 100, seed=SEED)
    first = game_of(game_id)
    assert (first.variant, first.seats, first.target) == ("chinois", 3, 100)
    dealt = first.rounds.get(number=1)
    assert [len(h) for h in dealt.hands] == [12, 12, 12] and len(dealt.stock) == 91 - 36  # R76
    # R6: before anything is played, no seat's state shows another seat's tiles.
    for seat in range(3):
        message = readmodels.current_state(game_id, seat)
        others = {t for s, hand in enumerate(dealt.hands) if s != seat for t in hand}
        assert not tiles_of(message) & (others | set(dealt.stock)) - {first.state["round"]["line"]["center"]}

    game = play_match(game_id)
    assert game.status == Game.OVER and game.rounds.count() >= 1
    record = game.record()
    assert record["variant"] == "chinois"
    for rnd in record["rounds"]:
        assert len({t for h in rnd["hands"] for t in h} | set(rnd["stock"])) == 91  # R70
    assert Move.objects.filter(game=game, tile__regex=r"1[0-2]").exists()  # double-twelve tiles logged
    assert game.replay() == game.match  # the deals and the log rebuild the snapshot
    result = replay(record)
    seats = {s.index: s for s in game.seat_set.all()}
    assert [seats[i].score for i in range(3)] == result["scores"] == list(game.match.scores)
    assert max(result["scores"]) >= 100  # R32: someone reached the target ...
    lowest = min(result["scores"])
    assert {i for i in range(3) if seats[i].won} == {i for i in range(3) if result["scores"][i] == lowest}

    # Rated over every seat, the lowest total best (leaderboard.ratings from the ruleset).
    changes = rate_match(game.pk)
    assert len(changes) == 3 and RatingChange.objects.filter(game=game, variant="chinois").count() == 3
    moved = {c.player_id: c.mu_after - c.mu_before for c in RatingChange.objects.filter(game=game)}
    best = seats[min(range(3), key=lambda i: (result["scores"][i], i))].player_id
    worst = seats[max(range(3), key=lambda i: (result["scores"][i], -i))].player_id
    assert moved[best] > 0 > moved[worst]

    # The history API lists it and serves its record; the export's line replays as it is.
    listed = client_of(None).get("/api/matches/?variant=chinois").json()["results"]
    assert [row["id"] for row in listed] == [game.pk]
    detail = client_of(None).get(f"/api/matches/{game.pk}/").json()
    assert replay(detail["record"]) == result
    export = client_of(alice).get("/api/players/alice/export")
    lines = [json.loads(line) for line in b"".join(export.streaming_content).decode().splitlines()]
    assert [line["id"] for line in lines] == [game.pk]
    assert replay(lines[0]) == result

    # The table, its replay and the deals pages render for chinois.
    for path in (f"/tables/{game.pk}/", f"/tables/{game.pk}/revoir/", "/donnes/"):
        assert client_of(alice).get(path).status_code == 200, path


@pytest.mark.django_db
def test_a_chinois_table_renders_while_in_play_for_a_seat_and_a_spectator(players):
    """The table page of a chinois match in play renders, for a seat and for a spectator."""
    game_id = full_table("chinois", players[:2], 200, seed=SEED)
    for user in (players[0], players[3]):
        response = client_of(user).get(f"/tables/{game_id}/")
        assert response.status_code == 200
        assert "Domino chinois" in response.content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("close_sockets")
async def test_a_chinois_play_goes_over_the_websocket_and_hides_the_hands(players):
    """docs/protocol.md: a chinois seat plays a double-twelve tile with its end and open number
    (R22) over the table's socket; a malformed place is refused; the other seats' states never
    show the player's hand (R6)."""
    gid = await afull_table("chinois", players[:3], 100, seed=SEED)
    sockets = [await connect(gid, user) for user in players[:3]]
    states = [await state(s) for s in sockets]
    turn = states[0]["view"]["round"]["turn"]
    legal = states[turn]["view"]["legal"][0]
    message = {"type": "play", "version": states[turn]["version"], "tile": legal["play"]}
    message.update({k: legal[k] for k in ("end", "open") if k in legal})
    await refused(sockets[turn], {**message, "at": 3}, "bad_message")
    await sockets[turn].send(message)
    hand = set(states[turn]["view"]["hand"]) - {legal["play"]}
    for seat, socket in enumerate(sockets):
        after = await state(socket)
        assert after["version"] == message["version"] + 1
        if seat != turn:
            assert not tiles_of(after) & hand, f"seat {seat} sees seat {turn}'s tiles"
