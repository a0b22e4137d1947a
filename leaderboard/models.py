"""The daily challenge, rankings and ratings.

The daily challenge (docs/rules.md §6, R60–R63): one per Paris day, its attempts, their
ranking. A ``DailyChallenge`` is a day's variant, number of seats and secret
seed. Each player's ``DailyAttempt`` is a ``Game`` of five rounds against the
house robots (games.services.open_attempt) plus the row the ranking reads: the
points the player and the robots have scored so far, and when the result
stands. The ranking is one indexed query over those rows (``daily_ranking``).

Ratings (``leaderboard.ratings``): one ``Rating`` per player and variant, moved
by every rated match; each change is kept as a ``RatingChange`` per (match,
player), with the values before and after, so that a voided match can be undone
exactly.
"""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _

from games.catalog import NAMES
from games.models import Game
from games.rules import commitment

PARIS = ZoneInfo("Europe/Paris")


def paris_today(now: datetime | None = None) -> date:
    """The date in Paris now: the day whose challenge is played (R60)."""
    return (now or timezone.now()).astimezone(PARIS).date()


def day_start(day: date) -> datetime:
    """Midnight in Paris at the start of ``day``, in UTC (DST included).

    In UTC, not in Paris time: Python subtracts two datetimes of the same zone by
    their wall clocks, which would make every day 24 hours long.
    """
    return datetime.combine(day, time(0), tzinfo=PARIS).astimezone(UTC)


def day_end(day: date) -> datetime:
    """Midnight in Paris at the end of ``day``: 23, 24 or 25 hours after its start."""
    return day_start(day + timedelta(days=1))


def new_seed() -> str:
    return secrets.token_hex(32)


