"""Train mexicain's public-information panel (games/rules/trains/knowledge.py), R78: "A seat
draws, and passes, only when no tile of its hand fits a train it may play on (R73): its own
train, the Mexican train and the trains whose marker is up ...; only the uncovered double's
number while a double must be covered (R74)"; "after a draw, nothing is known of the seat's
hand until it plays or passes"."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules.trains import (
    PLAYING,
    Action,
    Match,
    apply,
    deal_round,
    event_action,
    knowledge_advance,
    knowledge_fresh,
    new_match,
    view,
)
from games.rules.trains.knowledge import ENGINE
from tests.rules.test_r70_mexican import position, t

Known = dict[str, Any]


def actions_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [a for a in (event_action("mexican", e) for e in events) if a]


def play(match: Match, known: Known, seat: int, tile: str, train: int) -> tuple[Match, Known]:
    """``seat`` lays ``tile`` on ``train`` (the engine plays what follows), and the panel's
    knowledge goes on by the command's actions, as the services keep it."""
    after, events = apply(match, Action("play", seat, t(tile), train))
    return after, knowledge_advance("mexican", known, match, actions_of(events))


def none_of(match: Match, known: Known, seat: int) -> set[int]:
    """The numbers the panel says ``seat`` holds none of, read from another seat's view."""
    other = (seat + 1) % match.seats
    panel = view(match, other, shown=known)["round"]["public"]
    return {entry["number"] for entry in panel if seat in entry["none"]}


def three_seats(stock: str) -> tuple[Match, Known]:
    """Seat 0 to play. Trains show 3 (seat 0's), 4 (seat 1's), 5 (seat 2's, marker up) and 6
    (the Mexican train); seat 1 holds no 4, 5 or 6, but a 7."""
    match, events = position(
        ["3-7 6-11 0-0", "1-1 1-2 7-8", "5-10 10-11 0-3"],
        trains={0: "12-3", 1: "12-4", 2: "12-5", "mexican": "12-6"},
        markers=(False, False, True),
        stock=stock,
    )
    assert events == []
    return match, knowledge_fresh("mexican", 3)


def test_r78_a_pass_after_a_draw_shows_the_numbers_of_the_trains_the_seat_may_play_on():
    match, known = three_seats("8-8 4-10")
    match, known = play(match, known, 0, "3-7", 0)
    assert match.round.markers == (False, True, True)  # seat 1 drew 8-8 and passed
    # Its own train (4), the Mexican train (6), seat 2's with its marker up (5); not seat 0's,
    # whose marker is down: seat 1 holds a 7, and the panel does not say otherwise.
    assert none_of(match, known, 1) == {4, 5, 6}
    assert none_of(match, known, 0) == none_of(match, known, 2) == set()
    assert not any(n in tile for n in (4, 5, 6) for tile in match.round.hands[1])
    assert any(7 in tile for tile in match.round.hands[1])


@pytest.mark.parametrize(
    ("drawn", "shown"),
    [
        # 4-10 fits its own train and it lays it: its hand is again the one it drew with,
        # which held no 4, 5, 6 (shown before) nor 11 (drawn on).
        ("4-10", {4, 5, 6, 11}),
        # 5-9 fits no train open to it: it passes on 4 and 11, and the 5 it had shown it
        # lacked may be the tile it drew (here it is).
        ("5-9", {4, 11}),
    ],
)
def test_r78_a_later_draw_clears_what_the_seat_showed_before(drawn, shown):
    match, known = three_seats(f"8-8 {drawn}")
    match, known = play(match, known, 0, "3-7", 0)
    match, known = play(match, known, 2, "5-10", 2)  # seat 2's marker comes down (R72)
    match, known = play(match, known, 0, "6-11", -1)  # the Mexican train shows 11
    if drawn == "4-10":
        # Seat 1 drew on 4 and 11 (its own train, the Mexican train) a tile that fits: until
        # it is laid, nothing is known of its hand.
        assert match.round.turn == 1 and match.round.drawn == 1
        assert none_of(match, known, 1) == set()
        match, known = play(match, known, 1, "4-10", 1)
    else:
        assert match.round.markers[1] and match.round.passes[1] == 2
    assert none_of(match, known, 1) == shown
    assert not any(n in tile for n in shown for tile in match.round.hands[1])


