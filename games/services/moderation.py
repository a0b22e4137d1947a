"""What a moderator does to a game through the services (accounts.sanctions records who did it)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Game

from .core import ServiceError, load_table


def void(game_id: int) -> bool:
    """A moderator voids the match: it counts in no statistic, ranking or rating.

    A match under way goes on to its end (its players may finish it), but counts for
    nobody. Returns False if it was voided already (nothing changes). Who did it is
    the caller's to record (accounts.sanctions.void_game).
    """
    with transaction.atomic():
        game = load_table(game_id)
        if game.status in (Game.OPEN, Game.CLOSED):
            raise ServiceError("not_started")
        if game.voided is not None:
            return False
        game.voided = timezone.now()
        game.save(update_fields=["voided"])
    return True
