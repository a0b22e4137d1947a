"""Tables and matches as stored (DESIGN.md §2).

A ``Game`` is a table and the match played at it: its options, its seats, the
engine's state snapshot and a version number that every change raises. Each
``Round`` keeps its seed and deal server-side; the ``Move`` log is append-only.
The deals plus the log are the truth: replaying them through the engine
rebuilds the snapshot (``Game.replay``). Only ``games.services`` writes here.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.rules import Match, from_json
from games.rules.record import replay_match


def invitation_token() -> str:
    return secrets.token_urlsafe(16)


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

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_games")
    variant = models.CharField(max_length=20)
    seats = models.PositiveSmallIntegerField()
    target = models.PositiveIntegerField(null=True, blank=True)
    public = models.BooleanField(default=True)
    # A private table is reached by its invitation link only (the token is in the link).
    invitation = models.CharField(max_length=32, default=invitation_token, editable=False)
    status = models.CharField(max_length=12, choices=STATUSES, default=OPEN)
    # Raised by one at every change; every message about the game carries it.
    version = models.PositiveIntegerField(default=0)
    # The engine's state (games.rules.to_json): it holds every hand and the stock,
    # so it never leaves the server; seats see games.rules.view of it.
    state = models.JSONField(null=True, blank=True, editable=False)
    # The winning side (R2) once the match is over: a seat, or a team in partners.
    winner = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # When the table acts next if nobody does (R52–R54): the turn's clock while a
    # round is in play, the end of the pause between rounds; None otherwise.
    deadline = models.DateTimeField(null=True, blank=True)
    # Since when no seat of a match in play has been connected (for abandonment).
    deserted = models.DateTimeField(null=True, blank=True)
    # The finished match this table is the return match of ("Revanche"): the same
    # players, each one seat further on; nobody else sits at it.
    rematch_of = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch", editable=False
    )

    class Meta:
        indexes = [
            # The lobby: open public tables, newest first.
            models.Index(fields=["status", "public", "-created"], name="game_lobby"),
            # The watchdog: deadlines that have passed.
            models.Index(
                fields=["deadline"], name="game_deadline", condition=models.Q(deadline__isnull=False)
            ),
        ]

    def __str__(self) -> str:
        return f"{self.variant} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.pk])

    def invites(self, token: str | None) -> bool:
        """Whether ``token`` is this table's invitation (compared in constant time)."""
        return bool(token) and secrets.compare_digest(token or "", self.invitation)

    def invitation_url(self) -> str:
        return reverse("table", args=[self.pk]) + f"?invitation={self.invitation}"

    @property
    def match(self) -> Match:
        assert self.state is not None, "the match has not started"
        return from_json(self.state)

    def record(self) -> dict[str, Any]:
        """The game record (docs/record.md) from the deals and the move log, forced actions written."""
        rounds = []
        moves = list(self.moves.order_by("seq"))
        for rnd in self.rounds.order_by("number"):
            rounds.append(
                {
                    "hands": rnd.hands,
                    "stock": rnd.stock,
                    "seed": rnd.seed,
                    "actions": [m.action() for m in moves if m.round_id == rnd.pk],
                }
            )
        return {"variant": self.variant, "seats": self.seats, "target": self.target, "rounds": rounds}

    def replay(self) -> Match:
        """The match rebuilt from the deals and the move log through the engine."""
        match, _summaries = replay_match(self.record())
        return match


class Seat(models.Model):
    """A player at a table. Seat 0 is the host's; the others fill in order of arrival (R50)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_set")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    joined = models.DateTimeField(auto_now_add=True)
    # Filled when the match ends: the points of the seat's side and whether it won.
    score = models.IntegerField(null=True, blank=True)
    won = models.BooleanField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_once"),
            models.UniqueConstraint(fields=["game", "player"], name="player_seated_once"),
        ]
        ordering = ["index"]

    def __str__(self) -> str:
        return f"{self.game} seat {self.index}: {self.player}"


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
    tile = models.CharField(max_length=3, blank=True)
    end = models.CharField(max_length=5, blank=True)
    open = models.PositiveSmallIntegerField(null=True, blank=True)
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
        out: dict[str, Any] = {"seat": self.seat}
        if self.kind == self.DRAW:
            out["draw"] = self.tile
        elif self.kind == self.PASS:
            out["pass"] = True
        else:
            out["play"] = self.tile
            if self.end:
                out["end"] = self.end
            if self.open is not None:
                out["open"] = self.open
        if self.auto:
            out["auto"] = True
        return out


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
