"""Tables: opening, joining, leaving, the return match, and one live table per player (R50, R51, R56)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from games import access
from games.models import ROBOT_NAMES, Connection, Game, Seat, SeatInfo
from games.rules import RuleError, get_ruleset, new_match
from games.rules.robots import LEVELS

from .core import (
    PLAYER,
    Busy,
    Change,
    ServiceError,
    acting_seat,
    bump,
    check_not_ended,
    deal_next,
    free_seat,
    load_table,
    lock_player,
    seat_index,
    seats_of,
    take_seat,
)


def live_tables_of(user: AbstractBaseUser) -> QuerySet[Game]:
    """The live tables ``user`` sits at (R56): an open table or a match in play. A daily
    attempt (with its robot seats) is not a live table."""
    return (
        Game.objects.filter(seat_set__player_id=user.pk, status__in=(Game.OPEN, *Game.LIVE))
        .exclude(daily=True)
        .order_by("-created", "-pk")
    )


def _check_free(user: AbstractBaseUser) -> None:
    """R56: a player sits at one live table at a time. The user's row is locked first, so
    that two tables joined at once (two tabs) are taken one after the other: the second
    is refused. A sanctioned player is refused too (``lock_player``)."""
    lock_player(user)
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
    robots: Mapping[int, str] | None = None,
) -> Game:
    """Open a table (R51); the host takes seat 0 (R50).

    ``rated``: whether the match moves its players' ratings ("classée"); by default a
    public table is rated and a private one friendly ("amicale").
    ``seed``: where the rounds' seeds come from (``Game.seed``): empty for a live
    table, each round then dealt from a fresh secret seed (R12); tests give one to
    deal known hands.
    ``robots``: the seats the host fills with robots, each with its level (R58): a
    table with a robot is never rated (refused ``robots_unrated`` if asked). When
    they fill every other seat, the match starts at once.
    """
    robots = dict(robots or {})
    rated = (public and not robots) if rated is None else bool(rated)
    if robots and rated:
        raise ServiceError("robots_unrated")
    try:
        rules = get_ruleset(variant)
        rules.check_seats(seats)
        target = rules.default_target if target is None else rules.check_target(target)
    except RuleError as e:
        raise ServiceError(e.code, e.message) from None
    for index, level in robots.items():
        check_robot(seats, index, level)
    with transaction.atomic():
        _check_free(user)
        game = Game.objects.create(
            host=user, variant=variant, seats=seats, target=target, public=public, rated=rated, seed=seed
        )
        Seat.objects.create(game=game, index=0, player=user)
        Seat.objects.bulk_create(robot_seat(game, index, level) for index, level in sorted(robots.items()))
        game = load_table(game.pk)
        events = [{"type": "seated", "seat": s.index} for s in seats_of(game)]
        if len(seats_of(game)) == seats:
            start(game, events, present=0)  # the host is on their way to the table
        else:
            bump(game, events, lobby=True)
    return game


def practice(
    user: AbstractBaseUser, variant: str, seats: int, target: int | None, level: str, seed: str = ""
) -> Game:
    """ "Jouer contre les robots": a private table with a robot of ``level`` in every seat
    but the player's; the match starts at once, never rated (R58). It is the player's one
    live table (R56). ``seed``: as ``open_table``'s; by default PRACTICE_SEED, which only
    a test's server sets (with DEBUG), so that a browser test knows its deals."""
    robots = dict.fromkeys(range(1, seats), level)
    seed = seed or settings.PRACTICE_SEED
    return open_table(user, variant, seats, target, public=False, rated=False, robots=robots, seed=seed)


def check_robot(seats: int, index: object, level: object) -> None:
    """A robot may sit in any seat but the host's (R50, R58), at one of the levels."""
    if type(index) is not int or not 0 < index < seats:
        raise ServiceError("bad_seat")
    if level not in LEVELS:
        raise ServiceError("bad_level")


def robot_seat(game: Game, index: int, level: str) -> Seat:
    """A robot of ``level`` for seat ``index`` of ``game``, named for its seat."""
    return Seat(game=game, index=index, robot=ROBOT_NAMES[index - 1], level=level)


def start(game: Game, events: list[dict[str, Any]], present: int | None) -> Change:
    """Every seat is taken (R50): the match starts, its first round dealt.

    ``present``: the seat whose player is on their way to the table (a full first turn)."""
    game.status = Game.PLAYING
    game.started = timezone.now()
    match, dealt = deal_next(game, new_match(game.variant, game.seats, game.target))
    return bump(game, [*events, *dealt], match=match, lobby=True, present=present)


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
        lock_player(user)  # a sanctioned player starts no attempt
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
        game = load_table(game.pk)
        events: list[dict[str, Any]] = [{"type": "seated", "seat": i} for i in range(seats)]
        match, dealt = deal_next(game, new_match(variant, seats, None))
        bump(game, [*events, *dealt], match=match, present=0)
    return game


