"""What a match's page and its end-of-match panel show of the ratings (a read model).

Each player's rating before the match and the change (+14, −9), as the
``ratings`` message sends it to the table (docs/protocol.md) once the rating
task has run, and as the table page puts it in when it is loaded after.
"""

from __future__ import annotations

from typing import Any

from games import transport
from games.models import Game
from leaderboard.models import RatingChange


def match_ratings(game: Game) -> list[dict[str, Any]]:
    """Per seat, in seat order: the rating shown before the match, after it, and the change."""
    changes = {
        change.player_id: change for change in RatingChange.objects.filter(game=game).select_related("player")
    }
    rows = []
    for seat in game.seat_set.all():
        change = changes.get(seat.player_id)
        if change is None:
            continue
        rows.append(
            {
                "seat": seat.index,
                "name": change.player.get_username(),
                "before": change.before,
                "provisional_before": change.provisional_before,
                "after": change.after,
                "provisional": change.provisional_after,
                "delta": change.delta,
            }
        )
    return rows


def message(game: Game) -> dict[str, Any]:
    return {"type": "ratings", "version": game.version, "ratings": match_ratings(game)}


def announce(game_id: int) -> None:
    """Tell the table's connections how the match moved its players' ratings."""
    game = Game.objects.filter(pk=game_id).first()
    if game is not None:
        transport.table_news(game_id, message(game))
