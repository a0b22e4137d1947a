"""Tables and matches as stored (docs/architecture.md, "Persistence").

A ``Game`` is a table and the match played at it: its options, its seats, the
engine's state snapshot and a version number that every change raises. Each
``Round`` keeps its seed and deal server-side; the ``Move`` log is append-only.
The deals plus the log are the truth: replaying them through the engine
rebuilds the snapshot (``Game.replay``). Only ``games.services`` writes these
models, but for one field outside the match: the ratings claim a finished match
by writing its ``rated_at`` (``leaderboard.ratings``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.catalog import NAMES
from games.rules import action_record, from_json, match_record, replay_match


def invitation_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class SeatInfo:
    """A seat as a command reads it with its game (games.services.core.find_table)."""

    index: int
    player_id: int | None
    name: str  # the player's, or "Robot Anatole"
    robot: bool
    active: bool  # whether the seat's player may play (False: suspended or banned)
    present: bool  # whether the seat has a socket open, or in its grace (R53)
    # A robot's level (games.rules.robots.LEVELS) where a host seated it (R58); empty
    # for a player, and for a daily attempt's robots, which are the house's (R61).
    level: str = ""

    @classmethod
    def of(
        cls,
        index: int,
        player_id: int | None,
        username: str | None,
        robot: str,
        active: Any,
        present: Any,
        level: str | None = "",
    ) -> SeatInfo:
        """A seat from its columns as read: a robot's seat is named for its robot."""
        return cls(
            index=index,
            player_id=player_id,
            name=robot_label(robot, level or "") if robot else username or "",
            robot=bool(robot),
            active=bool(active) if player_id is not None else True,
            present=bool(present),
            level=(level or "") if robot else "",
        )


