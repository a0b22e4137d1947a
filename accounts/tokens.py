"""Personal API tokens (django-rest-knox): created with a name, listed, revoked.

Only a hash of a token is stored; the token itself is shown once, on the page
that answers its creation. Revoking deletes it: the next request with it is 401.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from accounts.models import ApiToken


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Nom du jeton"),
        max_length=60,
        help_text=gettext_lazy("Pour le reconnaître : le script ou le programme qui s’en servira."),
    )


def create_token(user: Any, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user``: the stored row, and the token itself (never stored)."""
    return ApiToken.objects.create(user=user, name=name)


def tokens_of(user: Any) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user).order_by("-created"))


def _profile(request: HttpRequest) -> str:
    return reverse("profile", args=[request.user.get_username()]) + "#tokens"


@login_required
@require_POST
@never_cache
def create(request: HttpRequest) -> HttpResponse:
    form = TokenForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Donnez un nom au jeton (60 caractères au plus)."))
        return redirect(_profile(request))
    if ApiToken.objects.filter(user=request.user).count() >= settings.API_TOKENS_PER_USER:
        messages.error(request, _("Vous avez déjà le nombre maximal de jetons : révoquez-en un d’abord."))
        return redirect(_profile(request))
    token, secret = create_token(request.user, form.cleaned_data["name"])
    # Shown here once: only its hash is kept. The page is not cached anywhere.
    return render(request, "accounts/token_created.html", {"token": token, "secret": secret})


@login_required
@require_POST
def revoke(request: HttpRequest, key: str) -> HttpResponse:
    token = get_object_or_404(ApiToken, user=request.user, token_key=key)
    token.delete()
    messages.success(request, _("Le jeton « %(name)s » est révoqué.") % {"name": token.name})
    return redirect(_profile(request))


def context(user: Any) -> dict[str, Any]:
    """What the profile page shows its owner of their tokens."""
    return {"tokens": tokens_of(user), "token_form": TokenForm(), "api_docs": reverse("api:docs")}
