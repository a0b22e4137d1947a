"""The rules engine: pure Python, standard library only (docs/rules.md, docs/architecture.md §1).

match = new_match("draw", 3)
match, events = deal_round(match, seed)
actions = legal_actions(match)
match, events = apply(match, actions[0])
view(match, seat)
"""

from .deal import Deal, commitment, deal, round_seed
from .errors import RuleError
from .match import apply, current_count, deal_round, legal_actions, new_match, start_round, table_play
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
    from_json,
    to_json,
)
from .tiles import ALL_TILES, Tile, parse_tile, pips, tile_str
from .variants import DAILY_ROUNDS, VARIANTS, Ruleset, get_ruleset
from .view import view, view_event, view_events

__all__ = [
    "ALL_TILES",
    "DAILY_ROUNDS",
    "DRAW",
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
    "Round",
    "RuleError",
    "Ruleset",
    "Tile",
    "apply",
    "commitment",
    "current_count",
    "deal",
    "deal_round",
    "from_json",
    "get_ruleset",
    "legal_actions",
    "new_match",
    "parse_tile",
    "pips",
    "round_seed",
    "start_round",
    "table_play",
    "tile_str",
    "to_json",
    "view",
    "view_event",
    "view_events",
]
