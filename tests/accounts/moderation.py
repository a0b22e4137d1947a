"""Moderators and administrators for the moderation tests."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.conftest import PASSWORD


def make_moderator(name: str = "mod") -> Any:
    """A member of the staff in the "modérateurs" group (what an administrator makes)."""
    user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get(name="modérateurs"))
    return user


def make_admin(name: str = "root") -> Any:
    return get_user_model().objects.create_superuser(name, f"{name}@example.org", PASSWORD)
