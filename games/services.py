"""Every change to a game goes through here (DESIGN.md §3).

Each command is one synchronous function and one database transaction: it locks
the game row (``select_for_update``), checks the sender's expected version (a
stale or duplicate command changes nothing), applies the engine, appends the
move log, saves the snapshot and the new version, and commits. Only then are
the seats, the spectators and the lobby told (``transaction.on_commit``).
Consumers call these functions with ``database_sync_to_async``.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, F, Max, OuterRef, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import broadcast, signals
from games.models import ROBOT_NAMES, Connection, Game, Move, Round, Seat
from games.rules import (
    OVER,
    PLAYING,
    ROUND_OVER,
    Action,
    Match,
    RuleError,
    apply,
    commitment,
    deal,
    deal_round,
    get_ruleset,
    new_match,
    robots,
    round_seed,
    table_play,
    tile_str,
    to_json,
    view,
)
from games.rules.record import event_action
from leaderboard import ratings

log = logging.getLogger(__name__)

# What a player is told, in French first, for each refusal. The engine's own codes
# (RuleError) are named here too, so that no English text reaches a page.
MESSAGES = {
    "not_found": _("Cette table n’existe pas."),
    "closed": _("Cette table est fermée."),
    "abandoned": _("Cette partie a été abandonnée."),
    "full": _("Toutes les places de cette table sont prises."),
    "already_seated": _("Vous êtes déjà assis à cette table."),
    "not_seated": _("Vous n’êtes pas assis à cette table."),
    "started": _("La partie a déjà commencé."),
    "not_started": _("La partie n’a pas encore commencé."),
    "not_host": _("Seul l’hôte de la table peut faire cela."),
    "not_between_rounds": _("La manche n’est pas terminée."),
    "stale_version": _("Votre vue de la table n’était plus à jour : la voici à nouveau."),
    "bad_variant": _("Cette variante n’existe pas."),
    "bad_seats": _("Ce nombre de places n’est pas permis pour cette variante."),
    "bad_target": _("Cet objectif n’est pas permis pour cette variante."),
    "not_your_turn": _("Ce n’est pas votre tour."),
    "tile_not_in_hand": _("Ce domino n’est pas dans votre main."),
    "does_not_fit": _("Ce domino ne convient à aucun bout."),
    "bad_end": _("Ce domino ne convient pas à ce bout."),
    "end_required": _("Ce domino convient à plusieurs bouts : dites lequel."),
    "open_required": _("Dites quel chiffre reste ouvert."),
    "bad_open": _("Ce chiffre ne peut pas rester ouvert."),
    "must_play": _("Ce coup n’est pas permis."),
    "cannot_draw": _("Ce coup n’est pas permis."),
    "bad_tile": _("Ce domino n’existe pas."),
    "bad_action": _("Ce coup est mal formé."),
    "match_over": _("La partie est terminée."),
    "no_round": _("Aucune manche n’est en cours."),
    "day_over": _("Le jour de ce défi est passé : la tentative ne peut plus être jouée."),
    "not_over": _("La partie n’est pas terminée."),
    "busy": _(
        "Vous êtes déjà assis à une autre table : finissez-y la partie, ou quittez-la avant qu’elle commence."
    ),
}


class ServiceError(Exception):
    """A refused command. Nothing was changed; ``code`` names the problem for programs."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}" if detail else code)

    @property
    def message(self) -> str:
        return str(MESSAGES.get(self.code, self.detail or self.code))


class Busy(ServiceError):
    """R56: the player already sits at a live table, ``game`` (a link back to it is due)."""

    def __init__(self, game: Game) -> None:
        super().__init__("busy", f"seated at table {game.pk}")
        self.game = game


@dataclass(frozen=True)
class Change:
    """What a command did, as the broadcast needs it."""

    game_id: int
    version: int
    events: list[dict[str, Any]]
    snapshot: dict[str, Any]


def _lock(game_id: int) -> Game | None:
    """The game, its row locked until the transaction ends; None if there is no such game.

    It is the first thing a command reads. SQLite has no row locks: there the command
    takes the database's write lock before reading anything (a write that changes
    nothing), so that two commands at once wait for each other instead of one
    failing half-way with "database is locked".
    """
    if not connection.features.has_select_for_update:
        Game.objects.filter(pk=game_id).update(version=F("version"))
    return Game.objects.select_for_update().filter(pk=game_id).first()


