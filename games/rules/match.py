"""A match: rounds, openers, forced actions, round ends and targets (R5, R7-R10, R20-R23, R9, R30-R35).

``apply(match, action)`` takes a player's play and returns the new match and the
events it caused, the table's forced actions (R5) included: every state it
returns is either over or waiting for a seat that has a real choice.
"""

from __future__ import annotations

from operator import add
from typing import Any

from .common import check_can_start, check_turn, new_target
from .deal import check_deal, deal_with_masks
from .errors import RuleError
from .line import END_NAMES, Half, Line, count, open_line, place
from .round import (
    BIT,
    HAS,
    can_play,
    every_play,
    legal_on_two_ends,
    legal_plays,
    mask,
    open_options,
    opening_play,
    resolve_play,
)
from .scoring import match_winner, play_points, round_end
from .state import OVER, PLAYING, ROUND_OVER, Action, Match, Round, Winner, winner_json
from .tiles import TILE_TEXT, Tile, hand_pips, weight
from .variants import (
    DAILY_ROUNDS,
    DOUBLE_EVERY_ROUND,
    DRAW_ONE,
    FORCED_EVERY_ROUND,
    FORCED_FIRST_ROUND,
    PASS as NO_FIT_PASS,
    SIX_SIX_FIRST_ROUND,
    VARIANTS,
    Ruleset,
    get_ruleset,
)

Event = dict[str, Any]
_new = tuple.__new__


def new_match(variant: str, seats: int, target: int | None | str = "default") -> Match:
    """A match waiting for its first deal. ``target=None``: the daily challenge's five rounds."""
    rules = get_ruleset(variant)
    return Match(variant, seats, new_target(rules, seats, target), (0,) * rules.sides(seats))


def _opening(
    rules: Ruleset, number: int, previous: Round | None, hands: tuple[tuple[Tile, ...], ...]
) -> tuple[int, Tile | None]:
    """The opener of a round and the tile it must lay, or None if it chooses (R10)."""
    seats = len(hands)
    forced = rules.opening in (FORCED_EVERY_ROUND, DOUBLE_EVERY_ROUND) or (
        rules.opening == FORCED_FIRST_ROUND and number == 1
    )
    if forced:
        held = [t for h in hands for t in h]
        doubles = [t for t in held if t[0] == t[1]]
        tile = max(doubles) if doubles else max(held, key=weight)
        opener = next(s for s in range(seats) if tile in hands[s])
        return opener, tile
    if rules.opening == SIX_SIX_FIRST_ROUND and number == 1:
        return next(s for s in range(seats) if (6, 6) in hands[s]), None
    assert previous is not None
    return (previous.opener + 1) % seats, None


def start_round(
    match: Match, hands: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...]
) -> tuple[Match, list[Event]]:
    """Deal the next round with these hands and stock, and play the table's forced actions.

    The deal is refused (RuleError ``bad_deal``) unless it is the set's tiles (28, or
    91 on the double-twelve set), each once, in hands of the variant's size that the
    rules would not deal again.
    """
    check_can_start(match)
    rules = get_ruleset(match.variant)
    hands = tuple(tuple(sorted(h)) for h in hands)
    stock = tuple(stock)
    check_deal(rules, match.seats, hands, stock)
    return _start(rules, match, hands, stock, [mask(h) for h in hands])


def deal_round(match: Match, seed: str) -> tuple[Match, list[Event]]:
    """Start the next round with the deal of ``seed`` (R12)."""
    check_can_start(match)
    rules = get_ruleset(match.variant)
    dealt, masks = deal_with_masks(seed, rules, match.seats)  # a valid deal by construction
    return _start(rules, match, dealt.hands, dealt.stock, masks)


def _start(
    rules: Ruleset,
    match: Match,
    hands: tuple[tuple[Tile, ...], ...],
    stock: tuple[Tile, ...],
    masks: list[int],
) -> tuple[Match, list[Event]]:
    previous = match.round
    number = previous.number + 1 if previous else 1
    opener, forced = _opening(rules, number, previous, hands)
    seats = match.seats
    legal = legal_plays(opener, hands[opener], None, rules.wild_blanks) if forced is None else ()
    rnd = _new(
        Round,
        (
            number,
            hands,
            stock,
            None,
            opener,
            opener,
            0,
            ((),) * seats,
            (0,) * seats,
            (0,) * rules.sides(seats),
            -1,
            "",
            None,
            legal,
        ),
    )
    match = _new(Match, (match.variant, seats, match.target, match.scores, rnd, PLAYING, None))
    events: list[Event] = [
        {
            "type": "round_started",
            "round": number,
            "opener": opener,
            "hand_sizes": list(map(len, hands)),
            "stock_size": len(stock) if rules.draws else 0,
        }
    ]
    if forced is not None:
        match = _lay(rules, match, opening_play(opener, forced), True, events, masks)
    _keep(match, masks)
    return match, events


