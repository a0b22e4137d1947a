"""Train mexicain's play: deals, legal plays, actions and their forced sequels (R71–R75, R77)."""

from __future__ import annotations

from typing import Any

from ..common import check_can_start, new_target
from ..errors import RuleError
from ..state import winner_json
from .deal import check_deal, deal, engine_of
from .state import (
    DRAW,
    MEXICAN,
    MEXICAN_NAME,
    OVER,
    PASS,
    PLAY,
    PLAYING,
    ROUND_OVER,
    Action,
    Match,
    Round,
    Winner,
    get_ruleset,
    train_name,
)
from .tiles import TILE_TEXT, Tile, hand_pips

Event = dict[str, Any]


def new_match(variant: str, seats: int, target: int | str | None = "default") -> Match:
    """A match waiting for its first deal; ``target`` is its number of rounds (R71)."""
    rules = get_ruleset(variant)
    return Match(variant, seats, new_target(rules, seats, target), (0,) * seats)


def _check_can_start(match: Match) -> int:
    """The number of the round that may start now."""
    check_can_start(match)
    return match.round.number + 1 if match.round else 1


def deal_round(match: Match, seed: str) -> tuple[Match, list[Event]]:
    """Start the next round with the deal of ``seed`` (R12, R71) and play its forced actions."""
    number = _check_can_start(match)
    dealt = deal(seed, get_ruleset(match.variant), match.seats, number)
    return _start(match, number, dealt.hands, dealt.stock)


def start_round(
    match: Match, hands: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...]
) -> tuple[Match, list[Event]]:
    """Start the next round with these hands and stock (a record's deal), refusing
    (RuleError ``bad_deal``) anything but the 90 tiles around its engine in hands of the
    variant's size."""
    number = _check_can_start(match)
    hands = tuple(tuple(sorted(h)) for h in hands)
    stock = tuple(stock)
    check_deal(get_ruleset(match.variant), match.seats, engine_of(number), hands, stock)
    return _start(match, number, hands, stock)


def _start(
    match: Match, number: int, hands: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...]
) -> tuple[Match, list[Event]]:
    seats = match.seats
    opener = (number - 1) % seats  # R71
    engine = engine_of(number)
    rnd = Round(
        number=number,
        engine=engine,
        hands=hands,
        stock=stock,
        trains=((),) * (seats + 1),
        markers=(False,) * seats,
        double=-1,
        turn=opener,
        opener=opener,
        draws=(0,) * seats,
        passes=(0,) * seats,
        points=(0,) * seats,
    )
    match = Match(match.variant, seats, match.target, match.scores, rnd, PLAYING, None)
    events: list[Event] = [
        {
            "type": "round_started",
            "round": number,
            "opener": opener,
            "engine": TILE_TEXT[(engine, engine)],
            "hand_sizes": [len(h) for h in hands],
            "stock_size": len(stock),
        }
    ]
    return _settle(match, rnd, opener, events), events


def open_trains(rnd: Round, seat: int) -> tuple[int, ...]:
    """The trains (indices into ``rnd.trains``) ``seat`` may play on now, in R77's order:
    its own, the Mexican train, then the others whose marker is up by seat order (R72);
    only the uncovered double's train while there is one (R74)."""
    if rnd.double >= 0:
        return (rnd.double,)
    seats = len(rnd.markers)
    return (seat, seats) + tuple(t for t in range(seats) if t != seat and rnd.markers[t])


def plays(rnd: Round, seat: int) -> tuple[Action, ...]:
    """The plays open to ``seat``, tile by tile of its hand, each tile's trains in R77's order."""
    seats = len(rnd.markers)
    trains = [(t, rnd.end(t)) for t in open_trains(rnd, seat)]
    out = []
    for tile in rnd.hands[seat]:
        a, b = tile
        for t, end in trains:
            if a == end or b == end:
                out.append(Action(PLAY, seat, tile, MEXICAN if t == seats else t))
    return tuple(out)


def legal_actions(match: Match) -> list[Action]:
    """The plays open to the seat whose turn it is (none when no round is in play)."""
    if match.status != PLAYING or match.round is None:
        return []
    return list(match.round.legal)


def table_play(match: Match) -> Action:
    """What the table plays for a seat whose clock ran out (R52, R77): the first tile of the
    hand that fits, on the first train it fits in the order own, Mexican, the others by seat."""
    legal = legal_actions(match)
    if not legal:
        raise RuleError("no_round", "no round is in play")
    return legal[0]


