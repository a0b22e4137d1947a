"""The public-information panel (games.rules.knowledge), from what R6 shows every seat:
"A pass is public: every seat sees which end numbers the player passed on (so it holds
none of them). The number of tiles a seat drew is public"."""

from __future__ import annotations

import pytest

from games.rules import apply, deal_round, new_match, table_play, view
from games.rules.knowledge import advance, fresh, public_info, shown_none
from games.rules.record import event_action
from games.rules.variants import VARIANTS  # the line family's (its tests)

SEEDS = [f"knowledge-{i}" for i in range(25)]


def rounds_of(variant: str):
    """Every state of 25 rounds of ``variant``, with the round's actions up to it."""
    rules = VARIANTS[variant]
    for seed in SEEDS:
        match, events = deal_round(new_match(variant, rules.max_seats), seed)
        actions = [a for a in (event_action(e, rules.wild_blanks) for e in events) if a]
        yield match, list(actions)
        while match.status == "playing":
            match, events = apply(match, table_play(match))
            actions += [a for a in (event_action(e, rules.wild_blanks) for e in events) if a]
            yield match, list(actions)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_r6_what_a_seat_showed_it_holds_none_of_it_truly_holds_none_of(variant):
    shown = 0
    for match, actions in rounds_of(variant):
        none = shown_none(variant, match.seats, actions)
        for seat, numbers in enumerate(none):
            for number in numbers:
                assert all(number not in tile for tile in match.round.hands[seat]), (variant, seat, number)
            shown += len(numbers)
    if VARIANTS[variant].draws or variant in ("block", "partners"):
        assert shown > 0, "no seat ever showed a number it lacks in 25 rounds"


@pytest.mark.parametrize("variant", ["draw", "block", "family", "all_fives"])
def test_each_numbers_seven_tiles_are_on_the_line_in_the_hand_or_unseen(variant):
    for match, actions in rounds_of(variant):
        none = shown_none(variant, match.seats, actions)
        for seat in (0, None):
            panel = public_info(match, seat, none)
            assert [entry["number"] for entry in panel] == list(range(7))
            line = match.round.line.tiles() if match.round.line else []
            for entry in panel:
                n = entry["number"]
                assert entry["on_line"] + entry["in_hand"] + entry["unseen"] == 7
                assert entry["on_line"] == sum(1 for t in line if n in t)
                hand = match.round.hands[seat] if seat is not None else ()
                assert entry["in_hand"] == sum(1 for t in hand if n in t)
                assert seat not in entry["none"]


def test_a_draw_forgets_what_the_seat_showed_before_but_what_it_drew_on():
    """Drawing brings new tiles: the numbers shown missing before may be in them now."""
    actions = [
        {"seat": 0, "play": "1-2"},
        {"seat": 1, "pass": True},  # holds no 1, no 2
        {"seat": 0, "play": "2-3", "end": "right"},  # ends 1 and 3
        {"seat": 1, "draw": "5-6"},  # draws on 1 and 3: the 2 it lacked may have come
        {"seat": 1, "draw": "3-4"},  # this one fits: until it is laid, the seat holds a 3
    ]
    assert shown_none("draw", 2, actions)[1] == set()
    none = shown_none("draw", 2, [*actions, {"seat": 1, "play": "3-4", "end": "right"}])
    assert none[1] == {1, 3}
    none = shown_none("draw", 2, actions[:2])
    assert none[1] == {1, 2}


def test_with_wild_blanks_a_seat_that_cannot_play_holds_no_blank():
    drew = [{"seat": 0, "play": "5-5"}, {"seat": 1, "draw": "1-2"}, {"seat": 1, "pass": True}]
    none = shown_none("family", 4, drew)
    assert none[1] == {0, 5}


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("seats", ["min", "max"])
def test_what_is_known_kept_command_by_command_is_what_the_whole_round_shows(variant, seats):
    """The services keep the round's knowledge on the game and advance it by each
    command's actions, from the line as it stood before them: the same as reading the
    whole round's actions again, at every command, with random choices."""
    import random

    rules = VARIANTS[variant]
    rng = random.Random(variant + seats)
    count = rules.min_seats if seats == "min" else rules.max_seats
    for seed in SEEDS[:10]:
        match, events = deal_round(new_match(variant, count), seed)
        actions = [a for a in (event_action(e, rules.wild_blanks) for e in events) if a]
        known = advance(variant, fresh(count), None, actions)
        while match.status == "playing":
            before = match
            match, events = apply(match, rng.choice(match.round.legal))
            step = [a for a in (event_action(e, rules.wild_blanks) for e in events) if a]
            actions += step
            known = advance(variant, known, before.round.line, step)
            assert [set(n) for n in known["none"]] == shown_none(variant, count, actions)


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_a_seats_view_carries_its_panel_from_what_the_round_has_shown(variant):
    """The engine's view is the seat's whole view: the panel is in it, from the round's
    knowledge as kept on the game (``advance``'s ``none``); none given, nothing shown."""
    showed = 0
    for match, actions in rounds_of(variant):
        known = advance(variant, fresh(match.seats), None, actions)
        none = [set(numbers) for numbers in known["none"]]
        showed += sum(len(numbers) for numbers in none)
        for seat in (*range(match.seats), None):
            assert view(match, seat, shown=known["none"])["round"]["public"] == public_info(match, seat, none)
            empty = [set() for _ in range(match.seats)]
            assert view(match, seat)["round"]["public"] == public_info(match, seat, empty)
    assert showed > 0, "no seat ever showed a number it lacks: the panel's ``none`` went untested"