def _locked(game_id: int) -> Game:
    game = _lock(game_id)
    if game is None:
        raise ServiceError("not_found")
    return game


def _check_version(game: Game, version: object) -> None:
    if type(version) is not int or version != game.version:
        raise ServiceError("stale_version", f"the table is at version {game.version}, not {version!r}")


def _check_not_ended(game: Game) -> None:
    """Refuse any command at a table that has ended, saying how it ended."""
    if game.status == Game.CLOSED:
        raise ServiceError("closed")
    if game.status == Game.ABANDONED:
        raise ServiceError("abandoned")
    if game.status == Game.OVER:
        raise ServiceError("match_over")
    if game.daily and game.day_over():  # R63: an attempt is played on its day only
        raise ServiceError("day_over")


def _seat_of(game: Game, user: AbstractBaseUser) -> int:
    index = game.seat_set.filter(player_id=user.pk).values_list("index", flat=True).first()
    if index is None:
        raise ServiceError("not_seated")
    return index


def _bump(
    game: Game, events: list[dict[str, Any]], *, lobby: bool = False, present: int | None = None
) -> Change:
    """Save a change under a new version, restart the clock, and broadcast after commit.

    ``present``: a seat whose player is acting now, so is there even before their socket.
    """
    game.version += 1
    _start_clock(game, present)
    game.save()
    change = Change(game.pk, game.version, events, broadcast.snapshot(game, events))
    transaction.on_commit(lambda: broadcast.game_changed(change))
    if lobby:
        transaction.on_commit(lambda: broadcast.lobby_changed(game.pk))
    return change


# Clocks (R52–R54) -------------------------------------------------------------
#
# The deadline is stored on the game: the database, not a timer, says when the
# table acts. A Celery task is timed for it after commit; it acts only if that
# same version is still waiting and the deadline has passed, so a late, lost or
# duplicated task is harmless. The watchdog (``sweep``) acts on any deadline
# whose task never came.


# Who acts for a seat -----------------------------------------------------------
#
# The one place that says who acts on a turn: the seat's player; the house robot
# (games.rules.robots) on its seat's view, after ROBOT_SECONDS; the table for the
# player when their clock runs out (R52, R53). A robot's turn runs on the same
# clock as a player's (deadline on the game, timed task, watchdog), so that it
# survives a worker's restart like any other.

PLAYER = "player"
ROBOT = "robot"
# The player may no longer play (suspended or banned, accounts.sanctions): the table
# plays for the seat at once, at every turn (R52), so that the others can finish.
TABLE = "table"


def acts_for(game: Game, seat: int) -> str:
    """Who plays ``seat``'s turns: ``PLAYER`` (or the table for them when their clock runs
    out), ``ROBOT``, or ``TABLE`` at once for a sanctioned player at a live table."""
    robot, active = game.seat_set.filter(index=seat).values_list("robot", "player__is_active").first() or (
        False,
        True,
    )
    if game.daily:  # an attempt's robots; its player's attempt waits for them (R56, R63)
        return ROBOT if robot else PLAYER
    return TABLE if active is False else PLAYER  # no robot sits at a live table (R50)


def _turn_seconds(game: Game, present: int | None) -> float | None:
    """How long the seat to play has, or None while the table waits for its player."""
    turn = game.turn
    assert turn is not None
    who = acts_for(game, turn)
    if who == TABLE:
        return 0.0
    if who == ROBOT:
        if not _anyone_here(game, present):  # R56: robots wait for the player
            return None
        return settings.ROBOT_SECONDS
    here = turn == present or _connected(game, turn)
    if game.daily and not here:  # R56, R63: an attempt waits for its player
        return None
    return settings.TURN_SECONDS if here else settings.AWAY_SECONDS  # R52, R53


def _due_action(game: Game, match: Match) -> tuple[Action, bool]:
    """What is played when the turn's deadline passes, and whether the table played it."""
    assert match.round is not None
    seat = match.round.turn
    if acts_for(game, seat) == ROBOT:
        return Action.from_dict(robots.choose(view(match, seat))), False
    return table_play(match), True  # R52: the first tile of the hand that fits


def _anyone_here(game: Game, present: int | None) -> bool:
    return present is not None or game.connections.filter(seat__isnull=False).exists()