def _blocked(rnd: Round) -> bool:
    """R75: the stock is empty and no seat could play even with every marker up."""
    if rnd.stock:
        return False
    if rnd.double >= 0:
        numbers = {rnd.end(rnd.double)}
    else:
        numbers = {rnd.end(t) for t in range(len(rnd.trains))}
    return not any(a in numbers or b in numbers for hand in rnd.hands for a, b in hand)


def _check(match: Match, action: Action) -> tuple[Tile, int]:
    """The tile and train (index into ``trains``) of a legal play; RuleError otherwise."""
    rnd = match.round
    if match.status != PLAYING or rnd is None:
        raise RuleError("no_round", "no round is in play")
    seats = match.seats
    if type(action.seat) is not int or not 0 <= action.seat < seats:
        raise RuleError("bad_seat", f"there is no seat {action.seat!r} at {seats} seats")
    if action.seat != rnd.turn:
        raise RuleError("not_your_turn", f"it is seat {rnd.turn}'s turn, not seat {action.seat}'s")
    if action.kind != PLAY:
        # The table draws and passes for a seat with nothing to play (R5): the seat to act has a play.
        raise RuleError("must_play", f"seat {action.seat} has a tile to play: it may not {action.kind}")
    tile = action.tile
    if tile is None or tile not in rnd.hands[action.seat]:
        shown = "nothing" if tile is None else TILE_TEXT.get(tile, repr(tile))
        raise RuleError("tile_not_in_hand", f"seat {action.seat} does not hold {shown}")
    if action.train is None:
        trains = {a.train for a in rnd.legal if a.tile == tile}
        if len(trains) != 1:
            raise RuleError(
                "train_needed" if trains else "tile_does_not_fit",
                f"{TILE_TEXT[tile]} fits {len(trains)} trains: say which"
                if trains
                else f"{TILE_TEXT[tile]} fits no train seat {action.seat} may play on",
            )
        (train,) = trains
    else:
        train = action.train
    if type(train) is not int or not (train == MEXICAN or 0 <= train < seats):
        raise RuleError("bad_train", f"there is no train {train!r} at {seats} seats")
    index = seats if train == MEXICAN else train
    if rnd.double >= 0 and index != rnd.double:
        raise RuleError(
            "double_uncovered",
            f"the double on train {train_name(rnd.double if rnd.double < seats else MEXICAN)} "
            "must be covered first (R74)",
        )
    if index != rnd.double and index not in (action.seat, seats) and not rnd.markers[index]:
        raise RuleError(
            "train_closed", f"seat {index}'s marker is down: its train is closed to seat {action.seat} (R72)"
        )
    end = rnd.end(index)
    if end not in tile:
        raise RuleError(
            "tile_does_not_fit",
            f"{TILE_TEXT[tile]} does not fit train {train_name(train)}, which shows {end}",
        )
    return tile, index


def apply(match: Match, action: Action) -> tuple[Match, list[Event]]:
    """Play ``action`` (a seat's play), then the forced draws and passes that follow (R5, R73)."""
    tile, index = _check(match, action)
    before = match.round
    assert before is not None
    seats = match.seats
    seat = action.seat
    rnd = lay(before, seat, tile, index)
    event: Event = {
        "type": "play",
        "seat": seat,
        "tile": TILE_TEXT[tile],
        "train": MEXICAN_NAME if index == seats else index,
        "end": rnd.end(index),
        "forced": False,
    }
    if index == before.double:
        event["covers"] = True
    events: list[Event] = [event]
    is_double = tile[0] == tile[1]
    if not rnd.hands[seat]:
        return _end_round(match, rnd, "domino", events), events  # R75, a double included (R74)
    if _blocked(rnd):
        return _end_round(match, rnd, "blocked", events), events
    after = seat if is_double else (seat + 1) % seats  # R74: a double plays again
    return _settle(match, rnd, after, events), events


