"""The Triominos record (docs/record.md, R88): writing it, and replaying it through the engine."""

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
from .match import Event, apply, new_match, start_round
from .state import DRAW, OVER, PASS, PLAY, PLAYING, Action, Match, action_record, parse_action
from .tiles import Tri, hand_value, parse_tri, tri_str
from .variants import get_ruleset

__all__ = [
    "ReplayError",
    "dealt_round",
    "event_action",
    "journal",
    "match_record",
    "replay",
    "replay_match",
    "play_match",
    "round_summary",
]


def event_action(event: Event) -> dict[str, Any] | None:
    """The record form of an engine event that is an action (play, draw or pass), else None."""
    kind = event["type"]
    if kind not in (PLAY, DRAW, PASS):
        return None
    return action_record(event["seat"], kind, event.get("tile"), event.get("at"), event.get("turn"))


def dealt_round(key: Any, hands: Sequence[Sequence[Tri]], stock: Sequence[Tri], seed: str | None) -> RoundRow:
    """A dealt round as ``match_record`` takes it, each hand in written order."""
    return written_round(key, hands, stock, seed, tri_str)


def round_summary(match: Match) -> dict[str, Any]:
    """How the current (or last) round stands, in the replay's output form; ``pips_left``
    is each hand's value (R80)."""
    return summary_of(match, hand_value)


def _forced(events: list[Event]) -> deque[Action]:
    """The actions the table did on its own in ``events`` (R5), in order."""
    out: deque[Action] = deque()
    for e in events:
        if e["type"] == PASS:
            out.append(Action(PASS, e["seat"]))
        elif e["type"] in (PLAY, DRAW) and e.get("forced"):
            at = tuple(e["at"]) if "at" in e else None
            out.append(Action(e["type"], e["seat"], parse_tri(e["tile"]), at, e.get("turn")))
    return out


def _opening_stands_for(written: Action, forced: Action, where: str) -> bool:
    """Whether a written play is the table's forced opening (R82): that very tile, laid
    where and as the table lays it if the record says."""
    if written.tile != forced.tile:
        return False
    assert written.tile is not None
    turn_differs = written.turn not in (None, forced.turn) and written.tile[0] != written.tile[2]
    if written.at not in (None, forced.at) or turn_differs:
        raise ReplayError(where, "the opening tile lies at [0, 0] with turn 0 (R82)", "bad_opening_placement")
    return True


def _stands_for(written: Action, forced: Action, where: str) -> bool:
    """Whether a written action is the table's pending forced action (docs/record.md)."""
    return stands_for_forced(written, forced, where, tri_str, "pool", _opening_stands_for)


RECORD_FORM = RecordForm(
    get_ruleset=get_ruleset,
    new_match=new_match,
    read_tile=lambda value, rules: parse_tri(value),
    read_action=lambda data, rules: parse_action(data),
    start_round=start_round,
    deal=lambda seed, rules, seats, number: deal(seed, rules, seats),
    apply=apply,
    forced=_forced,
    stands_for=_stands_for,
    hand_value=hand_value,
)
"""The Triominos record."""


def replay(record: object) -> dict[str, Any]:
    """Replay a record; return each round's outcome, the scores and the winner.

    Raise ReplayError at the first thing the rules refuse."""
    return replay_result(*replay_match(record))


def replay_match(
    record: object,
    on_state: Callable[[Match], None] | None = None,
    on_events: Callable[[int, list[Event], dict[str, Any] | None], None] | None = None,
) -> tuple[Match, list[dict[str, Any]]]:
    """Replay a record; return the match state it ends in and each round's outcome.

    ``on_state`` is called with the state after each round's deal and after each
    player's action; ``on_events`` with the round's index and the events of its deal
    (action ``None``), then of each player's action (with the action as written)."""
    return replay_rounds(RECORD_FORM, record, on_state, on_events)


def journal(record: object) -> list[list[Event]]:
    """Every round's events, in order, as live play sent them (each play with its points
    and bonus). A play the record marks ``auto`` (R87) is marked so in its event.

    These are the events with every tile drawn in them: show a seat only its own (``view_events``)."""
    return journal_of(replay_match, record)


MAX_ROUNDS = 1000
"""A match longer than this is stopped (none comes near it)."""


def play_match(
    variant: str,
    seats: int,
    seed: str,
    choose: Callable[[Match], Action],
    target: int | str | None = "default",
) -> dict[str, Any]:
    """Play a whole match from ``seed`` and return its record, every action written
    (forced ones included) and each round's seed: round ``n`` is dealt from
    ``round_seed(seed, n)``; ``choose`` picks each player's play."""
    from ..deal import round_seed  # the same round seeds as every family

    rules = get_ruleset(variant)
    match = new_match(variant, seats, target)
    rounds: list[RoundRow] = []
    actions: list[tuple[int, dict[str, Any]]] = []
    while match.status != OVER and len(rounds) < MAX_ROUNDS:
        number = len(rounds) + 1
        rs = round_seed(seed, number)
        dealt = deal(rs, rules, seats)
        match, events = start_round(match, dealt.hands, dealt.stock)
        actions += [(number, a) for e in events if (a := event_action(e))]
        while match.status == PLAYING:
            match, events = apply(match, choose(match))
            actions += [(number, a) for e in events if (a := event_action(e))]
        rounds.append(dealt_round(number, dealt.hands, dealt.stock, rs))
    return match_record(variant, seats, match.target, rounds, actions)
