"""Moderators and administrators for the moderation tests."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group

from accounts.permissions import GROUP, moderators_group
from tests.accounts.mail import confirmed_user


def make_moderator(name: str = "mod") -> Any:
    """A member of the staff in the "modérateurs" group (what an administrator makes)."""
    user = confirmed_user(name, is_staff=True)
    # The migration made the group; a test on a flushed database makes it again.
    user.groups.add(Group.objects.filter(name=GROUP).first() or moderators_group())
    return user


def make_admin(name: str = "root") -> Any:
    return confirmed_user(name, is_staff=True, is_superuser=True)
