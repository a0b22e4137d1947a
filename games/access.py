"""Who may see a game, and whether a day's deals are still secret: the one policy
(docs/protocol.md, "Who may see a game").

The policy, for every game whatever its status (open, in play, over, closed,
abandoned, voided):

- a moderator (an active account with the ``games.view_game`` permission: the
  moderators' group, or a superuser) sees every game;
- a player seated at a game sees it;
- anyone else sees a public table, or a private one whose invitation they hold;
- but a daily attempt is its player's alone while its day lasts (R63): nobody
  else sees it, invitation or not, until ``playable_until`` has passed. After
  its day it is a table like any other: public (as attempts are opened) to
  everyone, private to its player and to whoever holds its invitation;
- an account that is not active (suspended or banned) is a visitor like any
  other: it sees what everyone sees, and neither its seats nor a permission
  count.

Lists narrow this further (the lobby shows open tables, the API begun matches)
but never widen it. What one may not see does not exist: a missing game and a
forbidden one are the same 404 (4404 on a socket).

The policy is written twice, side by side: as a query (``visible_games``, for
lists) and as a check of one game (``can_see``); tests/games/test_access.py
checks that both say the same for every kind of game and viewer.

Secrecy of a day's deals (R63): every player of a day is dealt the same five
deals, so a daily attempt's seeds, record and replay stay secret to everyone,
its player and moderators included, until its day is over (``deals_secret``);
so do the day's seed, deals and travellers (``day_secret``). A day to come is
shown to nobody (``day_begun``).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import Game, Seat

if TYPE_CHECKING:
    from leaderboard.models import DailyChallenge


def viewer_id(user: Any) -> int | None:
    """The account ``user`` acts as when looking: None for a visitor, and for an account
    that is not active (suspended, banned)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    return int(user.pk)


def is_moderator(user: Any) -> bool:
    """Whether ``user`` may see every game, private ones and daily attempts included."""
    return viewer_id(user) is not None and bool(user.has_perm("games.view_game"))


def secret_until(end: datetime | None, now: datetime | None = None) -> bool:
    """Whether what is kept until ``end`` is still secret at ``now`` (no end: still secret)."""
    return end is None or (now or timezone.now()) < end


def daily_secret(daily: bool, playable_until: datetime | None, now: datetime | None = None) -> bool:
    """Whether a game's deals are still the day's secret, from its ``daily`` and
    ``playable_until`` columns: a daily attempt's, until its day is over (R63)."""
    return bool(daily) and secret_until(playable_until, now)


def deals_secret(game: Game, now: datetime | None = None) -> bool:
    """Whether the game's deals (round seeds, record, replay) are still secret, even those of
    rounds that are over, to everyone: a daily attempt's, until its day is over (R63)."""
    return daily_secret(game.daily, game.playable_until, now)


def day_secret(challenge: DailyChallenge, now: datetime | None = None) -> bool:
    """Whether a day's seed, deals and travellers are still secret: until the day is over (R63)."""
    return secret_until(challenge.ends, now)


def day_begun(day: date) -> bool:
    """Whether a day's challenge may be shown at all: not before its day (Paris time)."""
    from leaderboard.models import paris_today

    return day <= paris_today()


def days_begun() -> QuerySet[DailyChallenge]:
    """The days' challenges that may be shown: today's and the past ones (``day_begun``)."""
    from leaderboard.models import DailyChallenge, paris_today

    return DailyChallenge.objects.filter(date__lte=paris_today())


def _told(now: datetime) -> Q:
    """The games whose deals are not secret (``daily_secret``, as a query)."""
    return Q(daily=False) | Q(playable_until__lte=now)


def visible_games(user: Any, invitation: str | None = None, now: datetime | None = None) -> QuerySet[Game]:
    """The games ``user`` may see, holding ``invitation`` if given (the policy, as a query)."""
    if is_moderator(user):
        return Game.objects.all()
    now = now or timezone.now()
    shown = Q(public=True)
    if isinstance(invitation, str) and invitation:
        shown |= Q(invitation=invitation)
    shown &= _told(now)
    viewer = viewer_id(user)
    if viewer is not None:
        shown |= Q(pk__in=Seat.objects.filter(player_id=viewer).values("game_id"))
    return Game.objects.filter(shown)


def public_games(now: datetime | None = None) -> QuerySet[Game]:
    """The games everyone may see (``visible_games`` of a visitor): what the lobby may list."""
    return visible_games(None, now=now)


def is_seated(game: Game, user: Any) -> bool:
    """Whether ``user`` (an active account) holds a seat at ``game``; read from the seats
    its command read with it, if it did."""
    viewer = viewer_id(user)
    if viewer is None:
        return False
    if game.seating is not None:
        return any(seat.player_id == viewer for seat in game.seating)
    return Seat.objects.filter(game_id=game.pk, player_id=viewer).exists()


def can_see(
    game: Game,
    user: Any,
    invitation: str | None = None,
    *,
    seated: bool | None = None,
    now: datetime | None = None,
) -> bool:
    """Whether ``user`` may see ``game``, holding ``invitation`` if given (the policy, for one
    game). ``seated``: whether the user holds a seat there, when the caller has read it."""
    if is_moderator(user):
        return True
    if viewer_id(user) is not None and (is_seated(game, user) if seated is None else seated):
        return True
    if deals_secret(game, now):
        return False
    return game.public or game.invites(invitation)


def everyone_sees(game: Game, now: datetime | None = None) -> bool:
    """Whether every visitor may see ``game`` (``can_see`` for nobody in particular)."""
    return can_see(game, None, seated=False, now=now)
