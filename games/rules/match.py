"""A match: rounds, openers, forced actions, round ends and targets (R5, R7-R10, R20-R23, R9, R30-R35).

``apply(match, action)`` takes a player's play and returns the new match and the
events it caused, the table's forced actions (R5) included: every state it
returns is either over or waiting for a seat that has a real choice.
"""

from __future__ import annotations

from operator import add
from typing import Any

from .deal import check_deal, deal
from .errors import RuleError
from .line import Line, count, lone_double, open_line, place
from .round import can_play, legal_plays, open_options, resolve_play
from .scoring import match_winner, play_points, round_end
from .state import OVER, PASS, PLAY, PLAYING, READY, ROUND_OVER, Action, Match, Round, Winner, winner_json
from .tiles import DOUBLES, TILE_TEXT, Tile, hand_pips, weight
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
    rules.check_seats(seats)
    if target == "default":
        target = rules.default_target
    elif target is not None:
        rules.check_target(target)
    assert target is None or isinstance(target, int)
    return Match(variant, seats, target, (0,) * rules.sides(seats))


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
        doubles = [t for t in held if t in DOUBLES]
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

    The deal is refused (RuleError ``bad_deal``) unless it is 28 distinct tiles
    in hands of the variant's size that the rules would not deal again.
    """
    _check_can_start(match)
    rules = get_ruleset(match.variant)
    hands = tuple(tuple(sorted(h)) for h in hands)
    stock = tuple(stock)
    check_deal(rules, match.seats, hands, stock)
    return _start(rules, match, hands, stock)


def deal_round(match: Match, seed: str) -> tuple[Match, list[Event]]:
    """Start the next round with the deal of ``seed`` (R12)."""
    _check_can_start(match)
    rules = get_ruleset(match.variant)
    dealt = deal(seed, rules, match.seats)  # a valid deal by construction
    return _start(rules, match, dealt.hands, dealt.stock)


def _check_can_start(match: Match) -> None:
    if match.status not in (READY, ROUND_OVER):
        raise RuleError(
            "round_in_play" if match.status == PLAYING else "match_over", "no round can start now"
        )


def _start(
    rules: Ruleset, match: Match, hands: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...]
) -> tuple[Match, list[Event]]:
    previous = match.round
    number = previous.number + 1 if previous else 1
    opener, forced = _opening(rules, number, previous, hands)
    seats = match.seats
    legal = legal_plays(opener, hands[opener], None, rules.wild_blanks) if forced is None else ()
    rnd = Round(
        number,
        hands,
        stock,
        line=None,
        turn=opener,
        opener=opener,
        passes=((),) * seats,
        draws=(0,) * seats,
        points=(0,) * rules.sides(seats),
        legal=legal,
    )
    match = Match(match.variant, seats, match.target, match.scores, rnd, PLAYING, None)
    events: list[Event] = [
        {
            "type": "round_started",
            "round": number,
            "opener": opener,
            "hand_sizes": [len(h) for h in hands],
            "stock_size": len(stock) if rules.draws else 0,
        }
    ]
    if forced is not None:
        match = _lay(rules, match, Action(PLAY, opener, forced), True, events)
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


def apply(match: Match, action: Action) -> tuple[Match, list[Event]]:
    """Apply a player's action; raise RuleError (nothing changes) if it is illegal."""
    if match.status != PLAYING:
        if match.status == OVER:
            raise RuleError("match_over", "the match is over")
        raise RuleError("no_round", "no round is in play")
    rnd = match.round
    assert rnd is not None
    if action.seat != rnd.turn:
        raise RuleError("not_your_turn", f"it is seat {rnd.turn}'s turn, not seat {action.seat}'s")
    rules = VARIANTS[match.variant]
    if action not in rnd.legal:  # not a complete legal play: work out what it means, or why not
        if action.kind != PLAY:
            # In every state apply() returns, the seat to act holds a tile that fits (R4, R5).
            raise RuleError(
                "must_play" if action.kind == PASS else "cannot_draw",
                f"seat {action.seat} holds a tile that fits and must play it (R4)",
            )
        action = resolve_play(action, rnd.hands[rnd.turn], rnd.line, rules.wild_blanks)
    events: list[Event] = []
    return _lay(rules, match, action, False, events), events