def join(game_id: int, user: AbstractBaseUser, invitation: str | None = None) -> Change:
    """Take the next free seat (R50); the match starts when every seat is taken."""
    with transaction.atomic():
        lock_player(user)  # first: see _check_free
        game = load_table(game_id)
        if not access.can_see(game, user, invitation):
            raise ServiceError("not_found")
        check_not_ended(game)
        if seat_index(game, user) is not None:
            raise ServiceError("already_seated")
        if game.status != Game.OPEN:
            raise ServiceError("started")
        _check_free(user)
        taken = {s.index for s in seats_of(game)}
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
        here = Connection.objects.filter(game=game, seat=free[0]).exists()
        take_seat(game, SeatInfo.of(free[0], user.pk, user.get_username(), "", user.is_active, here))
        events: list[dict[str, Any]] = [{"type": "seated", "seat": free[0]}]
        if len(free) == 1:
            # The player taking the last seat is on their way to the table: a full first turn.
            return start(game, events, present=free[0])
        return bump(game, events, lobby=True, present=free[0])


def _rematch_seat(game: Game, user: AbstractBaseUser) -> int | None:
    """The seat of ``user`` at the return match ``game``: one further on than at the first,
    or the same where robots sat (they keep theirs, and the host seat 0: ``rematch``)."""
    before = Seat.objects.filter(game_id=game.rematch_of_id)
    index = before.filter(player_id=user.pk).values_list("index", flat=True).first()
    if index is None:
        return None
    return index if before.exclude(robot="").exists() else (index + 1) % game.seats


# The options a host chooses when opening a table: ``open_table``'s arguments after the
# host, but the seed (where the deals come from, not a choice of the players'). A return
# match copies every one of them.
OPTIONS = ("variant", "seats", "target", "public", "rated")


def rematch(game_id: int, user: AbstractBaseUser) -> Game:
    """ "Revanche": the same players, a new table with the same options, each player one seat
    further on. The first to ask opens it (its host is the player whose seat is now 0); the
    others take their seats as they ask; it starts when all have come (R50). Robots come
    back too, each at its level: then every seat stays as it was, the host's seat 0 too."""
    with transaction.atomic():
        lock_player(user)
        old = load_table(game_id)
        seat = acting_seat(old, user)
        if old.status != Game.OVER:
            raise ServiceError("not_over")
        if old.daily:  # a daily attempt is played once, against the house robots (R61)
            raise ServiceError("not_found")
        new = Game.objects.filter(rematch_of=old).first()
        if new is None:
            _check_free(user)
            robots = {s.index: s.level or "house" for s in seats_of(old) if s.robot}
            # One seat on, the last player's seat is seat 0 now; with robots, nobody moves.
            host = seats_of(old)[0] if robots else seats_of(old)[-1]
            options = {name: getattr(old, name) for name in OPTIONS}
            new = Game.objects.create(host_id=host.player_id, rematch_of=old, **options)
            Seat.objects.bulk_create(robot_seat(new, index, level) for index, level in robots.items())
            new = load_table(new.pk)
            bump(new, [])
            # The finished table's pages learn of it (a link to the return match).
            bump(old, [{"type": "rematch", "seat": seat, "table": new.pk}])
    if new.seat_set.filter(player_id=user.pk).exists():
        return new
    join(new.pk, user, new.invitation)
    return new


def leave(game_id: int, user: AbstractBaseUser, by: str = PLAYER) -> Change:
    """Leave before the start: the seat is freed; the host leaving closes the table.

    ``by``: who acts (``core.acting_seat``): the player, or the table for a player
    just suspended or banned (``TABLE``, accounts.sanctions), whom it takes out of
    the tables not yet started."""
    with transaction.atomic():
        game = load_table(game_id)
        seat = acting_seat(game, user, by)
        check_not_ended(game)
        if game.status != Game.OPEN:
            raise ServiceError("started")
        if seat == 0:
            game.status = Game.CLOSED
            game.finished = timezone.now()
            game.seat_set.all().delete()
            free_seat(game)
            return bump(game, [{"type": "closed"}], lobby=True)
        game.seat_set.filter(index=seat).delete()
        free_seat(game, seat)
        return bump(game, [{"type": "left", "seat": seat}], lobby=True)