def legal_actions(match: Match) -> list[Action]:
    """The plays open to the seat whose turn it is (none when no round is in play)."""
    if match.status != PLAYING:
        return []
    rnd = match.round
    assert rnd is not None
    return list(rnd.legal)


def table_play(match: Match) -> Action:
    """What the table plays for a seat whose clock ran out (R52).

    The first tile of its hand (in the order the hand is shown) that fits, on the
    first end it fits (left, right, up, down), attached by its first-written half
    when either half could attach (R22). Forced actions need no choosing: the
    engine has already done them.
    """
    if match.status != PLAYING:
        raise RuleError("no_round", "no round is in play")
    assert match.round is not None
    return match.round.legal[0]  # legal_plays lists plays in exactly that order


class _Working:
    """The tiles of each hand of one state as ints (``round.mask``), kept from one
    ``apply`` to the next: the part of a round that is cheaper to update than to work
    out again. It describes ``match`` and nothing else; the states themselves never
    change."""

    __slots__ = ("match", "masks")

    def __init__(self, match: Match | None, masks: list[int]) -> None:
        self.match = match
        self.masks = masks


_WORKING: list[_Working] = []
"""The working copies of the last states returned, for the next ``apply`` on any of them.

A copy is taken off this list for the length of an ``apply`` (``list.pop`` is atomic),
so no two calls ever change the same one; any other state gets its masks worked out
again from its hands."""
_WORKING_KEPT = 4


def _keep(match: Match, masks: list[int]) -> None:
    if len(_WORKING) < _WORKING_KEPT:
        _WORKING.append(_Working(match, masks))


def apply(match: Match, action: Action) -> tuple[Match, list[Event]]:
    """Apply a player's action; raise RuleError (nothing changes) if it is illegal."""
    rnd = match[4]
    if rnd is None or action not in rnd[13]:
        # Not one of the plays listed in the state: say why not, or work out what it means.
        action = _check(match, action)
    try:
        work = _WORKING.pop()
    except IndexError:
        work = _Working(None, [])
    if work.match is not match:
        work.masks = [mask(h) for h in match[4][1]]  # type: ignore[index]
    events: list[Event] = []
    work.match = match = _lay(VARIANTS[match[0]], match, action, False, events, work.masks)
    if len(_WORKING) < _WORKING_KEPT:
        _WORKING.append(work)
    return match, events


def _check(match: Match, action: Action) -> Action:
    """The complete legal play ``action`` stands for, or a RuleError saying why there is none."""
    rnd: Round = check_turn(match, action, "play it (R4)")
    return resolve_play(action, rnd.hands[rnd.turn], rnd.line, VARIANTS[match.variant].wild_blanks)


Plan = tuple[Event, int, tuple[Half, ...], tuple[str, int], int]


def _plan(play: Action) -> Plan:
    """What laying ``play`` does, worked out once: the event it makes (before its points and
    the journal's remarks), the arm it grows (1 to 4 for left to down, 0 for the opening
    tile), the arm's new outer tile as a one-tuple to append, the open end it leaves, and
    the tile's bit (``round.BIT``)."""
    _, seat, tile, end, opened = play
    assert tile is not None
    event: Event = {
        "type": "play",
        "seat": seat,
        "tile": TILE_TEXT[tile],
        "end": end,
        "open": opened,
        "points": 0,
        "forced": False,
    }
    if end is None:
        return event, 0, (), ("", 0), BIT[tile]  # an opening tile grows no arm
    assert opened is not None
    inner = tile[0] if opened == tile[1] else tile[1]
    return event, END_NAMES.index(end) + 1, ((inner, opened),), (end, opened), BIT[tile]


_PLANS = {id(play): _plan(play) for play in every_play()}
"""``_plan`` of every play a legal list can hold, by the identity of that (unique) Action."""