def _lay(rules: Ruleset, match: Match, play: Action, forced: bool, events: list[Event]) -> Match:
    """Lay a tile, score it, and go on to the next seat with a choice, or end the round.

    This is the engine's hot path: it builds each new tuple once.
    """
    variant, seats, target, scores, rnd = match[:5]
    assert rnd is not None
    number, hands, stock, line, _, opener, _, passes, draws, round_points = rnd[:10]
    _, seat, tile, end, opened = play
    assert tile is not None
    new_hands = list(hands)
    rest = list(hands[seat])
    rest.remove(tile)
    new_hands[seat] = hand = tuple(rest)
    hands = tuple(new_hands)
    # What the journal needs to say of the play (and no more): whether the player chose
    # which number stays open (R22), and whether the end named made no difference (a tile
    # laid beside a lone opening double, whose two sides are alike).
    said: dict[str, bool] = {}
    if line is None:
        line = open_line(tile, rules.spinner)
    else:
        assert end is not None and opened is not None
        if rules.wild_blanks and len(open_options(tile, line.ends_dict()[end], True)) > 1:
            said["open_chosen"] = True
        if lone_double(line):
            said["either_end"] = True
        line = place(line, end, tile[0] if opened == tile[1] else tile[1], opened, rules.spinner)
    points = 0
    side = seat
    if rules.play_points:
        side = rules.side_of(seat)
        points = play_points(rules, line, not hand, scores[side], target)
        if points:
            scores = scores[:side] + (scores[side] + points,) + scores[side + 1 :]
            round_points = round_points[:side] + (round_points[side] + points,) + round_points[side + 1 :]
    events.append(
        {
            "type": "play",
            "seat": seat,
            "tile": TILE_TEXT[tile],
            "end": end,
            "open": opened,
            "points": points,
            "forced": forced,
            **said,
        }
    )
    result = ""
    legal: tuple[Action, ...] = ()
    turn = (seat + 1) % seats
    ends = line.ends
    if not hand:
        result = "domino"  # R7, and R8's last sentence: a domino wins over a block
    elif rules.closed_rounds and ends[0][1] == ends[1][1] and _closed(line):
        result = "closed"  # R23
    else:
        legal = legal_plays(turn, hands[turn], line, rules.wild_blanks)
        if not legal:
            numbers = line.end_numbers()
            if (rules.no_fit == NO_FIT_PASS or not stock) and _blocked(hands, numbers, rules.wild_blanks):
                result = "blocked"  # R8
    rnd = _new(  # Round(...) without the keyword handling
        Round,
        (
            number,
            hands,
            stock,
            line,
            seat if result else turn,
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
    )
    match = _new(Match, (variant, seats, target, scores, rnd, PLAYING, None))
    if points and rules.ends_at_once and target is not None and scores[side] >= target:
        return _end_match_during_round(rules, match, result, events)  # R34, R35
    if result:
        return _end_round(rules, match, result, events)
    if legal:
        return match
    return _settle(rules, match, events, numbers)


def _closed(line: Line) -> bool:
    """R23: both ends show the same number and its seven tiles are all on the line."""
    (_, left), (_, right) = line.ends[:2]
    if left != right:
        return False
    return sum(1 for a, b in line.tiles() if a == left or b == left) == 7


def _blocked(hands: tuple[tuple[Tile, ...], ...], numbers: frozenset[int], wild: bool) -> bool:
    """R8: no seat holds a tile that fits the ends showing ``numbers`` (the caller checks
    that nothing can be drawn)."""
    for hand in hands:
        if can_play(hand, numbers, wild):
            return False
    return True


def _settle(rules: Ruleset, match: Match, events: list[Event], numbers: frozenset[int]) -> Match:
    """Play the table's forced draws and passes (R5, R20, R21) until a seat has a choice.

    The seat to act holds no tile that fits the ends, which show ``numbers``.
    """
    rnd = match.round
    assert rnd is not None and rnd.line is not None
    line = rnd.line
    passed = sorted(numbers)
    wild = rules.wild_blanks
    seats = match.seats
    hands, stock, seat, drawn, passes, draws = (
        rnd.hands,
        rnd.stock,
        rnd.turn,
        rnd.drawn,
        rnd.passes,
        rnd.draws,
    )
    draw_one = rules.no_fit == DRAW_ONE
    passes_in_a_row = 0
    while True:
        if rules.no_fit == NO_FIT_PASS or not stock or (draw_one and drawn):
            events.append({"type": "pass", "seat": seat, "ends": list(passed), "forced": True})
            if not numbers.issubset(passes[seat]):
                known = tuple(sorted(numbers.union(passes[seat])))
                passes = passes[:seat] + (known,) + passes[seat + 1 :]
            seat = (seat + 1) % seats
            drawn = 0
            passes_in_a_row += 1
            # Unreachable while R8 is detected where it arises; a loud failure beats a hang.
            assert passes_in_a_row <= seats, "every seat passed: the round should have ended blocked"
        else:
            tile = stock[0]
            stock = stock[1:]
            hands = hands[:seat] + (tuple(sorted(hands[seat] + (tile,))),) + hands[seat + 1 :]
            draws = draws[:seat] + (draws[seat] + 1,) + draws[seat + 1 :]
            drawn += 1
            passes_in_a_row = 0
            events.append({"type": "draw", "seat": seat, "tile": TILE_TEXT[tile], "forced": True})
            if not stock and _blocked(hands, numbers, wild):
                rnd = rnd._replace(
                    hands=hands, stock=stock, turn=seat, drawn=drawn, passes=passes, draws=draws
                )
                return _end_round(rules, match._replace(round=rnd), "blocked", events)
        legal = legal_plays(seat, hands[seat], line, wild)
        if legal:
            rnd = _new(
                Round,
                (rnd[0], hands, stock, line, seat, rnd.opener, drawn, passes, draws) + rnd[9:13] + (legal,),
            )
            return _new(Match, match[:4] + (rnd,) + match[5:])


def _round_over_event(rnd: Round) -> Event:
    return {
        "type": "round_over",
        "round": rnd.number,
        "result": rnd.result,
        "winner": winner_json(rnd.winner),
        "points": list(rnd.points),
        "pips_left": [hand_pips(h) for h in rnd.hands],
        "hands": [list(map(TILE_TEXT.__getitem__, h)) for h in rnd.hands],
    }


def _end_round(rules: Ruleset, match: Match, result: str, events: list[Event]) -> Match:
    rnd = match.round
    assert rnd is not None
    winner, awarded = round_end(rules, rnd.hands, result, rnd.last, rnd.opener)
    scores = tuple(map(add, match.scores, awarded))
    rnd = _new(Round, rnd[:9] + (tuple(map(add, rnd.points, awarded)), rnd.last, result, winner, ()))
    event = _round_over_event(rnd)
    if rules.scoring == "all_fives" and winner is not None:
        # R34: the difference of the hands, and what it scored once rounded to a multiple of 5.
        pips = event["pips_left"]
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
    events.append(_round_over_event(rnd))
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
