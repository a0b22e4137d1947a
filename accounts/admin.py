"""The moderators' admin: the report queue, players and their sanctions, tables, the log.

Every action goes through a service (accounts.sanctions, accounts.reports),
object by object, never ``queryset.update()``, so that each is checked and
logged with its actor. What the services write (sanctions, reports, the log,
tables) is read-only here, for everyone, administrators included: no add, no
change, no delete. Moderators (the "modérateurs" group) see players and tables
and act on them through the actions only; administrators (superusers) manage
accounts and the group.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _, ngettext

from accounts import reports, sanctions
from accounts.forms import BanForm, LiftForm, RenameForm, SuspendForm, VoidForm
from accounts.models import ModerationLog, Report, Sanction
from accounts.sanctions import ModerationError
from games.catalog import NAMES
from games.models import Game

User = get_user_model()

RECENT_GAMES = 10


class ReadOnly:
    """Nobody adds, changes or deletes these here, superusers included."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ActionForms:
    """Admin actions that ask for a form (a reason, a date) before calling a service."""

    def action_with_form(
        self,
        request: HttpRequest,
        queryset: QuerySet[Any],
        form_class: type[forms.Form],
        title: str,
        apply: Any,
    ) -> HttpResponse | None:
        """Show ``form_class`` for the selected objects; once it is valid, ``apply(obj, data)``
        each, reporting every refusal. Returns None to go back to the list."""
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            done = 0
            for obj in queryset:
                try:
                    apply(obj, form.cleaned_data)
                except ModerationError as e:
                    self.message_user(request, f"{obj} : {e.message}", messages.ERROR)  # type: ignore[attr-defined]
                else:
                    done += 1
            if done:
                self.message_user(  # type: ignore[attr-defined]
                    request,
                    ngettext(
                        "%(title)s : fait pour %(n)d objet.", "%(title)s : fait pour %(n)d objets.", done
                    )
                    % {"title": title, "n": done},
                    messages.SUCCESS,
                )
            return None
        opts = self.model._meta  # type: ignore[attr-defined]
        return TemplateResponse(
            request,
            "admin/accounts/action_form.html",
            {
                **self.admin_site.each_context(request),  # type: ignore[attr-defined]
                "title": title,
                "form": form,
                "objects": queryset,
                "action": request.POST.get("action", ""),
                "opts": opts,
                "app_label": opts.app_label,
            },
        )


def set_or_not(field: str, title: Any, parameter: str) -> type[admin.SimpleListFilter]:
    """A filter on whether a moment is set (voided, lifted, disqualified): yes or no."""

    class SetOrNot(admin.SimpleListFilter):
        parameter_name = parameter

        def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
            return [("oui", _("Oui")), ("non", _("Non"))]

        def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
            if self.value() in ("oui", "non"):
                return queryset.filter(**{f"{field}__isnull": self.value() == "non"})
            return queryset

    SetOrNot.title = title
    return SetOrNot


class VariantFilter(admin.SimpleListFilter):
    """The variants by their names (``games.catalog``), not their keys."""

    title = _("variante")
    parameter_name = "variante"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return list(NAMES.items())

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(variant=self.value()) if self.value() else queryset


def local_moment(value: Any) -> str:
    """An ISO 8601 moment as the site writes it, in its own time zone (Paris)."""
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None:
        return str(value)
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


# What each key of a log entry's detail says (``accounts.sanctions.record``).
DETAIL_LABELS = {
    "until": _("jusqu’au"),
    "old": _("ancien pseudo"),
    "new": _("nouveau pseudo"),
    "sanctions": _("sanctions levées"),
    "day": _("jour"),
}


def detail_items(detail: dict[str, Any]) -> list[tuple[str, str]]:
    """A log entry's detail as (label, value) pairs a moderator reads."""
    items = []
    for key, value in detail.items():
        if value is None:
            continue
        if key == "until":
            value = local_moment(value)
        elif key == "day":
            day = parse_datetime(f"{value}T00:00")
            value = formats.date_format(day, "DATE_FORMAT") if day else value
        elif isinstance(value, list):
            value = ", ".join(f"n° {v}" if key == "sanctions" else str(v) for v in value)
        items.append((str(DETAIL_LABELS.get(key, key)).capitalize(), str(value)))
    return items


# Players -----------------------------------------------------------------------


