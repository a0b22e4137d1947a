"""Moderation actions (docs/architecture.md §8): suspend, ban, lift, void a match, disqualify a
daily attempt, rename.

Each action is one function, called by the admin (never ``queryset.update()``),
that checks who may do it, makes the change in one transaction, and writes the
moderation log with its actor. A sanction takes effect at once, after commit
(``take_effect``):

- the account is made inactive (``is_active`` false): Django no longer accepts
  its sessions, allauth refuses its login (``accounts.adapter`` says why and until
  when), the websockets refuse it, and API tokens (knox checks ``is_active``) too;
- its sessions are ended (every key it logged in with, ``UserSession``): each keeps
  only who was in it, so that its next page says why (``accounts.middleware``);
- its websockets are closed on every process, with code 4403 (docs/protocol.md),
  through the per-user group each socket joins;
- it leaves the tables not yet started (``games.services.leave``: the table waits,
  or closes if it was the host's);
- at a match under way the table plays for its seat (R52) at once, and at every
  later turn (``games.services.core.start_clock``); the match counts for nobody
  (R57, ``games.services.seat_sanctioned``, in the sanction's own transaction).

Closing the sockets is best effort (the channel layer may be away, a message
lost): what keeps the player out is that every command asks, from the rows it
locks, who acts for the seat (``games.services.acts_for``), and that a socket
whose user is no longer active is closed at its next message (docs/protocol.md).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import ModerationLog, Notice, Report, Sanction, UserSession
from games import close_codes, services as game_services, transport
from games.models import Game
from leaderboard import services as daily
from leaderboard.models import DailyAttempt
from leaderboard.ratings import unrate

log = logging.getLogger(__name__)

# The close code of a sanctioned user's websockets (docs/protocol.md).
CLOSE_CODE = close_codes.SANCTIONED


class ModerationError(Exception):
    """A refused moderation action; nothing was changed. ``message`` is for the moderator."""

    def __init__(self, message: Any) -> None:
        super().__init__(str(message))
        self.message = str(message)


def record(
    actor: AbstractBaseUser,
    action: str,
    target: AbstractBaseUser | None = None,
    *,
    game: Game | None = None,
    report: Report | None = None,
    reason: str = "",
    **detail: Any,
) -> ModerationLog:
    """Write one entry of the moderation log."""
    return ModerationLog.objects.create(
        actor=actor, action=action, target=target, game=game, report=report, reason=reason, detail=detail
    )


def _locked(user_id: int) -> Any:
    """The user, their row locked until the transaction ends. SQLite has no row locks:
    there the database's write lock is taken first (a write that changes nothing), so
    that a sanction and a command at once wait for each other instead of one failing
    with "database is locked" (as games.services.core.write_lock)."""
    users = get_user_model().objects.filter(pk=user_id)
    if not connection.features.has_select_for_update:
        users.update(id=F("id"))
    return users.select_for_update().get()


def check_may_moderate(actor: AbstractBaseUser, target: AbstractBaseUser) -> None:
    """A moderator acts on players only: not on themselves, and only an administrator
    (superuser) acts on a member of the staff."""
    if actor.pk == target.pk:
        raise ModerationError(_("Vous ne pouvez pas vous sanctionner vous-même."))
    if (target.is_staff or target.is_superuser) and not actor.is_superuser:
        raise ModerationError(_("Seul un administrateur peut agir sur un membre de l’équipe."))


def current(user: AbstractBaseUser) -> Sanction | None:
    """The sanction that keeps ``user`` out: a ban if there is one, else the suspension
    that ends last; None if none is in force."""
    sanctions = [s for s in Sanction.objects.filter(user=user, ended__isnull=True) if s.in_force]
    bans = [s for s in sanctions if s.until is None]
    if bans:
        return bans[0]
    return max(sanctions, key=lambda s: s.until or timezone.now(), default=None)


def suspend(actor: AbstractBaseUser, user: AbstractBaseUser, until: datetime, reason: str) -> Sanction:
    """Suspend ``user`` until ``until``, with a reason the player is shown."""
    if until <= timezone.now():
        raise ModerationError(_("La fin de la suspension doit être dans le futur."))
    return _sanction(actor, user, Sanction.SUSPENSION, reason, until)


def ban(actor: AbstractBaseUser, user: AbstractBaseUser, reason: str) -> Sanction:
    """Ban ``user`` for good (until a moderator lifts it)."""
    return _sanction(actor, user, Sanction.BAN, reason, None)


def _sanction(
    actor: AbstractBaseUser, user: AbstractBaseUser, kind: str, reason: str, until: datetime | None
) -> Sanction:
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError(_("Donnez le motif de la sanction."))
    with transaction.atomic():
        user = _locked(user.pk)
        check_may_moderate(actor, user)
        sanction = Sanction.objects.create(user=user, kind=kind, reason=reason, until=until, by=actor)
        if user.is_active:
            user.is_active = False
            user.save(update_fields=["is_active"])
        action = ModerationLog.BAN if kind == Sanction.BAN else ModerationLog.SUSPEND
        record(actor, action, user, reason=reason, until=until.isoformat() if until else None)
        for game_id in _seated(user).filter(status__in=Game.LIVE).values_list("pk", flat=True):
            game_services.seat_sanctioned(game_id)  # R57: the match counts for nobody
        user_id = user.pk
        transaction.on_commit(lambda: take_effect(user_id))
    return sanction


def notice(user: AbstractBaseUser) -> dict[str, Any]:
    """What the user's pages are told before their sockets close: a ban, or a suspension
    and its end (docs/protocol.md, ``sanctioned``)."""
    sanction = Sanction.objects.filter(user=user, ended__isnull=True).order_by("-created").first()
    if sanction is None or sanction.kind == Sanction.BAN or sanction.until is None:
        return {"type": "sanctioned", "sanction": Sanction.BAN, "until": None}
    return {"type": "sanctioned", "sanction": Sanction.SUSPENSION, "until": sanction.until.isoformat()}


def take_effect(user_id: int) -> None:
    """Put the user out at once: sessions, sockets, tables not yet started, turns."""
    User = get_user_model()
    user = User.objects.get(pk=user_id)
    end_sessions(user)
    try:
        transport.close_user_sockets(user_id, CLOSE_CODE, notice(user))
    except Exception:  # the channel layer is away: the tables below are still left
        log.exception("could not close the sockets of user %s", user_id)
    seated = _seated(user)
    for game_id in seated.filter(status=Game.OPEN).values_list("pk", flat=True):
        try:  # the table takes the sanctioned player out (games.services.acting_seat)
            game_services.leave(game_id, user, by=game_services.TABLE)
        except game_services.ServiceError:  # started, closed or lifted meanwhile: nothing to leave
            pass
    for game_id in seated.filter(status__in=Game.LIVE).values_list("pk", flat=True):
        game_services.restart_clock(game_id)


def _seated(user: AbstractBaseUser) -> QuerySet[Game]:
    """The games ``user`` sits at."""
    return Game.objects.filter(seat_set__player=user)


def end_sessions(user: AbstractBaseUser) -> int:
    """Log the user out everywhere: every session they logged in with is emptied but for
    who was in it, so that its next page says why (``accounts.middleware``)."""
    from importlib import import_module

    from django.conf import settings

    from accounts.middleware import SANCTIONED

    store = import_module(settings.SESSION_ENGINE).SessionStore
    ended = 0
    for key in UserSession.objects.filter(user=user).values_list("session_key", flat=True):
        session = store(session_key=key)
        if session.exists(key):
            session.clear()
            session[SANCTIONED] = user.pk
            session.save()
            ended += 1
    UserSession.objects.filter(user=user).delete()
    return ended


def lift(actor: AbstractBaseUser, user: AbstractBaseUser, reason: str) -> int:
    """Lift every sanction in force on ``user``; the account is active again."""
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError(_("Donnez le motif de la levée."))
    with transaction.atomic():
        user = _locked(user.pk)
        check_may_moderate(actor, user)
        lifted = [s for s in Sanction.objects.filter(user=user, ended__isnull=True) if s.in_force]
        if not lifted:
            raise ModerationError(_("Aucune sanction n’est en cours pour ce joueur."))
        now = timezone.now()
        Sanction.objects.filter(pk__in=[s.pk for s in lifted]).update(ended=now, lifted_by=actor)
        user.is_active = True
        user.save(update_fields=["is_active"])
        record(actor, ModerationLog.LIFT, user, reason=reason, sanctions=[s.pk for s in lifted])
    return len(lifted)


def end_expired(user: AbstractBaseUser | None = None) -> int:
    """Suspensions whose end has passed stop: their players are active again (unless
    another sanction is still in force). Run by celery beat and before each login."""
    now = timezone.now()
    over = Sanction.objects.filter(ended__isnull=True, until__lte=now)
    if user is not None:
        over = over.filter(user=user)
    done = 0
    for user_id in set(over.values_list("user_id", flat=True)):
        with transaction.atomic():
            player = _locked(user_id)
            Sanction.objects.filter(user=player, ended__isnull=True, until__lte=now).update(ended=now)
            if not Sanction.objects.filter(user=player, ended__isnull=True).exists() and not player.is_active:
                player.is_active = True
                player.save(update_fields=["is_active"])
                done += 1
    return done


def void_game(actor: AbstractBaseUser, game: Game, reason: str) -> bool:
    """Void a match: out of statistics, rankings and ratings (its rating changes undone
    exactly). Returns False if it was voided already."""
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError(_("Donnez le motif de l’annulation."))
    with transaction.atomic():
        try:
            voided = game_services.void(game.pk)
        except game_services.ServiceError:
            raise ModerationError(_("Une partie qui n’a pas commencé ne peut pas être annulée.")) from None
        if not voided:
            return False
        unrate(game.pk)  # its rating changes undone, the later matches rated again
        record(actor, ModerationLog.VOID, game=game, reason=reason)
    return True


def disqualify(actor: AbstractBaseUser, attempt: DailyAttempt, reason: str) -> bool:
    """Take a daily attempt out of its day's ranking (and its deals' travellers): the
    ranks below move up. Returns False if it was disqualified already."""
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError(_("Donnez le motif de la disqualification."))
    with transaction.atomic():
        attempt = DailyAttempt.objects.select_for_update().select_related("challenge").get(pk=attempt.pk)
        if attempt.disqualified is not None:
            return False
        attempt.disqualified = timezone.now()
        attempt.save(update_fields=["disqualified"])
        daily.recount(attempt.challenge)  # the counts the ranks are read from, without it
        record(
            actor,
            ModerationLog.DISQUALIFY,
            attempt.player,
            game=attempt.game,
            reason=reason,
            day=attempt.challenge.date.isoformat(),
        )
    return True


def rename(actor: AbstractBaseUser, user: AbstractBaseUser, name: str, reason: str) -> None:
    """Give an offensive username a new one; the player is told on their next page."""
    from allauth.account.adapter import get_adapter

    reason = (reason or "").strip()
    if not reason:
        raise ModerationError(_("Donnez le motif du changement."))
    try:
        name = get_adapter().clean_username((name or "").strip())
    except ValidationError as e:
        raise ModerationError(" ".join(e.messages)) from None
    User = get_user_model()
    with transaction.atomic():
        user = _locked(user.pk)
        check_may_moderate(actor, user)
        old = user.get_username()
        setattr(user, User.USERNAME_FIELD, name)
        user.save(update_fields=[User.USERNAME_FIELD])
        Notice.objects.create(user=user, kind=Notice.RENAMED, data={"old": old, "new": name})
        user_id = user.pk
        transaction.on_commit(lambda: flag_notice(user_id))
        record(actor, ModerationLog.RENAME, user, reason=reason, old=old, new=name)


def flag_notice(user_id: int) -> None:
    """Raise the notice flag in every open session of the user (accounts.middleware)."""
    from importlib import import_module

    from django.conf import settings

    from accounts.middleware import NOTICE_FLAG

    store = import_module(settings.SESSION_ENGINE).SessionStore
    for key in UserSession.objects.filter(user_id=user_id).values_list("session_key", flat=True):
        session = store(session_key=key)
        if session.exists(key):
            session[NOTICE_FLAG] = True
            session.save()
