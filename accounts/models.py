"""Players' accounts: personal API tokens, and moderation (reports, sanctions, notices
and the log).

Only ``accounts.sanctions`` and ``accounts.reports`` write these (the admin calls
them); the moderation log is never changed once written.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import formats, timezone
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken


class ApiToken(AbstractAuthToken):
    """A personal token of the history API (django-rest-knox's, with the name its owner gave it).

    Only a hash of the token is stored (``digest``) with its first characters
    (``token_key``, shown in the list so that its owner can tell tokens apart); the
    token itself is shown once, when it is created. Revoking deletes the row: the
    next request with it gets 401. A suspended or banned player's tokens are refused
    (knox checks ``is_active``) and work again once the sanction ends.
    """

    name = models.CharField(_("nom"), max_length=60)

    class Meta:
        verbose_name = _("jeton d’API")
        verbose_name_plural = _("jetons d’API")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.user} · {self.name} ({self.token_key}…)"


class Report(models.Model):
    """A player reports another, about a match or their profile; a moderator handles it."""

    CHEATING = "triche"
    COLLUSION = "collusion"
    INSULTS = "insultes"
    STALLING = "anti-jeu"
    NAME = "pseudo"
    OTHER = "autre"
    REASONS = [
        (CHEATING, _("Triche")),
        (COLLUSION, _("Collusion")),
        (INSULTS, _("Insultes")),
        (STALLING, _("Anti-jeu / lenteur volontaire")),
        (NAME, _("Pseudo offensant")),
        (OTHER, _("Autre")),
    ]

    OPEN = "open"  # waiting for a moderator
    TAKEN = "taken"  # a moderator handles it
    RESOLVED = "resolved"  # acted upon
    DISMISSED = "dismissed"  # nothing to do
    STATUSES = [
        (OPEN, _("ouvert")),
        (TAKEN, _("pris en charge")),
        (RESOLVED, _("traité")),
        (DISMISSED, _("classé sans suite")),
    ]
    PENDING = (OPEN, TAKEN)

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reports_made",
        verbose_name=_("signalé par"),
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="reports_received",
        verbose_name=_("joueur signalé"),
    )
    reason = models.CharField(_("motif"), max_length=12, choices=REASONS)
    comment = models.TextField(_("commentaire"), max_length=1000, blank=True)
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports",
        verbose_name=_("partie"),
    )
    created = models.DateTimeField(_("signalé le"), auto_now_add=True)
    status = models.CharField(_("état"), max_length=10, choices=STATUSES, default=OPEN)
    handler = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_handled",
        verbose_name=_("modérateur"),
    )
    taken = models.DateTimeField(_("pris en charge le"), null=True, blank=True)
    closed = models.DateTimeField(_("clos le"), null=True, blank=True)
    note = models.TextField(_("note"), max_length=2000, blank=True)

    class Meta:
        verbose_name = _("signalement")
        verbose_name_plural = _("signalements")
        ordering = ["-created"]
        permissions = [("handle_report", _("Peut traiter les signalements"))]
        constraints = [
            models.UniqueConstraint(
                fields=["reporter", "reported", "reason"],
                condition=Q(status__in=["open", "taken"]),
                name="one_pending_report",
            ),
            models.CheckConstraint(condition=~Q(reporter=models.F("reported")), name="no_self_report"),
        ]
        indexes = [
            # The queue: pending reports, by reported player.
            models.Index(fields=["status", "reported"], name="report_queue"),
        ]

    def __str__(self) -> str:
        return f"{self.reporter} → {self.reported} ({self.get_reason_display()})"


class Sanction(models.Model):
    """A suspension until a date, or a ban. While one is in force the account is
    inactive (``User.is_active`` false): no login, no session, no socket, no API token."""

    SUSPENSION = "suspension"
    BAN = "ban"
    KINDS = [(SUSPENSION, _("suspension")), (BAN, _("bannissement"))]

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="sanctions",
        verbose_name=_("joueur"),
    )
    kind = models.CharField(_("sanction"), max_length=10, choices=KINDS)
    reason = models.TextField(_("motif"), max_length=1000)
    # The end of a suspension; None for a ban.
    until = models.DateTimeField(_("jusqu’au"), null=True, blank=True)
    created = models.DateTimeField(_("prononcée le"), auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="sanctions_given",
        verbose_name=_("par"),
    )
    # When it stopped being in force: lifted by a moderator, or a suspension's end passed.
    ended = models.DateTimeField(_("levée le"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sanctions_lifted",
        verbose_name=_("levée par"),
    )

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["-created"]
        permissions = [("sanction_player", _("Peut suspendre, bannir et lever une sanction"))]
        indexes = [models.Index(fields=["user", "ended"], name="sanction_in_force")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.user}"

    @property
    def in_force(self) -> bool:
        return self.ended is None and (self.until is None or self.until > timezone.now())


class Notice(models.Model):
    """Something a player is told once, on their next page (their name was changed)."""

    RENAMED = "renamed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=10, choices=[(RENAMED, RENAMED)])
    # What the text needs, put in it in the player's own language when shown.
    data = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)
    shown = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # Each page of a logged-in player: their notices not yet shown.
            models.Index(fields=["user"], condition=Q(shown__isnull=True), name="notice_unshown"),
        ]

    def text(self) -> str:
        return _("Votre pseudo « %(old)s » a été changé en « %(new)s » par la modération.") % self.data


class UserSession(models.Model):
    """The sessions a user logged in with, so that a sanction can end them all."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    session_key = models.CharField(max_length=40, unique=True)
    created = models.DateTimeField(auto_now_add=True)


class ModerationLog(models.Model):
    """Every moderation action: who did what, to whom, at which match, when and why.
    Written by the services, never changed nor deleted (the admin shows it read-only)."""

    SUSPEND = "suspend"
    BAN = "ban"
    LIFT = "lift"
    VOID = "void"
    DISQUALIFY = "disqualify"
    RENAME = "rename"
    TAKE_REPORT = "take_report"
    RESOLVE_REPORT = "resolve_report"
    DISMISS_REPORT = "dismiss_report"
    ACTIONS = [
        (SUSPEND, _("suspension")),
        (BAN, _("bannissement")),
        (LIFT, _("sanction levée")),
        (VOID, _("partie annulée")),
        (DISQUALIFY, _("essai disqualifié")),
        (RENAME, _("pseudo changé")),
        (TAKE_REPORT, _("signalement pris en charge")),
        (RESOLVE_REPORT, _("signalement traité")),
        (DISMISS_REPORT, _("signalement classé")),
    ]

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="moderation_done",
        verbose_name=_("modérateur"),
    )
    action = models.CharField(_("action"), max_length=16, choices=ACTIONS)
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_received",
        verbose_name=_("joueur"),
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.PROTECT, null=True, blank=True, verbose_name=_("partie")
    )
    report = models.ForeignKey(
        Report, on_delete=models.PROTECT, null=True, blank=True, verbose_name=_("signalement")
    )
    reason = models.TextField(_("motif"), blank=True)
    # What else the action needs to be understood: a suspension's end, the old and new names.
    detail = models.JSONField(_("détail"), default=dict, blank=True)
    created = models.DateTimeField(_("le"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("entrée du journal de modération")
        verbose_name_plural = _("entrées du journal de modération")
        ordering = ["-created", "-pk"]
        permissions = [
            ("void_game", _("Peut annuler une partie")),
            ("rename_player", _("Peut changer un pseudo offensant")),
            ("disqualify_attempt", _("Peut disqualifier un essai du défi du jour")),
        ]

    def __str__(self) -> str:
        """When (the site's time), who, what, to whom: "1 décembre 2026 21:45 · mod · bannissement · bob"."""
        when = formats.date_format(timezone.localtime(self.created), "DATETIME_FORMAT")
        parts = [when, str(self.actor), str(self.get_action_display())]
        if self.target is not None:
            parts.append(str(self.target))
        return " · ".join(parts)
