"""What every request goes through before its view: input no field may hold is refused;
a player is told, once, on their next page, what moderation changed for them.

A NUL character is refused in every parameter of the query string and in every field
of a posted form, with a 400 naming the parameter (the API's errors are
JSON, ``{"player": ["…"]}``, as its other refused parameters): PostgreSQL cannot store
or compare a text holding one, and no name, date, comment or password has one.

A pending notice raises a flag in the player's sessions (``NOTICE_FLAG``): set in
every open session when the notice is written, and at login if one is still
pending. A page reads the notices only when the flag is up, so that the other
pages cost no query.

A sanction logs its player out of every session, but each keeps who was in it
(``SANCTIONED``, ``accounts.sanctions.end_sessions``): while the sanction is in force,
the login page (where a reload of any page of theirs leads) says why, banned or
suspended until when, with the moderator's reason, instead of a bare login form that
only a try would explain. Once the sanction is over the mark is dropped.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from accounts.models import Notice, Sanction

NOTICE_FLAG = "moderation_notice"
# In a session a sanction ended: the user who was logged in.
SANCTIONED = "sanctioned_user"
NUL = "\x00"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _with_nul(request: HttpRequest) -> str | None:
    """The first parameter holding a NUL, None if none does. (A path naming what does not
    exist is a 404 of its view: accounts.validators.USERNAME.)"""
    sources = [request.GET]
    if request.method == "POST" and request.content_type in FORM_TYPES:
        sources.append(request.POST)
    for source in sources:
        for name, values in source.lists():
            if NUL in name or any(NUL in value for value in values):
                return name.replace(NUL, "")
    return None


def refuse_nul(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        name = _with_nul(request)
        if name is None:
            return get_response(request)
        message = _("Caractère nul refusé.")
        if request.path.startswith("/api/"):
            return JsonResponse({name: [message]}, status=400)
        return HttpResponseBadRequest(f"{name} : {message}", content_type="text/plain; charset=utf-8")

    return middleware


def notices(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        # Only a request with a session looks at it (a page without one, /healthz say,
        # is not made to vary on the cookie).
        has_session = settings.SESSION_COOKIE_NAME in request.COOKIES
        if has_session and session is not None and session.get(NOTICE_FLAG) and request.user.is_authenticated:
            pending = list(Notice.objects.filter(user=request.user, shown__isnull=True).order_by("created"))
            for notice in pending:
                messages.warning(request, notice.text())
            Notice.objects.filter(pk__in=[n.pk for n in pending]).update(shown=timezone.now())
            del session[NOTICE_FLAG]
        if (
            has_session
            and session is not None
            and SANCTIONED in session
            and not request.user.is_authenticated
            and request.method == "GET"
            and request.path == reverse("account_login")
        ):
            _tell_sanction(request)
        return get_response(request)

    return middleware


def sanction_text(sanction: Sanction) -> str:
    """What a sanctioned player reads: banned, or suspended until when; and why."""
    if sanction.until is None:
        told = [_("Votre compte est banni"), _("Vous ne pouvez plus vous connecter à ce site.")]
    else:
        until = formats.date_format(timezone.localtime(sanction.until), "DATETIME_FORMAT")
        told = [
            _("Votre compte est suspendu"),
            _("Vous pourrez vous connecter à nouveau le %(until)s.") % {"until": until},
        ]
    return f"{told[0]}. {told[1]} {_('Motif :')} {sanction.reason}"


def _tell_sanction(request: HttpRequest) -> None:
    from accounts import sanctions

    session = request.session
    user = get_user_model().objects.filter(pk=session[SANCTIONED]).first()
    sanction = None if user is None else sanctions.current(user)
    if sanction is None:  # lifted, or over: nothing more to say
        del session[SANCTIONED]
    else:
        messages.error(request, sanction_text(sanction))