_FLAGS = {
    r.id: (r.spinner, r.wild_blanks, r.closed_rounds, bool(r.play_points), r.no_fit == NO_FIT_PASS)
    for r in VARIANTS.values()
}
"""What ``_lay`` asks of a variant's rules on every play, in one tuple."""


def _lay(
    rules: Ruleset, match: Match, play: Action, forced: bool, events: list[Event], masks: list[int]
) -> Match:
    """Lay a tile, score it, and go on to the next seat with a choice, or end the round.

    ``masks`` are the hands of ``match`` as ints; they are brought up to date with the
    state returned. This is the engine's hot path: it builds each new tuple once, and no
    tuple it does not keep.
    """
    variant, seats, target, scores, rnd = match[:5]
    number, hands, stock, line, _, opener, _, passes, draws, round_points = rnd[:10]  # type: ignore[index]
    spinner, wild, closed_rounds, scored, no_draw = _FLAGS[variant]
    template, arm, grown, end_pair, bit = _PLANS.get(id(play)) or _plan(play)
    seat = play[1]
    tile = play[2]
    rest = list(hands[seat])
    rest.remove(tile)
    new_hands = list(hands)
    new_hands[seat] = hand = tuple(rest)
    hands = tuple(new_hands)
    masks[seat] ^= bit
    event = template.copy()
    if forced:
        event["forced"] = True
    events.append(event)
    if line is None:
        line = open_line(tile, spinner)  # type: ignore[arg-type]
        ends = line[7]
    else:
        center, left, right, up, down, where, at, ends = line
        # What the journal needs to say of the play (and no more): whether the player chose
        # which number stays open (R22), and whether the end named made no difference (a tile
        # laid beside a lone opening double, whose two sides are alike).
        if wild and len(open_options(tile, dict(ends)[play[3]], True)) > 1:  # type: ignore[arg-type]
            event["open_chosen"] = True
        if not left and not right and center[0] == center[1]:
            event["either_end"] = True
        if spinner or where:
            line = place(line, play[3], grown[0][0], grown[0][1], spinner)  # type: ignore[arg-type]
            ends = line[7]
        elif arm == 1:  # with no spinner, the line has two ends, and only one changes
            ends = (end_pair, ends[1])
            line = _new(Line, (center, left + grown, right, up, down, where, at, ends))
        else:
            ends = (ends[0], end_pair)
            line = _new(Line, (center, left, right + grown, up, down, where, at, ends))
    turn = seat + 1
    if turn == seats:
        turn = 0
    plain = not wild and len(ends) == 2
    if scored:
        return _lay_scored(rules, match, line, hands, turn, plain, event, events, masks)
    if not hand:
        result = "domino"  # R7, and R8's last sentence: a domino wins over a block
    elif closed_rounds and ends[0][1] == ends[1][1] and _closed(line):
        result = "closed"  # R23
    else:
        if plain:
            legal = legal_on_two_ends(turn, masks[turn], ends[0][1], ends[1][1])
        else:
            legal = legal_plays(turn, hands[turn], line, wild)
        if legal:
            return _new(
                Match,
                (
                    variant,
                    seats,
                    target,
                    scores,
                    _new(  # Round(...) without the keyword handling
                        Round,
                        (
                            number,
                            hands,
                            stock,
                            line,
                            turn,
                            opener,
                            0,
                            passes,
                            draws,
                            round_points,
                            seat,
                            "",
                            None,
                            legal,
                        ),
                    ),
                    PLAYING,
                    None,
                ),
            )
        if (no_draw or not stock) and _blocked(hands, line, plain, masks, wild):
            result = "blocked"  # R8
        else:
            # The next seat has no tile that fits: the table plays its draws and passes.
            hands, stock, turn, drawn, passes, draws, legal = _settle(
                rules, seats, hands, stock, line, turn, passes, draws, plain, events, masks
            )
            rnd = _new(
                Round,
                (
                    number,
                    hands,
                    stock,
                    line,
                    turn,
                    opener,
                    drawn,
                    passes,
                    draws,
                    round_points,
                    seat,
                    "",
                    None,
                    legal,
                ),
            )
            match = _new(Match, (variant, seats, target, scores, rnd, PLAYING, None))
            return match if legal else _end_round(rules, match, "blocked", events)
    rnd = _new(
        Round, (number, hands, stock, line, seat, opener, 0, passes, draws, round_points, seat, "", None, ())
    )
    return _end_round(
        rules, _new(Match, (variant, seats, target, scores, rnd, PLAYING, None)), result, events
    )


