"""The replay of a finished match: every state it went through, for the replay page.

A read model beside ``games.readmodels``: built from the deals and the move log
through the engine (``replay_match``). Only a finished match has a replay: once it
is over every hand of every round has been shown to everyone (R6), so the frames
may hold every hand; the page hides the others' when it shows the match as one
seat saw it.
"""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.rules import Match
from games.rules.record import replay_match
from games.rules.state import line_to_json
from games.rules.tiles import tile_str


def frames(game: Game) -> list[dict[str, Any]]:
    """One frame per state: after each round's deal and after each player's action."""
    assert game.status == Game.OVER, "only a finished match has a replay"
    out: list[dict[str, Any]] = []

    def on_state(match: Match) -> None:
        rnd = match.round
        assert rnd is not None
        out.append(
            {
                "round": rnd.number,
                "line": None if rnd.line is None else line_to_json(rnd.line),
                "hands": [[tile_str(t) for t in hand] for hand in rnd.hands],
                "stock_size": len(rnd.stock),
                "scores": list(match.scores),
                "turn": None if rnd.result else rnd.turn,
                "events": [],
            }
        )

    def on_events(_index: int, events: list[dict[str, Any]], action: dict[str, Any] | None) -> None:
        out[-1]["events"] = events

    replay_match(game.record(), on_state=on_state, on_events=on_events)
    return out
