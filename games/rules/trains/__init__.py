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
from .family import (
    NAME,
    PIECES,
    deal_explained,
    event_action,
    knowledge_advance,
    knowledge_fresh,
    parse_action,
    replay_frame,
    written_deal,
)
from .record import ReplayError, dealt_round, journal, match_record, replay, replay_match, written_action
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
    read_action,
    to_json,
)
from .tiles import ALL_TILES, Tile, parse_tile, tile_str
from .view import view, view_event, view_events

__all__ = [
    "ALL_TILES",
    "DRAW",
    "MEXICAN",
    "NAME",
    "PIECES",
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
    "deal_explained",
    "deal_round",
    "dealt_round",
    "engine_of",
    "event_action",
    "from_json",
    "get_ruleset",
    "house_choice",
    "journal",
    "knowledge_advance",
    "knowledge_fresh",
    "legal_actions",
    "match_record",
    "new_match",
    "open_trains",
    "parse_action",
    "parse_tile",
    "read_action",
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
    "written_action",
    "written_deal",
]