def _lay_scored(
    rules: Ruleset,
    match: Match,
    line: Line,
    hands: tuple[tuple[Tile, ...], ...],
    turn: int,
    plain: bool,
    event: Event,
    events: list[Event],
    masks: list[int],
) -> Match:
    """The rest of ``_lay`` in the variants that score during play (R34, R35)."""
    variant, seats, target, scores, rnd = match[:5]
    number, _, stock, _, _, opener, _, passes, draws, round_points = rnd[:10]  # type: ignore[index]
    seat = event["seat"]
    hand = hands[seat]
    side = rules.side_of(seat)
    points = play_points(rules, line, not hand, scores[side], target)
    if points:
        event["points"] = points
        scores = scores[:side] + (scores[side] + points,) + scores[side + 1 :]
        round_points = round_points[:side] + (round_points[side] + points,) + round_points[side + 1 :]
    result = ""
    legal: tuple[Action, ...] = ()
    ends = line[7]
    wild = rules.wild_blanks
    if not hand:
        result = "domino"  # R7, and R8's last sentence: a domino wins over a block
    elif rules.closed_rounds and ends[0][1] == ends[1][1] and _closed(line):
        result = "closed"  # R23
    else:
        if plain:
            legal = legal_on_two_ends(turn, masks[turn], ends[0][1], ends[1][1])
        else:
            legal = legal_plays(turn, hands[turn], line, wild)
        if (
            not legal
            and (rules.no_fit == NO_FIT_PASS or not stock)
            and _blocked(hands, line, plain, masks, wild)
        ):
            result = "blocked"  # R8
    drawn = 0
    reached = points and target is not None and scores[side] >= target
    if not (result or legal or reached):
        # The next seat has no tile that fits: the table plays its draws and passes.
        hands, stock, turn, drawn, passes, draws, legal = _settle(
            rules, seats, hands, stock, line, turn, passes, draws, plain, events, masks
        )
        if not legal:
            result = "blocked"
    rnd = _new(
        Round,
        (
            number,
            hands,
            stock,
            line,
            seat if result and drawn == 0 else turn,
            opener,
            drawn,
            passes,
            draws,
            round_points,
            seat,
            "",
            None,
            legal,
        ),
    )
    match = _new(Match, (variant, seats, target, scores, rnd, PLAYING, None))
    if reached:
        return _end_match_during_round(rules, match, result, events)  # R34, R35
    if result:
        return _end_round(rules, match, result, events)
    return match


def _closed(line: Line) -> bool:
    """R23: both ends show the same number and its seven tiles are all on the line."""
    (_, left), (_, right) = line.ends[:2]
    if left != right:
        return False
    return sum(1 for a, b in line.tiles() if a == left or b == left) == 7


def _blocked(
    hands: tuple[tuple[Tile, ...], ...], line: Line, plain: bool, masks: list[int], wild: bool
) -> bool:
    """R8: no seat holds a tile that fits the ends of ``line`` (the caller checks that
    nothing can be drawn). ``plain``: two ends and no wild blanks, where ``masks`` tell."""
    ends = line[7]
    if plain:
        fits = HAS[ends[0][1]] | HAS[ends[1][1]]
        for tiles in masks:
            if tiles & fits:
                return False
        return True
    numbers = line.end_numbers()
    for hand in hands:
        if can_play(hand, numbers, wild):
            return False
    return True