class Game(models.Model):
    OPEN = "open"  # waiting for players (R50)
    PLAYING = "playing"  # a round in play
    ROUND_OVER = "round_over"  # between rounds (R54)
    OVER = "over"  # the match has ended (R55)
    CLOSED = "closed"  # the host left before the start
    ABANDONED = "abandoned"  # nobody came, or nobody stayed: not counted in statistics
    STATUSES = [
        (OPEN, _("ouverte")),
        (PLAYING, _("en jeu")),
        (ROUND_OVER, _("entre deux manches")),
        (OVER, _("terminée")),
        (CLOSED, _("fermée")),
        (ABANDONED, _("abandonnée")),
    ]
    LIVE = (PLAYING, ROUND_OVER)

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="hosted_games",
        verbose_name=_("hôte"),
    )
    variant = models.CharField(_("variante"), max_length=20)
    seats = models.PositiveSmallIntegerField(_("places"))
    target = models.PositiveIntegerField(_("objectif"), null=True, blank=True)
    public = models.BooleanField(_("publique"), default=True)
    # A private table is reached by its invitation link only (the token is in the link).
    invitation = models.CharField(max_length=32, default=invitation_token, editable=False)
    # A rated match ("classée") moves its players' ratings once it is over; a friendly
    # one ("amicale") does not. The host chooses (leaderboard.ratings).
    rated = models.BooleanField(_("classée"), default=False)
    # When its ratings were updated: set once, by the task that rates it (compare-and-swap).
    rated_at = models.DateTimeField(null=True, blank=True, editable=False)
    status = models.CharField(_("état"), max_length=12, choices=STATUSES, default=OPEN)
    # Raised by one at every change; every message about the game carries it.
    version = models.PositiveIntegerField(_("version"), default=0)
    # The engine's state (games.rules.to_json): it holds every hand and the stock,
    # so it never leaves the server; seats see games.rules.view of it.
    state = models.JSONField(null=True, blank=True, editable=False)
    # The winning side (R2) once the match is over: a seat, or a team in partners.
    winner = models.JSONField(_("vainqueur"), null=True, blank=True)
    created = models.DateTimeField(_("créée le"), auto_now_add=True)
    started = models.DateTimeField(_("commencée le"), null=True, blank=True)
    finished = models.DateTimeField(_("finie le"), null=True, blank=True)
    # When the table acts next if nobody does (R52–R54): the turn's clock while a
    # round is in play, the end of the pause between rounds; None otherwise.
    deadline = models.DateTimeField(null=True, blank=True)
    # Since when no seat of a match in play has been connected (for abandonment).
    deserted = models.DateTimeField(null=True, blank=True)
    # The seat to play in the round under way, kept by the services (None between
    # rounds and outside a match): read this, never the snapshot's JSON.
    turn = models.PositiveSmallIntegerField(null=True, blank=True)
    # Where the rounds' seeds come from (R12): empty, a fresh secret seed for each
    # round (a live table); else round n is dealt from round_seed(seed, n) (a daily
    # attempt, from its day's seed; a test's known deals). Never shown while secret.
    seed = models.CharField(max_length=128, blank=True, default="", editable=False)
    # A daily challenge attempt (R61): robots in the seats but 0, no target, five
    # rounds; it waits for its player and is never abandoned (R56, R63).
    daily = models.BooleanField(_("défi du jour"), default=False)
    # When the attempt can no longer be played: the end of its day (R63).
    playable_until = models.DateTimeField(null=True, blank=True)
    # When a moderator voided the match: it then counts in no statistic, ranking or
    # rating. Who did it is in the moderation log (accounts.ModerationLog), not here.
    voided = models.DateTimeField(_("annulée le"), null=True, blank=True, editable=False)
    # The finished match this table is the return match of ("Revanche"): the same
    # players, each one seat further on; nobody else sits at it.
    rematch_of = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch", editable=False
    )
    # Kept by the services so that a command reads nothing but its game and seats:
    # the round under way (its moves' round) and the last move's number in the log,
    current_round = models.ForeignKey(
        "Round", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    seq = models.PositiveIntegerField(default=0, editable=False)
    # what the round's passes and draws have shown so far (games.rules.knowledge_advance),
    knowledge = models.JSONField(null=True, blank=True, editable=False)
    # and each round's commitment, with its seed once the round is over (R12):
    # ``[{"number", "commitment", "seed"}]``, the seed None until then. A daily
    # attempt's seeds stay hidden until its day is over (games.access.deals_secret).
    commitments = models.JSONField(default=list, blank=True, editable=False)

    # Read with the game by the table's loader (games.services.core.find_table), for
    # every command and the pages' read models: its seats, and how many sockets watch
    # it. None only for a game read alone through the ORM, which no command uses.
    seating: list[SeatInfo] | None = None
    spectators: int | None = None

    class Meta:
        verbose_name = _("partie")
        verbose_name_plural = _("parties")
        indexes = [
            # The lobby: open public tables, newest first.
            models.Index(fields=["status", "public", "-created"], name="game_lobby"),
            # The watchdog: deadlines that have passed.
            models.Index(
                fields=["deadline"], name="game_deadline", condition=models.Q(deadline__isnull=False)
            ),
            # Rated matches over and not yet rated (leaderboard.tasks.rate_pending).
            models.Index(
                fields=["finished"],
                name="game_to_rate",
                condition=models.Q(rated=True, rated_at__isnull=True, status="over"),
            ),
        ]

    def __str__(self) -> str:
        return _("Partie n° %(number)s · %(variant)s") % {
            "number": self.pk,
            "variant": NAMES.get(self.variant, self.variant),
        }

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.pk])

    def day_over(self) -> bool:
        """Whether a daily attempt's day has ended: it can no longer be played (R63). Who
        may see it, and its deals, is games.access's to say."""
        return self.playable_until is not None and self.playable_until <= timezone.now()

    def invites(self, token: str | None) -> bool:
        """Whether ``token`` is this table's invitation (compared in constant time).

        Compared as bytes: ``compare_digest`` refuses a str with a character outside
        ASCII, and any token that is not the table's, whatever its characters, is
        simply not it."""
        if not isinstance(token, str) or not token:
            return False
        return secrets.compare_digest(token.encode("utf-8", "replace"), self.invitation.encode())

    def invitation_url(self) -> str:
        return reverse("table", args=[self.pk]) + f"?invitation={self.invitation}"

    @property
    def match(self) -> Any:
        assert self.state is not None, "the match has not started"
        return from_json(self.state)

    def record(self) -> dict[str, Any]:
        """The game record (docs/record.md) from the deals and the move log, forced actions
        written, every round dealt with its seed (server-side: replays, checks)."""
        return match_record(
            self.variant,
            self.seats,
            self.target,
            self.rounds.order_by("number").values_list("pk", "seed", "hands", "stock"),
            ((m.round_id, m.action()) for m in self.moves.order_by("seq")),
        )

    def replay(self) -> Any:
        """The match rebuilt from the deals and the move log through the engine."""
        match, _summaries = replay_match(self.record())
        return match


# The robots' names, seat by seat (seat 0 is the player's or the host's, R50, R61).
ROBOT_NAMES = ["Anatole", "Berthe", "Casimir", "Delphine", "Ernest", "Fernande", "Gaston"]

# The robots' levels (games.rules.robots.LEVELS) as a page names them (R58).
LEVEL_NAMES = {"beginner": _("débutant"), "house": _("maison"), "expert": _("expert")}


