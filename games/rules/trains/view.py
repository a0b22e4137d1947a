"""What one seat may know of a Train mexicain match: the only way a state leaves the server.

As R6 for the line games: a seat sees its own hand, the hub's engine, every train
(its tiles, its end, its owner, its owner's marker), the uncovered double, every
seat's number of tiles, the size of the stock, the draws and passes, the scores and
whose turn it is, its legal plays on its turn, and what every seat may work out from
all that (R78); every hand once the round is over; never another hand or the stock.
"""

from __future__ import annotations

from typing import Any

from ..state import PLAYING, winner_json
from ..view import view_event, view_events, view_head
from .engine import open_trains
from .knowledge import public_info
from .state import MEXICAN, Match, get_ruleset, train_name
from .tiles import TILE_TEXT, hand_pips

__all__ = ["view", "view_event", "view_events"]


def view(match: Match, seat: int | None, shown: Any = None) -> dict[str, Any]:
    """The match as ``seat`` sees it; ``None`` for a spectator. ``shown``: what the round has
    shown so far (the knowledge fold's value, ``knowledge_advance``), None: nothing yet; the
    round's public-information panel is ``round["public"]`` (R78, knowledge.public_info)."""
    rules = get_ruleset(match.variant)
    out = view_head(match, seat, rules)
    rnd = match.round
    if rnd is None:
        return out
    seats = match.seats
    over = bool(rnd.result)
    open_now: list[int | str] = []
    if seat is not None and not over:
        open_now = [train_name(MEXICAN if t == seats else t) for t in open_trains(rnd, seat)]
    trains = []
    for index, cars in enumerate(rnd.trains):
        mexican = index == seats
        trains.append(
            {
                "train": train_name(MEXICAN if mexican else index),
                "owner": None if mexican else index,
                "tiles": [list(car) for car in cars],
                "end": rnd.end(index),
                "marker": False if mexican else rnd.markers[index],
            }
        )
    double = None
    if rnd.double >= 0:
        double = {
            "train": train_name(MEXICAN if rnd.double == seats else rnd.double),
            "tile": TILE_TEXT[(rnd.end(rnd.double), rnd.end(rnd.double))],
        }
    public: dict[str, Any] = {
        "number": rnd.number,
        "opener": rnd.opener,
        "turn": None if over else rnd.turn,
        "engine": TILE_TEXT[(rnd.engine, rnd.engine)],
        "trains": trains,
        "markers": list(rnd.markers),
        "double": double,
        "open_trains": open_now,
        "hand_sizes": [len(h) for h in rnd.hands],
        "stock_size": len(rnd.stock),
        "drawn": rnd.drawn,
        "draws": list(rnd.draws),
        "passes": list(rnd.passes),
        "points": list(rnd.points),
        "result": rnd.result or None,
        "winner": winner_json(rnd.winner),
        "hands": None,
        "pips_left": None,
    }
    if over:  # as R6: at the end of a round every hand is shown to everyone
        public["hands"] = [[TILE_TEXT[t] for t in h] for h in rnd.hands]
        public["pips_left"] = [hand_pips(h) for h in rnd.hands]
    public["public"] = public_info(match, seat, shown if isinstance(shown, dict) else None)
    out["round"] = public
    if seat is not None:
        out["hand"] = [TILE_TEXT[t] for t in rnd.hands[seat]]
        if match.status == PLAYING and rnd.turn == seat:
            out["legal"] = [a.to_dict() for a in rnd.legal]
    return out
