"""The line family behind the game protocol (docs/architecture.md §1): the games of one
line of tiles with open ends (R3), on the double-six set and the double-twelve one (R70).

Its rules live in the modules beside this one (tiles, line, round, match, state, view,
record, knowledge, scoring, deal, variants); this module names them as the protocol
does, and adds what the protocol asks that those modules do not say by themselves.
"""

from __future__ import annotations

from typing import Any

from . import knowledge
from .deal import deal, keys, shuffle
from .match import apply, deal_round, legal_actions, new_match, table_play
from .record import ReplayError, event_action as _event_action, journal, match_record, replay, replay_match
from .robots import house as house_choice
from .state import Action, Match, from_json, line_to_json, to_json
from .tiles import SETS, tile_str
from .variants import DAILY_ROUNDS, VARIANTS, get_ruleset
from .view import frame_of, view as _view, view_event, view_events

NAME = "line"
PIECES = "dominoes"
"""What the family's pieces are called (the site words its pages and refusals so)."""


def parse_action(variant: str, data: object) -> Action:
    """The action a record form stands for (docs/record.md); RuleError if malformed."""
    return Action.from_dict(data, get_ruleset(variant).top)


def view(match: Match, seat: int | None, shown: Any = None) -> dict[str, Any]:
    """What ``seat`` may know (R6); ``shown``: what the round has shown so far (the
    knowledge fold's value, ``knowledge_advance``), None: nothing yet."""
    if isinstance(shown, dict):
        shown = shown.get("none")
    return _view(match, seat, shown)


def event_action(variant: str, event: dict[str, Any]) -> dict[str, Any] | None:
    """The record form of an engine event that is an action, else None."""
    return _event_action(event, get_ruleset(variant).wild_blanks)


def knowledge_fresh(variant: str, seats: int) -> dict[str, Any]:
    """What the public-information panel knows as a round starts (a JSON value)."""
    return knowledge.fresh(seats)


def knowledge_advance(
    variant: str, known: dict[str, Any] | None, before: Match | None, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """The panel's knowledge after ``actions`` (record form), from ``known`` and the state
    ``before`` them (None: the round's deal)."""
    line = before.round.line if before is not None and before.round is not None else None
    if known is None:
        known = knowledge.fresh(before.seats if before is not None else 0)
    return knowledge.advance(variant, known, line, actions)


def written_deal(variant: str, seats: int, seed: str, number: int = 1) -> tuple[list[list[str]], list[str]]:
    """The deal of ``seed`` (R12), written as a record writes it: the hands, the stock.
    ``number`` (the round's) changes nothing: every round of a line game is dealt alike."""
    dealt = deal(seed, get_ruleset(variant), seats)
    return [[tile_str(t) for t in hand] for hand in dealt.hands], [tile_str(t) for t in dealt.stock]


def deal_explained(variant: str, seats: int, seed: str, number: int = 1) -> dict[str, Any]:
    """The deal of ``seed`` step by step, as docs/record.md tells how to redo it: each
    tile's key, the order they sort in, the hands and the stock (any round ``number``)."""
    rules = get_ruleset(variant)
    dealt = deal(seed, rules, seats)
    size = rules.hand_size(seats)
    order = shuffle(seed, dealt.attempt, rules.top)
    position = {tile: index for index, tile in enumerate(order)}
    rows = [
        {
            "tile": tile_str(tile),
            "key": f"{key:016x}",
            "position": position[tile],
            "seat": position[tile] // size if position[tile] < seats * size else None,
        }
        for tile, key in zip(SETS[rules.top], keys(seed, dealt.attempt, rules.top), strict=True)
    ]
    return {
        "hand_size": size,
        "attempt": dealt.attempt,
        "text": f"{seed}/{dealt.attempt}",
        "rows": rows,
        "order": [tile_str(t) for t in order],
        "hands": [[tile_str(t) for t in hand] for hand in dealt.hands],
        "stock": [tile_str(t) for t in dealt.stock],
    }


def replay_frame(match: Match) -> dict[str, Any]:
    """One state of a finished match for the replay page, every hand shown (R6 holds:
    once the match is over every hand has been shown to everyone)."""
    assert match.round is not None
    line = match.round.line
    return frame_of(match, tile_str, {"line": None if line is None else line_to_json(line)})


__all__ = [
    "DAILY_ROUNDS",
    "NAME",
    "VARIANTS",
    "ReplayError",
    "apply",
    "deal_explained",
    "deal_round",
    "event_action",
    "from_json",
    "house_choice",
    "journal",
    "knowledge_advance",
    "knowledge_fresh",
    "legal_actions",
    "match_record",
    "new_match",
    "parse_action",
    "replay",
    "replay_frame",
    "replay_match",
    "table_play",
    "to_json",
    "view",
    "view_event",
    "view_events",
    "written_deal",
]
