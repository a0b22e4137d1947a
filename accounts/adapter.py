from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def _named(**credentials: Any) -> AbstractBaseUser | None:
    """The account a login form names, by its username or its e-mail."""
    login = credentials.get("email", credentials.get("username", ""))
    if not login:
        return None
    return get_user_model().objects.filter(Q(username__iexact=login) | Q(email__iexact=login)).first()


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """Count failed logins per account, whether it is named by its username or its e-mail
        (allauth counts per text typed, so switching between the two would double the tries)."""
        user = _named(**credentials)
        if user is None:
            return super()._get_login_attempts_cache_key(request, **credentials)
        return f"account:{user.pk}"

    def authenticate(self, request: HttpRequest, **credentials: Any) -> AbstractBaseUser | None:
        """A suspension whose end has passed stops before its player logs in."""
        from accounts import sanctions

        user = _named(**credentials)
        if user is not None and not user.is_active:
            sanctions.end_expired(user)
        return super().authenticate(request, **credentials)

    def respond_user_inactive(self, request: HttpRequest, user: AbstractBaseUser) -> HttpResponse:
        """The right password of a suspended or banned account: say why, and until when.
        (Only its owner gets here: allauth checks the password first.)"""
        from accounts import sanctions

        sanction = sanctions.current(user)
        if sanction is None:
            return super().respond_user_inactive(request, user)
        return render(request, "account/sanctioned.html", {"sanction": sanction}, status=403)