class Rating(models.Model):
    """A player's rating in one variant (the number of seats does not split it).

    ``mu`` and ``sigma`` are openskill's, as the last rated match left them;
    ``ordinal`` and ``provisional`` are what is shown, with the uncertainty grown
    back for the days without play, as of the day ``as_of`` (kept up to date by
    each rated match and by the ``leaderboard.tasks.refresh_ratings`` task).
    """

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    provisional = models.BooleanField(default=True)
    matches = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField()
    as_of = models.DateField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="rating_once")]
        indexes = [
            # The leaderboard of a variant, established and provisional players apart,
            # best first; the rank of one player (how many are above them).
            models.Index(fields=["variant", "provisional", "-ordinal", "id"], name="rating_board"),
            # The daily refresh: ratings not yet computed for today.
            models.Index(fields=["as_of"], name="rating_as_of"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.variant} {self.ordinal:.0f}"

    @property
    def shown(self) -> int:
        return round(self.ordinal)


class RatingChange(models.Model):
    """What one rated match did to one player's rating: everything needed to undo it."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    variant = models.CharField(max_length=20)
    # The rating as stored before the match (restored as such by ``unrate``).
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    matches_before = models.PositiveIntegerField()
    last_played_before = models.DateTimeField(null=True, blank=True)  # None: the first match
    # What was shown before the match (idle growth included) and after it.
    ordinal_before = models.FloatField()
    provisional_before = models.BooleanField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    provisional_after = models.BooleanField()
    at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_change_once")]
        indexes = [
            # A player's history in a variant (the profile's chart), and later changes
            # of the players of a voided match (``unrate``).
            models.Index(fields=["player", "variant", "id"], name="rating_change_history"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.game} {self.player}: {self.delta:+d}"

    @property
    def before(self) -> int:
        return round(self.ordinal_before)

    @property
    def after(self) -> int:
        return round(self.ordinal_after)

    @property
    def delta(self) -> int:
        """The change as shown (+14, −9): between the numbers shown before and after."""
        return self.after - self.before

    @property
    def delta_shown(self) -> str:
        """The change as written on the pages: "+14", "−9" (a minus sign), "±0"."""
        return signed(self.delta)


def signed(delta: int) -> str:
    return f"+{delta}" if delta > 0 else f"\u2212{-delta}" if delta < 0 else "\u00b10"


class RotationStep(models.Model):
    """One day of the rotation of variants (R60), edited by moderators in the admin.

    The steps, in ``position`` order, repeat day after day: the challenge of a day
    takes the step numbered (days since 1 January 2000) modulo their number.
    """

    position = models.PositiveSmallIntegerField(_("position"), unique=True)
    variant = models.CharField(_("variante"), max_length=20, choices=list(NAMES.items()))
    seats = models.PositiveSmallIntegerField(_("nombre de joueurs"))

    class Meta:
        ordering = ["position"]
        verbose_name = _("jour de la rotation")
        verbose_name_plural = _("jours de la rotation")

    def __str__(self) -> str:
        return _("%(position)s : %(variant)s, %(seats)s joueurs") % {
            "position": self.position,
            "variant": NAMES.get(self.variant, self.variant),
            "seats": self.seats,
        }


# R60's default cycle, when the rotation is empty.
DEFAULT_ROTATION = [("draw", 2), ("block", 2), ("draw", 3), ("block", 3), ("draw", 4), ("block", 4)]
EPOCH = date(2000, 1, 1)


def rotation_for(day: date) -> tuple[str, int]:
    steps = (
        list(RotationStep.objects.order_by("position").values_list("variant", "seats")) or DEFAULT_ROTATION
    )
    return steps[(day - EPOCH).days % len(steps)]


class DailyChallenge(models.Model):
    """The challenge of one Paris day. Its seed stays secret until the day is over (R63)."""

    date = models.DateField(_("jour"), unique=True)
    variant = models.CharField(_("variante"), max_length=20)
    seats = models.PositiveSmallIntegerField(_("nombre de joueurs"))
    # Secret until the day is over; its SHA-256 (``commitment``) is shown from the start.
    seed = models.CharField(max_length=128, default=new_seed, editable=False)
    commitment = models.CharField(_("engagement"), max_length=64, editable=False)
    created = models.DateTimeField(_("créé le"), auto_now_add=True)

    class Meta:
        ordering = ["-date"]
        verbose_name = _("défi du jour")
        verbose_name_plural = _("défis du jour")

    def __str__(self) -> str:
        return _("Défi du %(day)s : %(variant)s, %(seats)s joueurs") % {
            "day": formats.date_format(self.date, "DATE_FORMAT"),
            "variant": self.name,
            "seats": self.seats,
        }

    def save(self, *args: object, **kwargs: object) -> None:
        self.commitment = commitment(self.seed)
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @property
    def starts(self) -> datetime:
        return day_start(self.date)

    @property
    def ends(self) -> datetime:
        return day_end(self.date)

    def is_over(self, now: datetime | None = None) -> bool:
        return (now or timezone.now()) >= self.ends

    @property
    def name(self) -> str:
        return str(NAMES.get(self.variant, self.variant))


class DailyAttempt(models.Model):
    """One player's attempt at a day's challenge (R63: one per player per day).

    ``points`` and ``robot_points`` are the totals of the rounds played so far,
    ``rounds`` each round's ``[player's points, robots' points]``. ``finished``
    says when the result stands: the end of the fifth round, or, for an attempt
    left unfinished, the end of its day, when it counts as it stands (R63).
    Until then it is not ranked.
    """

    challenge = models.ForeignKey(
        DailyChallenge, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("défi")
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="daily_attempts",
        verbose_name=_("joueur"),
    )
    game = models.OneToOneField(
        Game,
        on_delete=models.CASCADE,
        related_name="daily_attempt",
        null=True,
        blank=True,
        verbose_name=_("partie"),
    )
    points = models.IntegerField(_("points"), default=0)
    robot_points = models.IntegerField(_("points des robots"), default=0)
    rounds = models.JSONField(_("manches"), default=list, blank=True)
    started = models.DateTimeField(_("commencée le"), default=timezone.now)
    finished = models.DateTimeField(_("finie le"), null=True, blank=True)
    # Whether all five rounds were played (False: counted as it stood at the day's end).
    complete = models.BooleanField(_("complète"), default=False)
    # When a moderator disqualified it: out of the day's ranking and its travellers
    # (the ranks below move up). Who and why are in the moderation log.
    disqualified = models.DateTimeField(_("disqualifiée le"), null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenge", "player"], name="one_attempt_a_day"),
        ]
        indexes = [
            # R62: the ranking's order, for the top of the day and a player's own rank.
            models.Index(
                "challenge",
                models.F("points").desc(),
                "robot_points",
                "finished",
                "id",
                name="daily_ranking",
                condition=models.Q(finished__isnull=False),
            ),
            models.Index(fields=["player", "-started"], name="daily_history"),
            # The watchdog: attempts still unfinished, to rank once their day is over (R63).
            models.Index(
                fields=["challenge"], name="daily_unfinished", condition=models.Q(finished__isnull=True)
            ),
        ]
        verbose_name = _("tentative du défi")
        verbose_name_plural = _("tentatives du défi")

    def __str__(self) -> str:
        return _("%(player)s au défi du %(day)s : %(points)s points") % {
            "player": self.player,
            "day": formats.date_format(self.challenge.date, "DATE_FORMAT"),
            "points": self.points,
        }

    @property
    def rounds_played(self) -> int:
        return len(self.rounds)


class DealScore(models.Model):
    """What one attempt scored on one of the day's deals: a line of that deal's
    traveller ("feuille de la donne"), shown once the day is over."""

    challenge = models.ForeignKey(DailyChallenge, on_delete=models.CASCADE, related_name="+")
    attempt = models.ForeignKey(DailyAttempt, on_delete=models.CASCADE, related_name="deal_scores")
    number = models.PositiveSmallIntegerField()
    points = models.IntegerField()
    robot_points = models.IntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["attempt", "number"], name="deal_score_once")]
        indexes = [
            # A deal's traveller, best score first, and its distribution.
            models.Index(
                "challenge",
                "number",
                models.F("points").desc(),
                "robot_points",
                "attempt",
                name="deal_traveller",
            ),
        ]


class PointsCount(models.Model):
    """How many ranked attempts of a day scored ``points`` (R62).

    Kept in the transaction that ranks an attempt, so that a player's rank is a sum
    over a few hundred rows rather than a count over every attempt ahead of theirs
    (docs/benchmarks.md). ``ScoreCount`` is the same per points and robots' points.
    """

    challenge = models.ForeignKey(DailyChallenge, on_delete=models.CASCADE, related_name="+")
    points = models.IntegerField()
    attempts = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["challenge", "points"], name="points_count_once")]


class ScoreCount(models.Model):
    """How many ranked attempts of a day scored ``points`` with the robots at ``robot_points``."""

    challenge = models.ForeignKey(DailyChallenge, on_delete=models.CASCADE, related_name="+")
    points = models.IntegerField()
    robot_points = models.IntegerField()
    attempts = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenge", "points", "robot_points"], name="score_count_once")
        ]
