"""The Train mexicain record (docs/record.md, R88): writing it, and replaying it through the engine.

The form is the line games' (``games.rules.record.match_record`` builds both); a play
names its train, a record's ``target`` is its number of rounds, and a round's hands and
stock leave its engine out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import RuleError
from ..record import ReplayError, RoundRow, journal_of, match_record, replay_written
from ..state import winner_json
from .deal import deal
from .engine import Event, apply, new_match, start_round
from .state import (
    DRAW,
    OVER,
    PASS,
    PLAY,
    PLAYING,
    Action,
    Match,
    get_ruleset,
    parse_train,
    read_action,
    write_action,
)
from .tiles import TILE_TEXT, Tile, hand_pips, parse_tile

__all__ = [
    "ReplayError",
    "dealt_round",
    "written_action",
    "journal",
    "match_record",
    "replay",
    "replay_match",
    "round_summary",
]


def written_action(event: Event) -> dict[str, Any] | None:
    """The record form of an engine event that is an action (play, draw or pass), else None."""
    kind = event["type"]
    if kind == PLAY:
        return write_action(event["seat"], PLAY, parse_tile(event["tile"]), parse_train(event["train"]))
    if kind == DRAW:
        return write_action(event["seat"], DRAW, parse_tile(event["tile"]))
    if kind == PASS:
        return write_action(event["seat"], PASS)
    return None


def dealt_round(
    key: Any, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile], seed: str | None
) -> RoundRow:
    """A dealt round as ``match_record`` takes it, each hand written in order of its tiles."""
    return key, seed, [[TILE_TEXT[t] for t in sorted(h)] for h in hands], [TILE_TEXT[t] for t in stock]


def round_summary(match: Match) -> dict[str, Any]:
    """How the current (or last) round of ``match`` stands, in the replay's output form."""
    rnd = match.round
    assert rnd is not None
    return {
        "result": rnd.result or "unfinished",
        "winner": winner_json(rnd.winner),
        "points": list(rnd.points),
        "pips_left": [hand_pips(h) for h in rnd.hands],
    }


def _tiles(value: object, where: str) -> tuple[Tile, ...]:
    if not isinstance(value, list):
        raise ReplayError(where, "expected a list of tiles")
    try:
        return tuple(parse_tile(t) for t in value)
    except RuleError as e:
        raise ReplayError(where, e.message, e.code) from None


def _new_match(record: object) -> Match:
    if not isinstance(record, dict):
        raise ReplayError("record", "a record is a JSON object")
    try:
        rules = get_ruleset(record.get("variant"))
    except RuleError as e:
        raise ReplayError("variant", e.message, e.code) from None
    seats = record.get("seats")
    try:
        rules.check_seats(seats)
        target = record["target"] if "target" in record else rules.default_target
        rules.check_target(target)
    except RuleError as e:
        raise ReplayError("seats" if e.code == "bad_seats" else "target", e.message, e.code) from None
    assert isinstance(seats, int)
    return new_match(rules.id, seats, target)


def _forced(events: list[Event]) -> deque[Action]:
    """The draws and passes the table did on its own in ``events`` (R5), in order."""
    out: deque[Action] = deque()
    for e in events:
        if e["type"] == PASS:
            out.append(Action(PASS, e["seat"]))
        elif e["type"] == DRAW:
            out.append(Action(DRAW, e["seat"], parse_tile(e["tile"])))
    return out


def _stands_for(written: Action, forced: Action, where: str) -> bool:
    """Whether a written action is the table's pending forced action (docs/record.md)."""
    if written.seat != forced.seat or written.kind != forced.kind:
        return False
    if written.kind == DRAW and written.tile != forced.tile:
        assert forced.tile is not None and written.tile is not None
        raise ReplayError(
            where,
            f"seat {written.seat} draws {TILE_TEXT[forced.tile]}, the next tile of the stock, "
            f"not {TILE_TEXT[written.tile]}",
            "not_next_stock_tile",
        )
    return True


def replay(record: object) -> dict[str, Any]:
    """Replay a record; return each round's outcome, the scores and the winner.

    Raise ReplayError at the first thing the rules refuse.
    """
    match, summaries = replay_match(record)
    return {"rounds": summaries, "scores": list(match.scores), "winner": winner_json(match.winner)}


def replay_match(
    record: object,
    on_state: Callable[[Match], None] | None = None,
    on_events: Callable[[int, list[Event], dict[str, Any] | None], None] | None = None,
) -> tuple[Match, list[dict[str, Any]]]:
    """Replay a record; return the match state it ends in and each round's outcome.

    ``on_state`` is called with the state after each round's deal and after each
    player's action; ``on_events`` with the round's index and the events of its deal
    (action ``None``), then of each player's action (with the action as written).
    """
    match = _new_match(record)
    assert isinstance(record, dict)
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise ReplayError("rounds", "a record has a non-empty list of rounds")
    rules = get_ruleset(match.variant)
    summaries = []
    for ri, rd in enumerate(rounds):
        where = f"rounds[{ri}]"
        if match.status == OVER:
            raise ReplayError(where, "the match is already over: nothing may follow its end", "match_over")
        if match.status == PLAYING:
            raise ReplayError(
                where, f"rounds[{ri - 1}] is unfinished: only the last round may be", "unfinished"
            )
        if not isinstance(rd, dict):
            raise ReplayError(where, "a round is a JSON object")
        hands_data = rd.get("hands")
        if not isinstance(hands_data, list):
            raise ReplayError(f"{where}.hands", "expected a list of hands")
        hands = tuple(_tiles(h, f"{where}.hands[{s}]") for s, h in enumerate(hands_data))
        stock = _tiles(rd.get("stock", []), f"{where}.stock")
        try:
            match, events = start_round(match, hands, stock)  # checks the deal itself first
        except RuleError as e:
            raise ReplayError(where, e.message, e.code) from None
        if "seed" in rd:
            seed = rd["seed"]
            if not isinstance(seed, str) or not seed:
                raise ReplayError(f"{where}.seed", "a seed is a non-empty string")
            dealt = deal(seed, rules, match.seats, ri + 1)
            if tuple(tuple(sorted(h)) for h in hands) != dealt.hands or stock != dealt.stock:
                raise ReplayError(
                    f"{where}.seed", "the seed does not deal these hands and stock (R12)", "seed_mismatch"
                )
        if on_state:
            on_state(match)
        if on_events:
            on_events(ri, events, None)
        pending = _forced(events)
        match = replay_written(
            match,
            rd.get("actions", []),
            where,
            ri,
            pending,
            read=read_action,
            act=apply,
            forced=_forced,
            stands_for=_stands_for,
            on_state=on_state,
            on_events=on_events,
        )
        summaries.append(round_summary(match))
    return match, summaries


def journal(record: object) -> list[list[Event]]:
    """Every round's events, in order, as live play sent them: its deal, each action and
    the forced actions that followed, its end. A play the record marks ``auto`` (the
    table played it when the clock ran out, R52) is marked so in its event.

    These are the events with every tile drawn in them: show a seat only its own
    (``view_events``).
    """
    return journal_of(replay_match, record)