def _start_clock(game: Game, present: int | None = None) -> None:
    """Set the deadline of what the table now waits for, and time its task."""
    now = timezone.now()
    game.deadline = None
    if game.daily and game.day_over():
        pass  # R63: the attempt stands as it is
    elif game.status == Game.PLAYING:
        seconds = _turn_seconds(game, present)
        if seconds is not None:
            game.deadline = now + timedelta(seconds=seconds)
    elif game.status == Game.ROUND_OVER and (not game.daily or _anyone_here(game, present)):
        game.deadline = now + timedelta(seconds=settings.ROUND_PAUSE_SECONDS)  # R54
    if game.deadline is not None:
        _time_task(game)


def restart_clock(game_id: int) -> None:
    """Time the turn under way again from who holds the seat now: a player just suspended
    or banned on their turn is played for at once (R52), without waiting out their clock."""
    with transaction.atomic():
        game = _lock(game_id)
        if game is None or game.status != Game.PLAYING:
            return
        if game.turn is None or acts_for(game, game.turn) != TABLE:
            return
        game.deadline = timezone.now()
        game.save(update_fields=["deadline"])
        _time_task(game)
        transaction.on_commit(lambda: broadcast.presence_changed(game_id))


def void(game_id: int) -> bool:
    """A moderator voids the match: it counts in no statistic, ranking or rating.

    A match under way goes on to its end (its players may finish it), but counts for
    nobody. Returns False if it was voided already (nothing changes). Who did it is
    the caller's to record (accounts.sanctions.void_game).
    """
    with transaction.atomic():
        game = _locked(game_id)
        if game.status in (Game.OPEN, Game.CLOSED):
            raise ServiceError("not_started")
        if game.voided is not None:
            return False
        game.voided = timezone.now()
        game.save(update_fields=["voided"])
    return True


def _time_task(game: Game) -> None:
    game_id, version, deadline = game.pk, game.version, game.deadline
    task = "games.tasks.autoplay" if game.status == Game.PLAYING else "games.tasks.next_round"
    transaction.on_commit(lambda: _send_task(task, game_id, version, deadline))


def _send_task(task: str, game_id: int, version: int, eta: datetime | None) -> None:
    from config.celery import app  # config imports this module's app: import it when used

    try:
        app.send_task(task, args=(game_id, version), eta=eta)
    except Exception:  # the broker is down: the watchdog will act on the stored deadline
        log.exception("could not time %s for game %s version %s", task, game_id, version)


def _due(game: Game, version: int, status: str) -> bool:
    """Whether ``version`` of the game still waits in ``status`` and its deadline has passed."""
    return (
        game.version == version
        and game.status == status
        and game.deadline is not None
        and game.deadline <= timezone.now()
        and not (game.daily and game.day_over())
    )


def _waits_for_nobody(game: Game) -> bool:
    """R56: while no seat of the match is connected, the table waits: no clock runs, and it
    plays for nobody. A table found so (nobody ever came back to it) is noted deserted from now.
    (A daily attempt waits in its own way: its clock is taken off, see ``_turn_seconds``.)"""
    if game.daily or (game.deserted is None and game.connections.filter(seat__isnull=False).exists()):
        return False
    if game.deserted is None:
        game.deserted = timezone.now()
        game.save(update_fields=["deserted"])
    return True


def autoplay_if_due(game_id: int, version: int) -> Change | None:
    """R52, R53, R61: the deadline of the turn of ``version`` passed: play it.

    For a player, the table plays the engine's ``table_play`` (the first tile of
    the hand that fits, on the first end); for a robot, the robot plays
    (``_due_action``). Does nothing if that turn has been played, is not yet due,
    or the game is gone: a late or repeated timer changes nothing.
    """
    with transaction.atomic():
        game = _lock(game_id)
        if game is None or not _due(game, version, Game.PLAYING) or _waits_for_nobody(game):
            return None
        match = game.match
        action, auto = _due_action(game, match)
        match, events = apply(match, action)
        for event in events:  # the first event is the seat's own play; forced ones follow
            if auto and event["type"] == "play" and event["seat"] == action.seat:
                event["auto"] = True
                break
        _record(game, match, events)
        return _bump(game, events)


