from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpRequest


class AccountAdapter(DefaultAccountAdapter):
    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """Count failed logins per account, whether it is named by its username or its e-mail
        (allauth counts per text typed, so switching between the two would double the tries)."""
        login = credentials.get("email", credentials.get("username", ""))
        user = get_user_model().objects.filter(Q(username__iexact=login) | Q(email__iexact=login)).first()
        if user is None:
            return super()._get_login_attempts_cache_key(request, **credentials)
        return f"account:{user.pk}"
