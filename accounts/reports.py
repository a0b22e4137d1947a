"""Reports: a player reports another; a moderator takes the report, then closes it.

A player may not report themselves, has one pending report per player and reason,
and makes at most ``REPORT_RATE_LIMIT`` reports per period (counted in the cache).
Taking a report is a compare-and-swap, so that two moderators never handle the
same one; only the moderator who took it closes it, with a note.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import ModerationLog, Report
from accounts.sanctions import ModerationError, record
from games import services as game_services
from games.models import Game


class ReportError(Exception):
    """A refused report; nothing was recorded. ``message`` is for the player."""

    def __init__(self, message: object, field: str | None = None) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.field = field


def _rate(limit: str) -> tuple[int, int]:
    """``"5/h"`` → (5, 3600): so many reports per second, minute, hour or day."""
    count, _slash, period = limit.partition("/")
    return int(count), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period or "h"]


def _consume(reporter: AbstractBaseUser) -> bool:
    """Count one report of ``reporter``; False once the period's allowance is spent."""
    allowed, seconds = _rate(settings.REPORT_RATE_LIMIT)
    key = f"reports:{reporter.pk}"
    cache.add(key, 0, timeout=seconds)
    return cache.incr(key) <= allowed


def report(
    reporter: AbstractBaseUser,
    reported: AbstractBaseUser,
    reason: str,
    comment: str = "",
    game: Game | None = None,
) -> Report:
    """Record a report. ``game``: the match it is about, if the reported player sat there."""
    if reporter.pk == reported.pk:
        raise ReportError(_("Vous ne pouvez pas vous signaler vous-même."))
    if reason not in dict(Report.REASONS):
        raise ReportError(_("Choisissez un motif de la liste."), "reason")
    if game is not None and not game.seat_set.filter(player=reported).exists():
        raise ReportError(_("Ce joueur n’était pas assis à cette table."))
    if Report.objects.filter(
        reporter=reporter, reported=reported, reason=reason, status__in=Report.PENDING
    ).exists():
        raise ReportError(
            _("Vous avez déjà signalé ce joueur pour ce motif : la modération s’en occupe."), "reason"
        )
    if not _consume(reporter):
        raise ReportError(_("Vous avez fait beaucoup de signalements : réessayez plus tard."))
    try:
        with transaction.atomic():
            game_services.lock_player(reporter)  # a sanctioned player reports no one
            return Report.objects.create(
                reporter=reporter, reported=reported, reason=reason, comment=comment.strip(), game=game
            )
    except game_services.ServiceError as e:
        raise ReportError(e.message) from None
    except IntegrityError:  # the same report sent twice at once
        raise ReportError(
            _("Vous avez déjà signalé ce joueur pour ce motif : la modération s’en occupe."), "reason"
        ) from None


def take(moderator: AbstractBaseUser, report_id: int) -> Report:
    """A moderator takes an open report; refused if another already has."""
    now = timezone.now()
    with transaction.atomic():
        taken = Report.objects.filter(pk=report_id, status=Report.OPEN).update(
            status=Report.TAKEN, handler=moderator, taken=now
        )
        item = Report.objects.select_related("handler", "reported", "game").get(pk=report_id)
        if not taken:
            if item.status == Report.TAKEN:
                raise ModerationError(
                    _("%(name)s traite déjà ce signalement.") % {"name": item.handler.get_username()}
                )
            raise ModerationError(_("Ce signalement est déjà clos."))
        record(moderator, ModerationLog.TAKE_REPORT, item.reported, game=item.game, report=item)
    return item


def close(moderator: AbstractBaseUser, report_id: int, resolved: bool, note: str) -> Report:
    """Close a report taken by ``moderator``: resolved (acted upon) or dismissed, with a note."""
    note = (note or "").strip()
    if not note:
        raise ModerationError(_("Écrivez une note pour clore le signalement."))
    status = Report.RESOLVED if resolved else Report.DISMISSED
    with transaction.atomic():
        closed = Report.objects.filter(pk=report_id, status=Report.TAKEN, handler=moderator).update(
            status=status, closed=timezone.now(), note=note
        )
        item = Report.objects.select_related("reported", "game").get(pk=report_id)
        if not closed:
            raise ModerationError(_("Prenez d’abord ce signalement en charge : il n’est pas à vous."))
        action = ModerationLog.RESOLVE_REPORT if resolved else ModerationLog.DISMISS_REPORT
        record(moderator, action, item.reported, game=item.game, report=item, reason=note)
    return item