def test_r78_a_double_to_cover_shows_only_the_doubles_number():
    """R74: while a double lies uncovered the only play is on it, so a seat that cannot
    cover it shows it lacks that number alone (seat 1 holds a 4 for its own train)."""
    match, events = position(
        ["3-3 0-1 0-2", "4-8 1-1", "3-10 5-5"],
        trains={0: "12-3", 1: "12-4"},
        stock="0-4 0-5 6-6",
    )
    assert events == []
    known = knowledge_fresh("mexican", 3)
    match, known = play(match, known, 0, "3-3", 0)
    assert match.round.passes == (1, 1, 0) and match.round.turn == 2  # both drew and passed
    assert none_of(match, known, 0) == none_of(match, known, 1) == {3}
    match, known = play(match, known, 2, "3-10", 0)  # covered: the trains open again
    assert none_of(match, known, 1) == {3}


def test_r78_a_deals_forced_draws_and_passes_are_on_the_engines_number():
    """The services fold a deal's forced actions without its round: they are on the engine's
    number (R72), which the view and the next command read from the round."""
    deal_actions = [{"seat": 0, "draw": "1-2"}, {"seat": 0, "pass": True}]
    known = knowledge_advance("mexican", knowledge_fresh("mexican", 2), None, deal_actions)
    assert known["none"] == [[ENGINE], []]
    match, _ = position(["0-1 1-2", "9-12"], turn=1, markers=(True, False), number=1)
    assert none_of(match, known, 0) == {12}
    match, known = play(match, known, 1, "9-12", 1)
    assert known["none"][0] == [12]


def the_others_dealt_again(match: Match, seat: int, rng: random.Random) -> Match:
    """``match`` with the tiles ``seat`` cannot see (the other hands and the stock) dealt
    again at random, each hand keeping its size."""
    rnd = match.round
    hidden = [tile for s, hand in enumerate(rnd.hands) if s != seat for tile in hand] + list(rnd.stock)
    rng.shuffle(hidden)
    hands = []
    for s, hand in enumerate(rnd.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[: len(hand)])))
            hidden = hidden[len(hand) :]
    return match._replace(round=rnd._replace(hands=tuple(hands), stock=tuple(hidden)))


def blind(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions with every drawn tile replaced by another: what the others see of them."""
    return [{**a, "draw": "0-0"} if "draw" in a else a for a in actions]


@pytest.mark.parametrize("seats", range(2, 9))
def test_r78_the_panel_over_random_rounds_is_true_and_leaks_nothing(seats):
    """Over seeded rounds played at random: every number's thirteen tiles are laid, in the
    seat's hand or unseen; no seat is said to lack a number it holds; the fold reads no
    drawn tile, and kept command by command it is the whole round's; a seat's view (panel
    included) is the same whatever the tiles it cannot see."""
    claims = 0
    for game in range(2):
        rng = random.Random(f"panel/{seats}/{game}")
        match, events = deal_round(new_match("mexican", seats, 5), f"panel/{seats}/{game}")
        deal_actions = actions_of(events)
        known = knowledge_advance("mexican", knowledge_fresh("mexican", seats), None, deal_actions)
        dealt, dealt_known, played = match, known, []
        while True:
            rnd = match.round
            laid = [(rnd.engine, rnd.engine), *(car for cars in rnd.trains for car in cars)]
            for seat in (*range(seats), None):
                seen = view(match, seat, shown=known)
                panel = seen["round"]["public"]
                assert [entry["number"] for entry in panel] == list(range(13))
                hand = rnd.hands[seat] if seat is not None else ()
                for entry in panel:
                    n = entry["number"]
                    assert entry["on_line"] + entry["in_hand"] + entry["unseen"] == 13  # R70
                    assert entry["on_line"] == sum(1 for tile in laid if n in tile)
                    assert entry["in_hand"] == sum(1 for tile in hand if n in tile)
                    assert seat not in entry["none"]
                    for other in entry["none"]:
                        assert not any(n in tile for tile in rnd.hands[other]), (seats, game, other, n)
                        claims += 1
                if seat is not None and not rnd.result:
                    again = the_others_dealt_again(match, seat, rng)
                    assert json.dumps(view(again, seat, shown=known)) == json.dumps(seen)
            if match.status != PLAYING:
                break
            before = match
            match, events = apply(match, rng.choice(match.round.legal))
            step = actions_of(events)
            played += step
            known = knowledge_advance("mexican", known, before, step)
        assert knowledge_advance("mexican", dealt_known, dealt, blind(played)) == known
        assert knowledge_advance("mexican", dealt_known, dealt, played) == known
    assert claims > 0, "no seat ever showed a number it lacks: the panel's none went untested"
