"""The "modérateurs" group and exactly its rights (made by migrations 0002 and 0003)."""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission

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
