"""The trains family: Train mexicain (``mexican``, docs/rules.md §8, R70–R77, R88).

Pure standard-library Python like the rest of games/rules/. It exposes the names every
game family exposes (docs/architecture.md): the variants, the match's life (new_match,
deal_round, legal_actions, apply, table_play), what a seat sees (view, view_event), the
state's JSON (to_json, from_json), the actions' record form (parse_action,
Action.to_dict), the record and its replay (match_record, replay, replay_match,
journal) and the house robot (house_choice).
"""

from ..deal import commitment, round_seed
from ..errors import RuleError
from .deal import Deal, deal, engine_of
from .engine import apply, deal_round, legal_actions, new_match, open_trains, start_round, table_play
from .record import ReplayError, dealt_round, event_action, journal, match_record, replay, replay_match
from .robot import house_choice
from .state import (
    DRAW,
    MEXICAN,
    OVER,
    PASS,
    PLAY,
    PLAYING,
    READY,
    ROUND_OVER,
    VARIANTS,
    Action,
    Match,
    Round,
    TrainsRules,
    from_json,
    get_ruleset,
    parse_action,
    to_json,
)
from .tiles import ALL_TILES, Tile, parse_tile, tile_str
from .view import view, view_event, view_events

__all__ = [
    "ALL_TILES",
    "DRAW",
    "MEXICAN",
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
    "Tile",
    "TrainsRules",
    "apply",
    "commitment",
    "deal",
    "deal_round",
    "dealt_round",
    "engine_of",
    "event_action",
    "from_json",
    "get_ruleset",
    "house_choice",
    "journal",
    "legal_actions",
    "match_record",
    "new_match",
    "open_trains",
    "parse_action",
    "parse_tile",
    "replay",
    "replay_match",
    "round_seed",
    "start_round",
    "table_play",
    "tile_str",
    "to_json",
    "view",
    "view_event",
    "view_events",
]