def next_round_if_due(game_id: int, version: int) -> Change | None:
    """R54: the pause between rounds is over: deal the next one, unless the host already has."""
    with transaction.atomic():
        game = _lock(game_id)
        if game is None or not _due(game, version, Game.ROUND_OVER) or _waits_for_nobody(game):
            return None
        game.status = Game.PLAYING
        events = _deal(game, game.match)
        return _bump(game, events)


def act_if_due(game_id: int) -> Change | None:
    """Whatever the game's passed deadline calls for, at its current version (the watchdog)."""
    game = Game.objects.filter(pk=game_id).values("version", "status").first()
    if game is None:
        return None
    if game["status"] == Game.PLAYING:
        return autoplay_if_due(game_id, game["version"])
    if game["status"] == Game.ROUND_OVER:
        return next_round_if_due(game_id, game["version"])
    return None


def abandon_if_due(game_id: int) -> Change | None:
    """Close a table nobody joined in time, or a match nobody stayed at, as abandoned."""
    now = timezone.now()
    with transaction.atomic():
        game = _lock(game_id)
        if game is None:
            return None
        if game.status == Game.OPEN:
            joined = game.seat_set.aggregate(last=Max("joined"))["last"] or game.created
            if joined > now - timedelta(seconds=settings.OPEN_TABLE_TIMEOUT_SECONDS):
                return None
        elif game.status in Game.LIVE and not game.daily:  # an attempt is never abandoned (R56)
            if game.connections.filter(seat__isnull=False).exists():
                if game.deserted is not None:
                    _resume(game)
                return None
            if game.deserted is None or game.deserted > now - timedelta(
                seconds=settings.DESERTED_TIMEOUT_SECONDS
            ):
                return None
        else:
            return None
        game.status = Game.ABANDONED
        game.finished = now
        return _bump(game, [{"type": "abandoned"}], lobby=True)


def sweep() -> dict[str, int]:
    """The watchdog, run every SWEEP_SECONDS by celery beat; returns what it did.

    It forgets sockets whose process died (no heartbeat), acts on every deadline
    that has passed (its timer was lost, say, with a worker restarted), and closes
    abandoned tables.
    """
    now = timezone.now()
    done = {"connections": 0, "deadlines": 0, "abandoned": 0}
    stale = now - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    for channel in Connection.objects.filter(seen__lt=stale).values_list("channel", flat=True):
        disconnect(channel, grace=False)
        done["connections"] += 1
    # Sockets closed longer ago than their grace, whose timed task was lost (R53).
    graced = now - timedelta(seconds=settings.PRESENCE_GRACE_SECONDS)
    for channel in Connection.objects.filter(closed__lte=graced).values_list("channel", flat=True):
        leave_if_away(channel)
    # R56: a table that waits for nobody has no clock running.
    overdue = (
        Game.objects.filter(deadline__lte=now, status__in=Game.LIVE, deserted__isnull=True)
        .exclude(daily=True, playable_until__lte=now)
        .values_list("pk", flat=True)
    )
    for game_id in overdue:
        done["deadlines"] += act_if_due(game_id) is not None
    # A match with no seat connected: note since when (connect and disconnect keep it too).
    seated = Connection.objects.filter(game=OuterRef("pk"), seat__isnull=False)
    Game.objects.filter(status__in=Game.LIVE, deserted__isnull=True, daily=False).exclude(
        Exists(seated)
    ).update(deserted=now)
    deserted = now - timedelta(seconds=settings.DESERTED_TIMEOUT_SECONDS)
    unjoined = now - timedelta(seconds=settings.OPEN_TABLE_TIMEOUT_SECONDS)
    candidates = list(
        Game.objects.filter(status__in=Game.LIVE, deserted__lte=deserted, daily=False).values_list(
            "pk", flat=True
        )
    ) + list(
        Game.objects.filter(status=Game.OPEN, created__lte=unjoined)
        .annotate(last=Max("seat_set__joined"))
        .filter(last__lte=unjoined)
        .values_list("pk", flat=True)
    )
    for game_id in candidates:
        done["abandoned"] += abandon_if_due(game_id) is not None
    return done


# Tables ---------------------------------------------------------------------


def live_tables_of(user: AbstractBaseUser) -> QuerySet[Game]:
    """The live tables ``user`` sits at (R56): an open table or a match in play. A daily
    attempt (with its robot seats) is not a live table."""
    return (
        Game.objects.filter(seat_set__player_id=user.pk, status__in=(Game.OPEN, *Game.LIVE))
        .exclude(daily=True)
        .order_by("-created", "-pk")
    )