class SanctionInline(ReadOnly, admin.TabularInline):  # type: ignore[type-arg]
    model = Sanction
    fk_name = "user"
    fields = ["kind", "until", "reason", "by", "created", "ended", "lifted_by"]
    readonly_fields = fields
    extra = 0
    verbose_name_plural = _("sanctions")


admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(ActionForms, UserAdmin):  # type: ignore[type-arg]
    """Players: administrators edit accounts; moderators see them and use the actions."""

    list_display = ["username", "email", "is_active", "is_staff", "date_joined", "last_login"]
    list_filter = ["is_active", "is_staff", "is_superuser", "groups"]
    actions = ["suspend_players", "ban_players", "lift_sanctions", "rename_player"]
    inlines = [SanctionInline]

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is not None and not request.user.has_perm("auth.change_user"):
            # A moderator sees what moderation needs, not the account's secrets or rights.
            return [(None, {"fields": ["username", "email", "is_active", "date_joined", "last_login"]})]
        return super().get_fieldsets(request, obj)

    def has_sanction_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.sanction_player")

    def has_rename_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.rename_player")

    @admin.action(description=_("Suspendre jusqu’à une date"), permissions=["sanction"])
    def suspend_players(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return self.action_with_form(
            request,
            queryset,
            SuspendForm,
            str(_("Suspendre")),
            lambda user, data: sanctions.suspend(request.user, user, data["until"], data["reason"]),
        )

    @admin.action(description=_("Bannir"), permissions=["sanction"])
    def ban_players(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return self.action_with_form(
            request,
            queryset,
            BanForm,
            str(_("Bannir")),
            lambda user, data: sanctions.ban(request.user, user, data["reason"]),
        )

    @admin.action(description=_("Lever la sanction"), permissions=["sanction"])
    def lift_sanctions(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return self.action_with_form(
            request,
            queryset,
            LiftForm,
            str(_("Lever la sanction")),
            lambda user, data: sanctions.lift(request.user, user, data["reason"]),
        )

    @admin.action(description=_("Changer un pseudo offensant"), permissions=["rename"])
    def rename_player(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        if queryset.count() != 1:
            self.message_user(request, _("Choisissez un seul joueur à renommer."), messages.ERROR)
            return None
        return self.action_with_form(
            request,
            queryset,
            RenameForm,
            str(_("Changer le pseudo")),
            lambda user, data: sanctions.rename(request.user, user, data["name"], data["reason"]),
        )


@admin.register(Sanction)
class SanctionAdmin(ReadOnly, ActionForms, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "kind", "until", "reason", "by", "created", "ended", "lifted_by"]
    list_filter = ["kind", set_or_not("ended", _("levée"), "levee")]
    search_fields = ["user__username"]
    actions = ["lift"]

    def has_sanction_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.sanction_player")

    @admin.action(description=_("Lever la sanction"), permissions=["sanction"])
    def lift(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        users = User.objects.filter(pk__in=queryset.values("user"))
        return self.action_with_form(
            request,
            users,
            LiftForm,
            str(_("Lever la sanction")),
            lambda user, data: sanctions.lift(request.user, user, data["reason"]),
        )


# Reports -----------------------------------------------------------------------


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Every report; the queue (``queue/``) groups the pending ones by reported player."""

    list_display = ["reported", "reason", "reporter", "game", "status", "handler", "created"]
    list_filter = ["status", "reason"]
    search_fields = ["reported__username", "reporter__username"]
    change_list_template = "admin/accounts/report/change_list.html"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players report from the site

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # taken and closed from the queue, through the service

    def get_urls(self) -> list[Any]:
        queue = self.admin_site.admin_view(self.queue_view)
        return [path("queue/", queue, name="accounts_report_queue"), *super().get_urls()]

    def queue_view(self, request: HttpRequest) -> HttpResponse:
        if not request.user.has_perm("accounts.view_report"):
            raise PermissionDenied
        handles = request.user.has_perm("accounts.handle_report")
        if request.method == "POST":
            if not handles:
                raise PermissionDenied
            self._handle(request)
            return HttpResponseRedirect(reverse("admin:accounts_report_queue"))
        return TemplateResponse(
            request,
            "admin/accounts/report/queue.html",
            {
                **self.admin_site.each_context(request),
                "title": _("File des signalements"),
                "opts": self.model._meta,
                "groups": queue_groups(),
                "handles": handles,
                "sanctions": request.user.has_perm("accounts.sanction_player"),
            },
        )

    def _handle(self, request: HttpRequest) -> None:
        try:
            report_id = int(request.POST.get("report", ""))
        except ValueError:
            self.message_user(request, _("Signalement inconnu."), messages.ERROR)
            return
        do = request.POST.get("do")
        try:
            if do == "take":
                reports.take(request.user, report_id)
                self.message_user(request, _("Signalement pris en charge."), messages.SUCCESS)
            elif do in ("resolve", "dismiss"):
                reports.close(request.user, report_id, do == "resolve", request.POST.get("note", ""))
                self.message_user(request, _("Signalement clos."), messages.SUCCESS)
            else:
                self.message_user(request, _("Action inconnue."), messages.ERROR)
        except ModerationError as e:
            self.message_user(request, e.message, messages.ERROR)
        except Report.DoesNotExist:
            self.message_user(request, _("Signalement inconnu."), messages.ERROR)


def queue_groups() -> list[dict[str, Any]]:
    """The pending reports grouped by reported player, the longest-waiting first, each with
    the player's other reports and latest matches."""
    pending = list(
        Report.objects.filter(status__in=Report.PENDING)
        .select_related("reporter", "reported", "game", "handler")
        .order_by("created", "pk")
    )
    groups: dict[int, dict[str, Any]] = {}
    for item in pending:
        group = groups.setdefault(item.reported_id, {"player": item.reported, "pending": []})
        group["pending"].append(item)
    for player_id, group in groups.items():
        group["others"] = list(
            Report.objects.filter(reported_id=player_id)
            .exclude(status__in=Report.PENDING)
            .select_related("reporter", "handler")
            .order_by("-created")[:20]
        )
        group["games"] = list(
            Game.objects.filter(seat_set__player_id=player_id).order_by("-created", "-pk")[:RECENT_GAMES]
        )
        group["sanction"] = sanctions.current(group["player"])
    return list(groups.values())


# Tables and the log ----------------------------------------------------------------


@admin.register(Game)
class GameAdmin(ReadOnly, ActionForms, admin.ModelAdmin):  # type: ignore[type-arg]
    """Tables as moderators see them; only ``games.services`` changes a game."""

    list_display = ["number", "variant_name", "status", "players", "public", "rated", "created", "finished"]
    list_display += ["voided"]
    list_filter = ["status", VariantFilter, "public", "rated", set_or_not("voided", _("annulée"), "annulee")]
    search_fields = ["seat_set__player__username"]
    fields = ["variant_name", "seats", "target", "public", "rated", "status", "players", "winner"]
    fields += ["created", "started", "finished", "voided", "version"]
    readonly_fields = fields
    actions = ["void"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        return super().get_queryset(request).prefetch_related("seat_set__player")

    @admin.display(description=_("n°"), ordering="pk")
    def number(self, game: Game) -> int:
        return game.pk

    @admin.display(description=_("variante"), ordering="variant")
    def variant_name(self, game: Game) -> str:
        return str(NAMES.get(game.variant, game.variant))

    @admin.display(description=_("joueurs"))
    def players(self, game: Game) -> str:
        return ", ".join(seat.robot or seat.player.get_username() for seat in game.seat_set.all())

    def has_void_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.void_game")

    @admin.action(description=_("Annuler la partie (ne compte plus)"), permissions=["void"])
    def void(self, request: HttpRequest, queryset: QuerySet[Game]) -> HttpResponse | None:
        def apply(game: Game, data: dict[str, Any]) -> None:
            if not sanctions.void_game(request.user, game, data["reason"]):
                raise ModerationError(_("Cette partie était déjà annulée."))

        return self.action_with_form(request, queryset, VoidForm, str(_("Annuler la partie")), apply)


@admin.register(ModerationLog)
class ModerationLogAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["created", "actor", "action", "target", "game", "report", "reason"]
    list_filter = ["action", "actor"]
    search_fields = ["target__username", "actor__username", "reason"]
    date_hierarchy = "created"
    fields = ["created", "actor", "action", "target", "game", "report", "reason", "detail_text"]
    readonly_fields = fields

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}

    @admin.display(description=_("détail"))
    def detail_text(self, entry: ModerationLog) -> SafeString | str:
        items = detail_items(entry.detail or {})
        if not items:
            return "—"
        return format_html_join("", '<p class="detail-item"><strong>{}</strong> : {}</p>', items)
