"""What a moderator does to a game through the services (accounts.sanctions records who did it)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Game

from .core import ServiceError, find_table, load_table


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


def seat_sanctioned(game_id: int) -> bool:
    """R57: a player seated at ``game_id`` is being suspended or banned (called by
    accounts.sanctions inside the sanction's transaction, so that no move of the match
    comes between the two). A live match then counts for nobody, as an abandoned one:
    it is voided (no rating, no statistic, no result, as ``void`` says); it goes on to
    its end, the table playing the seat at once on every turn (``core.acts_for``), and
    its record and journal stand. A daily attempt is not a live table (R56): it stands
    as it is. Returns whether the match was voided now.
    """
    with transaction.atomic():
        game = find_table(game_id)
        if game is None or game.status not in Game.LIVE or game.daily or game.voided is not None:
            return False
        game.voided = timezone.now()
        game.save(update_fields=["voided"])
    return True
