"""The trains family behind the game protocol (docs/architecture.md §1): what the site asks
of every family that Train mexicain's modules do not say by themselves."""

from __future__ import annotations

from typing import Any

from ..view import frame_of
from . import knowledge
from .deal import deal, engine_of, round_tiles, shuffle_keys
from .record import written_action
from .state import MEXICAN, Action, Match, get_ruleset, read_action, train_name
from .tiles import TILE_TEXT

NAME = "trains"
PIECES = "dominoes"
"""What the family's pieces are called (the site words its pages and refusals so)."""


def parse_action(variant: str, data: object) -> Action:
    """The action a record form stands for (docs/record.md, R88); RuleError if malformed."""
    get_ruleset(variant)
    return read_action(data)


def event_action(variant: str, event: dict[str, Any]) -> dict[str, Any] | None:
    """The record form of an engine event that is an action (play, draw, pass), else None."""
    get_ruleset(variant)
    return written_action(event)


def knowledge_fresh(variant: str, seats: int) -> dict[str, Any]:
    """What the public-information panel knows as a round is dealt (a JSON value, R78)."""
    get_ruleset(variant)
    return knowledge.fresh(seats)


def knowledge_advance(
    variant: str, known: dict[str, Any] | None, before: Match | None, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """The panel's knowledge after ``actions`` (record form), from ``known`` and the state
    ``before`` them (None: the round's deal), R78."""
    get_ruleset(variant)
    rnd = before.round if before is not None else None
    if known is None or "none" not in known:
        known = knowledge.fresh(before.seats if before is not None else 0)
    return knowledge.advance(known, rnd, actions)


def written_deal(variant: str, seats: int, seed: str, number: int = 1) -> tuple[list[list[str]], list[str]]:
    """The deal of ``seed`` for round ``number`` (R12, R71), written as a record writes it:
    the hands and the stock, the engine left out (R88)."""
    dealt = deal(seed, get_ruleset(variant), seats, number)
    return [[TILE_TEXT[t] for t in hand] for hand in dealt.hands], [TILE_TEXT[t] for t in dealt.stock]


def deal_explained(variant: str, seats: int, seed: str, number: int = 1) -> dict[str, Any]:
    """The deal of ``seed`` for round ``number`` step by step, as docs/record.md tells how to
    redo it: the engine, each tile's key, the order they sort in, the hands and the stock."""
    rules = get_ruleset(variant)
    dealt = deal(seed, rules, seats, number)
    size = rules.hand_size(seats)
    engine = engine_of(number)
    tiles = round_tiles(engine)
    keys = shuffle_keys(seed)
    order = sorted(range(len(tiles)), key=keys.__getitem__)
    position = {tiles[i]: p for p, i in enumerate(order)}
    rows = [
        {
            "tile": TILE_TEXT[tile],
            "key": f"{key:016x}",
            "position": position[tile],
            "seat": position[tile] // size if position[tile] < seats * size else None,
        }
        for tile, key in zip(tiles, keys, strict=True)
    ]
    return {
        "engine": TILE_TEXT[(engine, engine)],
        "hand_size": size,
        "attempt": 0,
        "text": f"{seed}/0",
        "rows": rows,
        "order": [TILE_TEXT[tiles[i]] for i in order],
        "hands": [[TILE_TEXT[t] for t in hand] for hand in dealt.hands],
        "stock": [TILE_TEXT[t] for t in dealt.stock],
    }


def replay_frame(match: Match) -> dict[str, Any]:
    """One state of a finished match for the replay page, every hand shown (once the match
    is over every hand has been shown to everyone)."""
    rnd = match.round
    assert rnd is not None
    seats = match.seats
    board = {
        "engine": TILE_TEXT[(rnd.engine, rnd.engine)],
        "trains": [
            {
                "train": train_name(MEXICAN if index == seats else index),
                "tiles": [list(car) for car in cars],
                "end": rnd.end(index),
                "marker": False if index == seats else rnd.markers[index],
            }
            for index, cars in enumerate(rnd.trains)
        ],
    }
    return frame_of(match, TILE_TEXT.__getitem__, board)
