"""What the end of a daily attempt's table shows (the table page, games.views.table):
the day's ranking (its page, and its JSON, docs/protocol.md, which gives the player's
rank of the moment) and when the replay opens. The replay and the round seeds stay
secret until the day is over (R63): only the time it ends is given before."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games import access
from games.models import Game
from leaderboard.models import DailyAttempt


def daily_end(game: Game) -> dict[str, Any] | None:
    """The links and times of a daily attempt's end panel; None at any other table."""
    if not game.daily:
        return None
    attempt = DailyAttempt.objects.filter(game=game).select_related("challenge").first()
    if attempt is None:
        return None
    day = attempt.challenge.date.isoformat()
    opens = game.playable_until or attempt.challenge.ends
    return {
        "ranking_url": reverse("daily_day", args=[day]),
        "standing_url": reverse("daily_ranking", args=[day]),
        "replay_opens": opens.isoformat(),
        "replay_open": not access.deals_secret(game),
    }