def lay(rnd: Round, seat: int, tile: Tile, index: int) -> Round:
    """The round once ``seat`` has laid ``tile`` on train ``index`` (a legal play): the tile
    leaves its hand for the train's end (R72), the seat's marker comes down if the train is
    its own (R72), a double stays uncovered and covering one clears it (R74)."""
    end = rnd.end(index)
    outer = tile[1] if tile[0] == end else tile[0]
    hand = tuple(t for t in rnd.hands[seat] if t != tile)
    hands = rnd.hands[:seat] + (hand,) + rnd.hands[seat + 1 :]
    trains = rnd.trains[:index] + (rnd.trains[index] + ((end, outer),),) + rnd.trains[index + 1 :]
    markers = rnd.markers
    if index == seat and markers[seat]:
        markers = markers[:seat] + (False,) + markers[seat + 1 :]  # R72: down on playing one's own train
    double = index if tile[0] == tile[1] else (-1 if index == rnd.double else rnd.double)
    return rnd._replace(
        hands=hands, trains=trains, markers=markers, double=double, last=seat, drawn=0, legal=()
    )


def passed(rnd: Round, seat: int) -> Round:
    """The round once ``seat`` has passed: its marker goes up (R72, R73)."""
    markers = rnd.markers[:seat] + (True,) + rnd.markers[seat + 1 :]
    passes = rnd.passes[:seat] + (rnd.passes[seat] + 1,) + rnd.passes[seat + 1 :]
    return rnd._replace(markers=markers, passes=passes)


def _settle(match: Match, rnd: Round, seat: int, events: list[Event]) -> Match:
    """Play the table's forced draws and passes (R5, R73) from ``seat``'s turn on, until a
    seat has a play or the round ends blocked (R75)."""
    seats = match.seats
    drawn = 0
    passes_in_a_row = 0
    while True:
        legal = plays(rnd, seat)
        if legal:
            rnd = rnd._replace(turn=seat, drawn=drawn, legal=legal)
            return match._replace(round=rnd)
        if rnd.stock and not drawn:
            tile = rnd.stock[0]
            hands = rnd.hands[:seat] + (tuple(sorted(rnd.hands[seat] + (tile,))),) + rnd.hands[seat + 1 :]
            draws = rnd.draws[:seat] + (rnd.draws[seat] + 1,) + rnd.draws[seat + 1 :]
            rnd = rnd._replace(hands=hands, stock=rnd.stock[1:], draws=draws, turn=seat)
            drawn = 1
            passes_in_a_row = 0
            events.append({"type": "draw", "seat": seat, "tile": TILE_TEXT[tile], "forced": True})
            if _blocked(rnd):  # R75 as R8: the pass that would follow is not played out
                return _end_round(match, rnd, "blocked", events)
            continue
        events.append({"type": "pass", "seat": seat, "forced": True})
        rnd = passed(rnd, seat)
        seat = (seat + 1) % seats
        drawn = 0
        passes_in_a_row += 1
        # Once every marker is up a seat that can play does so: more passes mean a missed block.
        assert passes_in_a_row <= 2 * seats, "every seat passed: the round should have ended blocked"


def match_winner(scores: tuple[int, ...]) -> Winner:
    """R75: the lowest total wins; equal lowest totals share the win."""
    low = min(scores)
    lowest = tuple(s for s, v in enumerate(scores) if v == low)
    return lowest[0] if len(lowest) == 1 else lowest


def _end_round(match: Match, rnd: Round, result: str, events: list[Event]) -> Match:
    """R75: every seat scores its own hand's pips; after the last round the lowest total wins."""
    points = tuple(hand_pips(h) for h in rnd.hands)
    winner = rnd.last if result == "domino" else None
    rnd = rnd._replace(points=points, result=result, winner=winner, legal=(), drawn=0)
    scores = tuple(a + b for a, b in zip(match.scores, points, strict=True))
    events.append(
        {
            "type": "round_over",
            "round": rnd.number,
            "result": result,
            "winner": winner,
            "points": list(points),
            "pips_left": list(points),
            "hands": [[TILE_TEXT[t] for t in h] for h in rnd.hands],
        }
    )
    status: str = ROUND_OVER
    won: Winner = None
    if rnd.number >= match.target:
        status, won = OVER, match_winner(scores)
        events.append({"type": "match_over", "winner": winner_json(won), "scores": list(scores)})
    return Match(match.variant, match.seats, match.target, scores, rnd, status, won)


__all__ = [
    "DRAW",
    "PASS",
    "Event",
    "apply",
    "deal_round",
    "lay",
    "legal_actions",
    "new_match",
    "open_trains",
    "passed",
    "plays",
    "start_round",
    "table_play",
]
