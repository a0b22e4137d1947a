"""The table's journal as one seat may read it: a read model built from the move log.

On every (re)connection a page gets the whole journal of the match, not only what
happened while it was there: who sat down, then each round's events, rebuilt by
replaying the deals and the move log through the engine (``games.rules.journal``),
each shown as ``seat`` may see it (R6: a drawn tile only to the seat that drew it).
"""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.rules import journal as replay_journal, match_record, view_events


def journal(game: Game, seat: int | None) -> dict[str, Any]:
    """``{"seated": [...], "rounds": [{"number", "events"}, ...]}`` for ``seat`` (None: a spectator).

    ``seated``: a ``seated`` event for each player at the table, in the order they came.
    """
    seated = [
        {"type": "seated", "seat": index}
        for index in game.seat_set.order_by("joined", "index").values_list("index", flat=True)
    ]
    rounds: list[dict[str, Any]] = []
    record = _record(game)
    if record["rounds"]:
        for number, events in enumerate(replay_journal(record), start=1):
            rounds.append({"number": number, "events": view_events(events, seat)})
    return {"seated": seated, "rounds": rounds}


def _record(game: Game) -> dict[str, Any]:
    """The record of the match as of ``game.version``, without seeds: a move or a round
    written since (the game read a moment ago) is left for the state message that will bring it."""
    dealt = game.state["round"]["number"] if game.state and game.state.get("round") else 0
    rounds = game.rounds.filter(number__lte=dealt).order_by("number").values_list("pk", "hands", "stock")
    moves = game.moves.filter(version__lte=game.version).order_by("seq")
    return match_record(
        game.variant,
        game.seats,
        game.target,
        ((pk, None, hands, stock) for pk, hands, stock in rounds),
        ((m.round_id, m.action()) for m in moves),
    )