def _lock_user(user: AbstractBaseUser) -> None:
    """Lock the user's row until the transaction ends (on SQLite, take the write lock, as _lock)."""
    users = get_user_model().objects.filter(pk=user.pk)
    if connection.features.has_select_for_update:
        users.select_for_update().exists()
    else:
        users.update(id=F("id"))


def _check_free(user: AbstractBaseUser) -> None:
    """R56: a player sits at one live table at a time. The user's row is locked first, so
    that two tables joined at once (two tabs) are taken one after the other: the second
    is refused."""
    _lock_user(user)
    live = live_tables_of(user).first()
    if live is not None:
        raise Busy(live)


def open_table(
    user: AbstractBaseUser,
    variant: str,
    seats: int,
    target: int | None,
    public: bool,
    rated: bool | None = None,
    seed: str = "",
) -> Game:
    """Open a table (R51); the host takes seat 0 (R50).

    ``rated``: whether the match moves its players' ratings ("classée"); by default a
    public table is rated and a private one friendly ("amicale").
    ``seed``: where the rounds' seeds come from (``Game.seed``): empty for a live
    table, each round then dealt from a fresh secret seed (R12); tests give one to
    deal known hands.
    """
    rated = public if rated is None else bool(rated)
    try:
        rules = get_ruleset(variant)
        rules.check_seats(seats)
        target = rules.default_target if target is None else rules.check_target(target)
    except RuleError as e:
        raise ServiceError(e.code, e.message) from None
    with transaction.atomic():
        _check_free(user)
        game = Game.objects.create(
            host=user, variant=variant, seats=seats, target=target, public=public, rated=rated, seed=seed
        )
        Seat.objects.create(game=game, index=0, player=user)
        _bump(game, [{"type": "seated", "seat": 0}], lobby=True)
    return game


def open_attempt(
    user: AbstractBaseUser, variant: str, seats: int, seed: str, playable_until: datetime
) -> Game:
    """A daily challenge attempt (R61): five rounds, no target, ``user`` in seat 0 and
    house robots in the others, dealt from ``round_seed(seed, n)``; it starts at once."""
    try:
        get_ruleset(variant).check_seats(seats)
    except RuleError as e:
        raise ServiceError(e.code, e.message) from None
    with transaction.atomic():
        game = Game.objects.create(
            host=user,
            variant=variant,
            seats=seats,
            target=None,
            public=True,
            seed=seed,
            daily=True,
            playable_until=playable_until,
            status=Game.PLAYING,
            started=timezone.now(),
        )
        Seat.objects.create(game=game, index=0, player=user)
        Seat.objects.bulk_create(Seat(game=game, index=i, robot=ROBOT_NAMES[i - 1]) for i in range(1, seats))
        events: list[dict[str, Any]] = [{"type": "seated", "seat": i} for i in range(seats)]
        events += _deal(game, new_match(variant, seats, None))
        _bump(game, events, present=0)
    return game


def join(game_id: int, user: AbstractBaseUser, invitation: str | None = None) -> Change:
    """Take the next free seat (R50); the match starts when every seat is taken."""
    with transaction.atomic():
        _lock_user(user)  # first: see _check_free
        game = _locked(game_id)
        if not game.can_watch(user, invitation):
            raise ServiceError("not_found")
        _check_not_ended(game)
        if game.seat_set.filter(player_id=user.pk).exists():
            raise ServiceError("already_seated")
        if game.status != Game.OPEN:
            raise ServiceError("started")
        _check_free(user)
        taken = set(game.seat_set.values_list("index", flat=True))
        free = [i for i in range(game.seats) if i not in taken]
        if game.rematch_of_id is not None:
            # A return match: its players only, each at its seat, one further on than before.
            seat = _rematch_seat(game, user)
            free = sorted(free, key=lambda i: i != seat) if seat in free else []
        if not free:
            raise ServiceError("full")
        try:
            with transaction.atomic():
                Seat.objects.create(game=game, index=free[0], player=user)
        except IntegrityError:
            raise ServiceError("already_seated") from None
        events: list[dict[str, Any]] = [{"type": "seated", "seat": free[0]}]
        if len(free) == 1:
            game.status = Game.PLAYING
            game.started = timezone.now()
            match = new_match(game.variant, game.seats, game.target)
            events += _deal(game, match)
        # The player taking the last seat is on their way to the table: a full first turn.
        return _bump(game, events, lobby=True, present=free[0])


