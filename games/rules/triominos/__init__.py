"""Triominos (docs/rules.md §8, R80-R88): the family of the triangular tiles, behind the
protocol every game family exposes (docs/architecture.md §1), registered in
games/rules/families.py.

match = new_match("triominos", 2)
match, events = deal_round(match, seed)
match, events = apply(match, legal_actions(match)[0])
view(match, seat)
"""

from .board import BRIDGE, HEXAGON, TRIPLE, TWO_HEXAGONS, Placed, around, corners, is_up, opposite
from .deal import Deal, deal
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
from .match import apply, deal_round, legal_actions, new_match, opening, start_round, table_play
from .record import (
    ReplayError,
    dealt_round,
    journal,
    match_record,
    play_match,
    replay,
    replay_match,
)
from .robots import house_choice
from .state import OVER, PLAYING, READY, ROUND_OVER, Action, Match, Round, from_json, to_json
from .tiles import ALL_TRIS, TRIPLES, Tri, parse_tri, tri_str, turned, value
from .variants import VARIANTS, Ruleset, get_ruleset
from .view import view, view_event, view_events

__all__ = [
    "ALL_TRIS",
    "BRIDGE",
    "HEXAGON",
    "NAME",
    "PIECES",
    "OVER",
    "PLAYING",
    "READY",
    "ROUND_OVER",
    "TRIPLE",
    "TRIPLES",
    "TWO_HEXAGONS",
    "VARIANTS",
    "Action",
    "Deal",
    "Match",
    "Placed",
    "ReplayError",
    "Round",
    "Ruleset",
    "Tri",
    "apply",
    "around",
    "corners",
    "deal",
    "deal_explained",
    "deal_round",
    "dealt_round",
    "event_action",
    "from_json",
    "get_ruleset",
    "house_choice",
    "is_up",
    "journal",
    "knowledge_advance",
    "knowledge_fresh",
    "legal_actions",
    "match_record",
    "new_match",
    "opening",
    "opposite",
    "parse_action",
    "parse_tri",
    "play_match",
    "replay",
    "replay_frame",
    "replay_match",
    "start_round",
    "table_play",
    "to_json",
    "tri_str",
    "turned",
    "value",
    "view",
    "view_event",
    "view_events",
    "written_deal",
]
