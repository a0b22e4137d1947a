"""The rules engine: pure Python, standard library only (docs/rules.md, docs/architecture.md §1).

The site calls only the names of "the game protocol" below: each finds the family of
the variant (games/rules/families.py) and delegates to it.

match = new_match("draw", 3)
match, events = deal_round(match, seed)
actions = legal_actions(match)
match, events = apply(match, actions[0])
view(match, seat)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .deal import Deal, commitment, deal, round_seed
from .errors import RuleError
from .families import FAMILIES, VARIANTS, family, family_of, get_ruleset
from .match import current_count, start_round
from .record import ReplayError, match_record
from .state import (
    DRAW,
    OVER,
    PASS,
    PLAY,
    PLAYING,
    READY,
    ROUND_OVER,
    Action,
    Match,
    Round,
    action_record,
)
from .tiles import ALL_TILES, Tile, parse_tile, pips, tile_str
from .variants import DAILY_ROUNDS, Ruleset

Event = dict[str, Any]

# The game protocol ------------------------------------------------------------------
#
# A match, an action and an event are each family's own values; what the site may read
# of them is said in docs/architecture.md §1.


def new_match(variant: str, seats: int, target: int | None | str = "default") -> Any:
    """A match waiting for its first deal (``target=None``: the daily challenge's five rounds)."""
    return family(variant).new_match(variant, seats, target)


def deal_round(match: Any, seed: str) -> tuple[Any, list[Event]]:
    """Deal the next round from ``seed`` (R12) and play the forced actions (R5)."""
    return family_of(match).deal_round(match, seed)  # type: ignore[no-any-return]


def legal_actions(match: Any) -> list[Any]:
    return family_of(match).legal_actions(match)  # type: ignore[no-any-return]


def apply(match: Any, action: Any) -> tuple[Any, list[Event]]:
    """Apply a seat's action and the forced actions that follow; RuleError if illegal."""
    return family_of(match).apply(match, action)  # type: ignore[no-any-return]


def table_play(match: Any) -> Any:
    """What the table plays for the seat whose clock ran out (R52, R77, R87)."""
    return family_of(match).table_play(match)


def view(match: Any, seat: int | None, shown: Any = None) -> dict[str, Any]:
    """What ``seat`` may know (None: a spectator); ``shown``: the knowledge fold's value."""
    return family_of(match).view(match, seat, shown)  # type: ignore[no-any-return]


def view_event(event: Event, seat: int | None) -> Event:
    """An event as ``seat`` may see it: a drawn tile only by the seat that drew it (R6)."""
    if event["type"] == "draw" and event["seat"] != seat:
        return {k: v for k, v in event.items() if k != "tile"}
    return event


def view_events(events: list[Event], seat: int | None) -> list[Event]:
    return [view_event(e, seat) for e in events]


def to_json(match: Any) -> dict[str, Any]:
    """The whole state, secrets included, for storage on the server only."""
    return family_of(match).to_json(match)  # type: ignore[no-any-return]


def from_json(data: dict[str, Any]) -> Any:
    return family(data["variant"]).from_json(data)


def parse_action(variant: str, data: object) -> Any:
    """The action of a record form (docs/record.md); RuleError if malformed."""
    return family(variant).parse_action(variant, data)


def event_action(variant: str, event: Event) -> dict[str, Any] | None:
    """The record form of an event that is an action (play, draw, pass), else None."""
    return family(variant).event_action(variant, event)  # type: ignore[no-any-return]


def _family_of_record(record: object) -> Any:
    variant = record.get("variant") if isinstance(record, dict) else None
    try:
        return family(variant)
    except RuleError as e:
        if not isinstance(record, dict):
            raise ReplayError("record", "a record is a JSON object") from None
        raise ReplayError("variant", e.message, e.code) from None


def replay(record: object) -> dict[str, Any]:
    """Replay a record: each round's outcome, the scores, the winner; ReplayError if refused."""
    return _family_of_record(record).replay(record)  # type: ignore[no-any-return]


def replay_match(
    record: object,
    on_state: Callable[[Any], None] | None = None,
    on_events: Callable[[int, list[Event], dict[str, Any] | None], None] | None = None,
) -> tuple[Any, list[dict[str, Any]]]:
    """Replay a record, calling ``on_state`` and ``on_events`` as live play went."""
    return _family_of_record(record).replay_match(record, on_state, on_events)  # type: ignore[no-any-return]


def journal(record: object) -> list[list[Event]]:
    """Every round's events as live play sent them (every drawn tile in them)."""
    return _family_of_record(record).journal(record)  # type: ignore[no-any-return]


def house_choice(seen: dict[str, Any]) -> dict[str, Any]:
    """The house robot's action (record form) from one seat's view, on its turn."""
    return family(seen["variant"]).house_choice(seen)  # type: ignore[no-any-return]


def knowledge_fresh(variant: str, seats: int) -> dict[str, Any]:
    """What the round's public-information panel knows as it is dealt (a JSON value)."""
    return family(variant).knowledge_fresh(variant, seats)  # type: ignore[no-any-return]


def knowledge_advance(
    variant: str, known: dict[str, Any] | None, before: Any, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """The panel's knowledge after ``actions`` (record form), from ``known`` and the
    state ``before`` them (None for a deal's)."""
    return family(variant).knowledge_advance(variant, known, before, actions)  # type: ignore[no-any-return]


def written_deal(variant: str, seats: int, seed: str, number: int = 1) -> tuple[list[list[str]], list[str]]:
    """The deal of ``seed`` (R12) for round ``number`` as a record writes it: the hands, the
    stock (the round matters where its engine is out of the deal, R71)."""
    return family(variant).written_deal(variant, seats, seed, number)  # type: ignore[no-any-return]


def deal_explained(variant: str, seats: int, seed: str, number: int = 1) -> dict[str, Any]:
    """The deal of ``seed`` (for round ``number``) step by step, as docs/record.md says to redo it."""
    return family(variant).deal_explained(variant, seats, seed, number)  # type: ignore[no-any-return]


def replay_frame(match: Any) -> dict[str, Any]:
    """One state of a finished match for the replay page, every hand shown."""
    return family_of(match).replay_frame(match)  # type: ignore[no-any-return]


__all__ = [
    "ALL_TILES",
    "DAILY_ROUNDS",
    "DRAW",
    "FAMILIES",
    "OVER",
    "PASS",
    "PLAY",
    "PLAYING",
    "READY",
    "ROUND_OVER",
    "VARIANTS",
    "Action",
    "Deal",
    "Match",
    "ReplayError",
    "Round",
    "RuleError",
    "Ruleset",
    "Tile",
    "action_record",
    "apply",
    "commitment",
    "current_count",
    "deal",
    "deal_explained",
    "deal_round",
    "event_action",
    "family",
    "family_of",
    "from_json",
    "get_ruleset",
    "house_choice",
    "journal",
    "knowledge_advance",
    "knowledge_fresh",
    "legal_actions",
    "match_record",
    "new_match",
    "parse_action",
    "parse_tile",
    "pips",
    "replay",
    "replay_frame",
    "replay_match",
    "round_seed",
    "start_round",
    "table_play",
    "tile_str",
    "to_json",
    "view",
    "view_event",
    "view_events",
    "written_deal",
]
