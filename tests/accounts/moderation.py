"""Moderators and administrators for the moderation tests."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from accounts.permissions import GROUP, moderators_group
from tests.conftest import PASSWORD


def make_moderator(name: str = "mod") -> Any:
    """A member of the staff in the "modérateurs" group (what an administrator makes)."""
    user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD, is_staff=True)
    # The migration made the group; a test on a flushed database makes it again.
    user.groups.add(Group.objects.filter(name=GROUP).first() or moderators_group())
    return user


def make_admin(name: str = "root") -> Any:
    return get_user_model().objects.create_superuser(name, f"{name}@example.org", PASSWORD)