def _rematch_seat(game: Game, user: AbstractBaseUser) -> int | None:
    """The seat of ``user`` at the return match ``game``: one further on than at the first."""
    before = Seat.objects.filter(game_id=game.rematch_of_id, player_id=user.pk).values_list(
        "index", flat=True
    )
    index = before.first()
    return None if index is None else (index + 1) % game.seats


def rematch(game_id: int, user: AbstractBaseUser) -> Game:
    """ "Revanche": the same players, a new table with the same options, each player one seat
    further on. The first to ask opens it (its host is the player whose seat is now 0); the
    others take their seats as they ask; it starts when all have come (R50)."""
    with transaction.atomic():
        _lock_user(user)
        old = _locked(game_id)
        _seat_of(old, user)
        if old.status != Game.OVER:
            raise ServiceError("not_over")
        if old.daily:  # a daily attempt is played once, against the house robots (R61)
            raise ServiceError("not_found")
        new = Game.objects.filter(rematch_of=old).first()
        if new is None:
            _check_free(user)
            last = old.seat_set.get(index=old.seats - 1).player  # one seat on: seat 0 now
            new = Game.objects.create(
                host=last,
                variant=old.variant,
                seats=old.seats,
                target=old.target,
                public=old.public,
                rematch_of=old,
            )
            _bump(new, [])
            # The finished table's pages learn of it (a link to the return match).
            _bump(old, [{"type": "rematch", "seat": _seat_of(old, user), "table": new.pk}])
    if new.seat_set.filter(player_id=user.pk).exists():
        return new
    join(new.pk, user, new.invitation)
    return new


def leave(game_id: int, user: AbstractBaseUser) -> Change:
    """Leave before the start: the seat is freed; the host leaving closes the table."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, user)
        _check_not_ended(game)
        if game.status != Game.OPEN:
            raise ServiceError("started")
        if seat == 0:
            game.status = Game.CLOSED
            game.finished = timezone.now()
            game.seat_set.all().delete()
            return _bump(game, [{"type": "closed"}], lobby=True)
        game.seat_set.filter(index=seat).delete()
        return _bump(game, [{"type": "left", "seat": seat}], lobby=True)


# Play -----------------------------------------------------------------------


def play(game_id: int, user: AbstractBaseUser, move: dict[str, Any], version: object) -> Change:
    """A seat's play: ``move`` is ``{"tile", "end"?, "open"?}`` (docs/protocol.md)."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, user)
        if game.status == Game.OPEN:
            raise ServiceError("not_started")
        _check_not_ended(game)
        _check_version(game, version)
        try:
            action = Action.from_dict({"seat": seat, **move})
            match, events = apply(game.match, action)
        except RuleError as e:
            raise ServiceError(e.code, e.message) from None
        _record(game, match, events)
        return _bump(game, events)


