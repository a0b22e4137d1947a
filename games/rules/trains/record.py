"""The Train mexicain record (docs/record.md, R88): writing it, and replaying it through the engine.

The form is the line games' (``games.rules.record.match_record`` builds both); a play
names its train, a record's ``target`` is its number of rounds, and a round's hands and
stock leave its engine out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..record import (
    RecordForm,
    ReplayError,
    RoundRow,
    journal_of,
    match_record,
    replay_result,
    replay_rounds,
    stands_for_forced,
    summary_of,
    written_round,
)
from .deal import deal
from .engine import Event, apply, new_match, start_round
from .state import (
    DRAW,
    PASS,
    PLAY,
    Action,
    Match,
    get_ruleset,
    parse_train,
    read_action,
    write_action,
)
from .tiles import Tile, hand_pips, parse_tile, tile_str

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
    return written_round(key, hands, stock, seed, tile_str)


def round_summary(match: Match) -> dict[str, Any]:
    """How the current (or last) round of ``match`` stands, in the replay's output form."""
    return summary_of(match, hand_pips)


def _forced(events: list[Event]) -> deque[Action]:
    """The draws and passes the table did on its own in ``events`` (R5), in order."""
    out: deque[Action] = deque()
    for e in events:
        if e["type"] == PASS:
            out.append(Action(PASS, e["seat"]))
        elif e["type"] == DRAW:
            out.append(Action(DRAW, e["seat"], parse_tile(e["tile"])))
    return out


RECORD_FORM = RecordForm(
    get_ruleset=get_ruleset,
    new_match=new_match,
    read_tile=lambda value, rules: parse_tile(value),
    read_action=lambda data, rules: read_action(data),
    start_round=start_round,
    deal=deal,
    apply=apply,
    forced=_forced,
    stands_for=lambda written, forced, where: stands_for_forced(written, forced, where, tile_str),
    hand_value=hand_pips,
)
"""Train mexicain's record: a round is dealt from its seed and its number (R71)."""


def replay(record: object) -> dict[str, Any]:
    """Replay a record; return each round's outcome, the scores and the winner.

    Raise ReplayError at the first thing the rules refuse.
    """
    return replay_result(*replay_match(record))


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
    return replay_rounds(RECORD_FORM, record, on_state, on_events)


def journal(record: object) -> list[list[Event]]:
    """Every round's events, in order, as live play sent them: its deal, each action and
    the forced actions that followed, its end. A play the record marks ``auto`` (the
    table played it when the clock ran out, R52) is marked so in its event.

    These are the events with every tile drawn in them: show a seat only its own
    (``view_events``).
    """
    return journal_of(replay_match, record)
