"""The moderators' rights over the daily challenge: see its days and attempts (and
disqualify an attempt, a right of 0002), and edit the rotation of its variants (R60)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "modérateurs"

ADDED = [
    "view_dailychallenge",
    "view_dailyattempt",
    "view_rotationstep",
    "add_rotationstep",
    "change_rotationstep",
    "delete_rotationstep",
]


def add_rights(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    group, _ = apps.get_model("auth", "Group").objects.get_or_create(name=GROUP)
    Permission = apps.get_model("auth", "Permission")
    group.permissions.add(*Permission.objects.filter(content_type__app_label="leaderboard", codename__in=ADDED))


def remove_rights(apps, schema_editor):
    group = apps.get_model("auth", "Group").objects.filter(name=GROUP).first()
    if group is not None:
        Permission = apps.get_model("auth", "Permission")
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label="leaderboard", codename__in=ADDED)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_moderators_group"),
        ("leaderboard", "0003_disqualified"),
    ]

    operations = [migrations.RunPython(add_rights, remove_rights)]
