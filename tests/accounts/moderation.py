"""Moderators and administrators for the moderation tests."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, Permission

from tests.accounts.mail import confirmed_user

# The group accounts' migrations 0003 and 0004 make, and its rights, as they make them.
GROUP = "modérateurs"

# Moderators see players and tables, handle reports, sanction, rename, void matches,
# disqualify daily attempts, edit the daily challenge's rotation (R60) and read the
# moderation log; they change nothing else.
PERMISSIONS = {
    "accounts": [
        "view_report",
        "handle_report",
        "view_sanction",
        "sanction_player",
        "view_moderationlog",
        "void_game",
        "rename_player",
        "disqualify_attempt",
    ],
    "auth": ["view_user"],
    "games": ["view_game"],
    "leaderboard": [
        "view_dailychallenge",
        "view_dailyattempt",
        "view_rotationstep",
        "add_rotationstep",
        "change_rotationstep",
        "delete_rotationstep",
    ],
}


def moderators_group() -> Group:
    """The group, with exactly its rights (made again if it was removed)."""
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.set(
        [
            Permission.objects.get(content_type__app_label=app, codename=codename)
            for app, codenames in PERMISSIONS.items()
            for codename in codenames
        ]
    )
    return group


def make_moderator(name: str = "mod") -> Any:
    """A member of the staff in the "modérateurs" group (what an administrator makes)."""
    user = confirmed_user(name, is_staff=True)
    # The migration made the group; a test on a flushed database makes it again.
    user.groups.add(Group.objects.filter(name=GROUP).first() or moderators_group())
    return user


def make_admin(name: str = "root") -> Any:
    return confirmed_user(name, is_staff=True, is_superuser=True)