def _settle(
    rules: Ruleset,
    seats: int,
    hands: tuple[tuple[Tile, ...], ...],
    stock: tuple[Tile, ...],
    line: Line,
    seat: int,
    passes: tuple[tuple[int, ...], ...],
    draws: tuple[int, ...],
    plain: bool,
    events: list[Event],
    masks: list[int],
) -> tuple[
    tuple[tuple[Tile, ...], ...],
    tuple[Tile, ...],
    int,
    int,
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[Action, ...],
]:
    """Play the table's forced draws and passes (R5, R20, R21) until a seat has a choice.

    ``seat`` holds no tile that fits the ends of ``line``. Returns the hands, stock, seat
    to act, tiles it drew this turn, passes, draws and its legal plays; no legal plays:
    the stock ran out and the round is blocked (R8).
    """
    numbers = line.end_numbers()
    passed = sorted(numbers)
    wild = rules.wild_blanks
    ends = line[7]
    draw_one = rules.no_fit == DRAW_ONE
    no_draw = rules.no_fit == NO_FIT_PASS
    drawn = 0
    passes_in_a_row = 0
    while True:
        if no_draw or not stock or (draw_one and drawn):
            events.append({"type": "pass", "seat": seat, "ends": list(passed), "forced": True})
            if not numbers.issubset(passes[seat]):
                known = tuple(sorted(numbers.union(passes[seat])))
                passes = passes[:seat] + (known,) + passes[seat + 1 :]
            seat += 1
            if seat == seats:
                seat = 0
            drawn = 0
            passes_in_a_row += 1
            # Unreachable while R8 is detected where it arises; a loud failure beats a hang.
            assert passes_in_a_row <= seats, "every seat passed: the round should have ended blocked"
        else:
            tile = stock[0]
            stock = stock[1:]
            hands = hands[:seat] + (tuple(sorted(hands[seat] + (tile,))),) + hands[seat + 1 :]
            masks[seat] |= BIT[tile]
            draws = draws[:seat] + (draws[seat] + 1,) + draws[seat + 1 :]
            drawn += 1
            passes_in_a_row = 0
            events.append({"type": "draw", "seat": seat, "tile": TILE_TEXT[tile], "forced": True})
            if not stock and _blocked(hands, line, plain, masks, wild):
                return hands, stock, seat, drawn, passes, draws, ()
        if plain:
            legal = legal_on_two_ends(seat, masks[seat], ends[0][1], ends[1][1])
        else:
            legal = legal_plays(seat, hands[seat], line, wild)
        if legal:
            return hands, stock, seat, drawn, passes, draws, legal


def _round_over_event(rnd: Round, pips: list[int]) -> Event:
    return {
        "type": "round_over",
        "round": rnd.number,
        "result": rnd.result,
        "winner": winner_json(rnd.winner),
        "points": list(rnd.points),
        "pips_left": pips,
        "hands": [list(map(TILE_TEXT.__getitem__, h)) for h in rnd.hands],
    }


def _end_round(rules: Ruleset, match: Match, result: str, events: list[Event]) -> Match:
    rnd = match.round
    assert rnd is not None
    pips = list(map(hand_pips, rnd.hands))
    winner, awarded = round_end(rules, rnd.hands, result, rnd.last, rnd.opener, pips)
    scores = tuple(map(add, match.scores, awarded))
    rnd = _new(Round, rnd[:9] + (tuple(map(add, rnd.points, awarded)), rnd.last, result, winner, ()))
    event = _round_over_event(rnd, pips[:])
    if rules.scoring == "all_fives" and winner is not None:
        # R34: the difference of the hands, and what it scored once rounded to a multiple of 5.
        event["difference"] = {"pips": abs(pips[0] - pips[1]), "scored": max(awarded)}
    events.append(event)
    status, won = ROUND_OVER, None
    if match.target is None:
        if rnd.number >= DAILY_ROUNDS:
            status = OVER
    else:
        won = match_winner(rules, scores, match.target)
        if won is not None:
            status = OVER
    if status == OVER:
        events.append({"type": "match_over", "winner": winner_json(won), "scores": list(scores)})
    return _new(Match, (match.variant, match.seats, match.target, scores, rnd, status, won))


def _end_match_during_round(rules: Ruleset, match: Match, result: str, events: list[Event]) -> Match:
    """R34, R35: a side reached the target by a play; nothing more is scored."""
    rnd = match.round
    assert rnd is not None and match.target is not None
    winner: Winner = None
    if result:
        winner, _ = round_end(rules, rnd.hands, result, rnd.last, rnd.opener)
    rnd = rnd._replace(result=result or "unfinished", winner=winner, legal=())
    side = rules.side_of(rnd.last)
    match = match._replace(round=rnd, status=OVER, winner=side)
    events.append(_round_over_event(rnd, list(map(hand_pips, rnd.hands))))
    events.append({"type": "match_over", "winner": side, "scores": list(match.scores)})
    return match


def current_count(match: Match) -> int | None:
    """The count of the open ends (R41), in the variants that score it."""
    rnd = match.round
    if rnd is None or rnd.line is None or not get_ruleset(match.variant).play_points:
        return None
    return count(rnd.line)


__all__ = [
    "apply",
    "table_play",
    "current_count",
    "deal_round",
    "legal_actions",
    "new_match",
    "start_round",
]
