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
from games.rules import replay_frame, replay_match


def frames(game: Game) -> list[dict[str, Any]]:
    """One frame per state: after each round's deal and after each player's action."""
    assert game.status == Game.OVER, "only a finished match has a replay"
    out: list[dict[str, Any]] = []

    def on_state(match: Any) -> None:
        out.append({**replay_frame(match), "events": []})

    def on_events(_index: int, events: list[dict[str, Any]], action: dict[str, Any] | None) -> None:
        out[-1]["events"] = events

    replay_match(game.record(), on_state=on_state, on_events=on_events)
    return out