class Seat(models.Model):
    """A player at a table, or a robot: at a daily attempt, or where a host seated one (R50, R58, R61).

    Seat 0 is the host's; the others fill in order of arrival. A robot's seat has
    no player and the robot's name instead, and its level where a host seated it.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_set")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats", null=True, blank=True
    )
    # The house robot's name ("Anatole"), empty for a player's seat.
    robot = models.CharField(max_length=30, blank=True, default="")
    # A robot's level, chosen by the host (R58): one of games.rules.robots.LEVELS. Empty
    # for a player, and for a daily attempt's robots, which are the house's (R61).
    level = models.CharField(_("niveau"), max_length=12, blank=True, default="")
    joined = models.DateTimeField(auto_now_add=True)
    # Filled when the match ends: the points of the seat's side and whether it won.
    score = models.IntegerField(null=True, blank=True)
    won = models.BooleanField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_once"),
            models.UniqueConstraint(fields=["game", "player"], name="player_seated_once"),
            models.CheckConstraint(
                condition=(models.Q(player__isnull=False) & models.Q(robot=""))
                | (models.Q(player__isnull=True) & ~models.Q(robot="")),
                name="seat_player_or_robot",
            ),
        ]
        indexes = [
            # A player's matches, newest first: /api/players/<name>/matches/, the export,
            # /api/matches/?player=, the profile's recent games (seats of a player by game).
            models.Index(fields=["player", "-game"], name="seat_player_game"),
        ]
        ordering = ["index"]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}: {self.name}"

    @property
    def name(self) -> str:
        """The name shown for the seat: the player's, or "Robot Anatole"."""
        if self.robot:
            return robot_label(self.robot, self.level)
        return self.player.get_username() if self.player else ""


def robot_label(name: str, level: str = "") -> str:
    """ "Robot Anatole", and its level where a host chose one: "Robot Anatole (expert)"."""
    label = str(_("Robot %(name)s") % {"name": name})
    if level in LEVEL_NAMES:
        label = str(_("%(robot)s (%(level)s)") % {"robot": label, "level": LEVEL_NAMES[level]})
    return label


class Round(models.Model):
    """A round's seed and deal (R12): secret until the round is over, but for the commitment."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    seed = models.CharField(max_length=128, editable=False)
    commitment = models.CharField(max_length=64, editable=False)
    hands = models.JSONField(editable=False)
    stock = models.JSONField(editable=False)
    started = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="round_once")]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.game} round {self.number}"


class Move(models.Model):
    """One action of the log, forced ones included, in the order played. Never changed."""

    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    # The game's version once the command that made this move was applied.
    version = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=4, choices=[(PLAY, PLAY), (DRAW, DRAW), (PASS, PASS)])
    # The action's record form (docs/record.md), in columns: its tile (``play`` or
    # ``draw``), the line's ``end`` and ``open``, and in ``place`` the other keys a
    # family's play writes (``{"train": 3}``, ``{"at": [0, 1], "turn": 2}``), or null.
    tile = models.CharField(max_length=8, blank=True)
    end = models.CharField(max_length=5, blank=True)
    open = models.PositiveSmallIntegerField(null=True, blank=True)
    place = models.JSONField(null=True, blank=True)
    forced = models.BooleanField(default=False)
    # Played by the table on the player's behalf (R52).
    auto = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="move_once")]
        ordering = ["seq"]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq} seat {self.seat} {self.kind} {self.tile}"

    def action(self) -> dict[str, Any]:
        """The move as written in a record (docs/record.md)."""
        return action_record(self.seat, self.kind, self.tile, self.end, self.open, self.auto, self.place)

    # The keys of an action's record form that have columns of their own.
    COLUMNS = frozenset({"seat", PLAY, DRAW, PASS, "end", "open", "auto"})

    @classmethod
    def of(cls, action: dict[str, Any], **fields: Any) -> Move:
        """The move of an action in record form (``games.rules.event_action``)."""
        kind = cls.PLAY if cls.PLAY in action else cls.DRAW if cls.DRAW in action else cls.PASS
        place = {k: v for k, v in action.items() if k not in cls.COLUMNS}
        return cls(
            seat=action["seat"],
            kind=kind,
            tile=action.get(kind) if kind != cls.PASS else "",
            end=action.get("end") or "",
            open=action.get("open"),
            place=place or None,
            **fields,
        )


class Connection(models.Model):
    """One open websocket on a table: who is connected, across processes (R53)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="connections")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True)
    # The seat the connection plays for; None for a spectator.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    channel = models.CharField(max_length=200, unique=True)
    opened = models.DateTimeField(auto_now_add=True)
    # Renewed by the open socket's heartbeat; a row not renewed for
    # PRESENCE_TIMEOUT_SECONDS is a socket whose process died, and is swept.
    seen = models.DateTimeField(default=timezone.now, db_index=True)
    # When the socket closed, if it was its seat's last one: the seat still counts as
    # connected for PRESENCE_GRACE_SECONDS (a reload is not leaving, R53); then the row goes.
    closed = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.game} seat {self.seat}: {self.channel}"