def next_round(game_id: int, user: AbstractBaseUser, version: object) -> Change:
    """Deal the next round once the last one is over (R54): the host's button."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, user)
        if seat != 0:
            raise ServiceError("not_host")
        _check_not_ended(game)
        _check_version(game, version)
        if game.status != Game.ROUND_OVER:
            raise ServiceError("not_between_rounds")
        game.status = Game.PLAYING
        events = _deal(game, game.match)
        return _bump(game, events)


def _deal(game: Game, match: Match) -> list[dict[str, Any]]:
    """Deal the next round and log its forced actions.

    Its seed (R12) is ``round_seed(game.seed, n)`` when the game has a seed (a daily
    attempt, a test), else a fresh one from a cryptographically secure source.
    """
    number = match.round.number + 1 if match.round is not None else 1
    seed = round_seed(game.seed, number) if game.seed else secrets.token_hex(32)
    dealt = deal(seed, get_ruleset(game.variant), game.seats)
    match, events = deal_round(match, seed)
    assert match.round is not None
    Round.objects.create(
        game=game,
        number=match.round.number,
        seed=seed,
        commitment=commitment(seed),
        hands=[[tile_str(t) for t in hand] for hand in dealt.hands],
        stock=[tile_str(t) for t in dealt.stock],
    )
    _record(game, match, events)
    return events


def _record(game: Game, match: Match, events: list[dict[str, Any]]) -> None:
    """Append the actions of ``events`` to the log and save the new state."""
    rules = get_ruleset(game.variant)
    # The current round and the last move's number, in one query.
    last_seq = Subquery(game.moves.order_by("-seq").values("seq")[:1])
    latest = game.rounds.order_by("-number").annotate(last_seq=last_seq).values_list("pk", "last_seq").first()
    assert latest is not None
    round_id, seq = latest[0], (latest[1] or 0) + 1
    moves = []
    for event in events:
        action = event_action(event, rules.wild_blanks)
        if action is None:
            continue
        kind = Move.PLAY if "play" in action else Move.DRAW if "draw" in action else Move.PASS
        moves.append(
            Move(
                game=game,
                round_id=round_id,
                seq=seq,
                version=game.version + 1,
                seat=event["seat"],
                kind=kind,
                tile=event.get("tile") or "",
                end=action.get("end") or "",
                open=action.get("open"),
                forced=bool(event.get("forced")),
                auto=bool(event.get("auto")),
            )
        )
        seq += 1
    Move.objects.bulk_create(moves)
    game.state = to_json(match)
    game.turn = match.round.turn if match.status == PLAYING and match.round is not None else None
    if match.status in (ROUND_OVER, OVER):
        Round.objects.filter(pk=round_id).update(finished=timezone.now())
    if match.status == ROUND_OVER:
        game.status = Game.ROUND_OVER
    elif match.status == OVER:
        _finish(game, match)
    elif match.status == PLAYING:
        game.status = Game.PLAYING
    if match.status in (ROUND_OVER, OVER):
        signals.round_scored.send(sender=Game, game=game, match=match)


def _finish(game: Game, match: Match) -> None:
    rules = get_ruleset(game.variant)
    game.status = Game.OVER
    game.finished = timezone.now()
    winner = match.winner
    game.winner = list(winner) if isinstance(winner, tuple) else winner
    winners = set(winner) if isinstance(winner, tuple) else {winner}
    for seat in game.seat_set.all():  # robots' seats too: the record of the match
        side = rules.side_of(seat.index)
        seat.score = match.scores[side]
        seat.won = side in winners
        seat.save(update_fields=["score", "won"])
    if game.rated:  # after the commit, so that a slow rating never delays this play
        ratings.rate_after_commit(game.pk)


# Connections ----------------------------------------------------------------


def connect(
    game_id: int, user: AbstractBaseUser | None, channel: str, invitation: str | None = None
) -> int | None:
    """Record an open websocket on a table; return its seat (None: a spectator).

    A seated player plays from any number of tabs. Others watch: a public table,
    or a private one whose invitation they hold.
    """
    with transaction.atomic():
        game = _locked(game_id)
        seat = None
        if user is not None and user.is_authenticated:
            seat = game.seat_set.filter(player_id=user.pk).values_list("index", flat=True).first()
        if seat is None and not game.can_watch(user, invitation):
            raise ServiceError("not_found")
        was = _connected(game, seat)
        if seat is not None:
            # A reload: the socket that closed a moment ago (in its grace) was this one's.
            Connection.objects.filter(game=game, seat=seat, closed__isnull=False).delete()
        Connection.objects.create(
            game=game, user=user if seat is not None else None, seat=seat, channel=channel
        )
        if seat is not None and game.deserted is not None:
            _resume(game)
        if seat is not None and game.daily and game.status in Game.LIVE and game.deadline is None:
            # R56: the attempt waited for its player; its clock starts again.
            _start_clock(game, seat)
            game.save(update_fields=["deadline"])
        # R53: coming back gives no time back; the deadline stays as it is.
        if seat is None or not was:  # a player back, or one more spectator
            transaction.on_commit(lambda: broadcast.presence_changed(game_id))
    return seat


def _resume(game: Game) -> None:
    """R56: a player is back at a table that waited for nobody. The clock of what the table
    waits for starts again with the time it had left when the last player went, at most
    AWAY_SECONDS if the seat to play is still away (R53)."""
    assert game.deserted is not None
    changed = ["deserted"]
    if game.deadline is not None and game.status in Game.LIVE:
        left = max(timedelta(0), game.deadline - game.deserted)
        if game.status == Game.PLAYING and game.turn is not None and not _connected(game, game.turn):
            left = min(left, timedelta(seconds=settings.AWAY_SECONDS))
        game.deadline = timezone.now() + left
        changed.append("deadline")
        _time_task(game)
    game.deserted = None
    game.save(update_fields=changed)


def disconnect(channel: str, grace: bool = True) -> None:
    """A socket closed (or its process died: ``grace=False``).

    R53: a seat counts as disconnected only once it has had no open socket for
    PRESENCE_GRACE_SECONDS: the last socket of a seat is kept, marked closed, for that
    long (a reload opens the next one in time), then ``leave_if_away`` counts the seat
    away, timed by a task and caught by the watchdog.
    """
    game_id = Connection.objects.filter(channel=channel).values_list("game_id", flat=True).first()
    if game_id is None:
        return
    with transaction.atomic():
        game = _lock(game_id)  # before anything else is read (see _lock)
        conn = Connection.objects.filter(channel=channel).first()
        if game is None or conn is None:
            return
        still_open = Connection.objects.filter(game=game, seat=conn.seat, closed__isnull=True).exclude(
            pk=conn.pk
        )
        if conn.seat is None or still_open.exists() or not grace or settings.PRESENCE_GRACE_SECONDS <= 0:
            conn.delete()
            _seat_gone(game, conn.seat)
            if conn.seat is None:  # one spectator fewer
                transaction.on_commit(lambda: broadcast.presence_changed(game_id))
            return
        if conn.closed is None:
            conn.closed = timezone.now()
            conn.save(update_fields=["closed"])
            eta = conn.closed + timedelta(seconds=settings.PRESENCE_GRACE_SECONDS)
            transaction.on_commit(lambda: _send_presence_task(channel, eta))


def _send_presence_task(channel: str, eta: datetime) -> None:
    from config.celery import app  # config imports this module's app: import it when used

    try:
        app.send_task("games.tasks.leave_if_away", args=(channel,), eta=eta)
    except Exception:  # the broker is down: the watchdog will find the closed socket
        log.exception("could not time the departure of %s", channel)


def leave_if_away(channel: str) -> bool:
    """The grace of a closed socket is over (R53): unless its seat came back, the seat is
    away. True if the socket was forgotten now."""
    game_id = Connection.objects.filter(channel=channel).values_list("game_id", flat=True).first()
    if game_id is None:
        return False
    with transaction.atomic():
        game = _lock(game_id)
        since = timezone.now() - timedelta(seconds=settings.PRESENCE_GRACE_SECONDS)
        conn = Connection.objects.filter(channel=channel, closed__isnull=False, closed__lte=since).first()
        if game is None or conn is None:  # back in time (the row is gone), or the task came early
            return False
        conn.delete()
        _seat_gone(game, conn.seat)
        return True


def _seat_gone(game: Game, seat: int | None) -> None:
    """A socket of ``seat`` is forgotten: if the seat has no other, it is away (R53), and
    if no seat is left, the table waits for nobody (R56)."""
    if seat is None or _connected(game, seat):
        return
    changed = []
    if game.daily and game.status in Game.LIVE and not _anyone_here(game, None):
        # R56: nobody left at an attempt: it waits for its player, clocks stopped.
        game.deadline = None
        changed.append("deadline")
    elif game.status == Game.PLAYING and game.turn == seat and game.deadline:
        sooner = timezone.now() + timedelta(seconds=settings.AWAY_SECONDS)
        if sooner < game.deadline:
            game.deadline = sooner
            changed.append("deadline")
            _time_task(game)
    if (
        game.status in Game.LIVE
        and not game.daily
        and not game.connections.filter(seat__isnull=False).exists()
    ):
        # R56: nobody left at a live table: it waits, its clock stopped at what is left.
        game.deserted = timezone.now()
        changed.append("deserted")
    if changed:
        game.save(update_fields=changed)
    game_id = game.pk
    transaction.on_commit(lambda: broadcast.presence_changed(game_id))


def heartbeat(channel: str) -> bool:
    """An open socket is still there (its process is alive); False if it was swept."""
    return Connection.objects.filter(channel=channel).update(seen=timezone.now()) > 0


def _connected(game: Game, seat: int | None) -> bool:
    return seat is not None and Connection.objects.filter(game=game, seat=seat).exists()
