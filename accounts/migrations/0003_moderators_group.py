"""The "modérateurs" group, with exactly the rights of moderation.

Moderators see players and tables, handle reports, sanction, rename, void matches,
disqualify daily attempts and read the moderation log; they change nothing else.
Only administrators (superusers) add people to the group (and make them staff).
No account is created here, nor anywhere else: `manage.py createsuperuser` makes
the first administrator.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "modérateurs"

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
}


def create_group(apps, schema_editor):
    # Permissions are made after all migrations have run; make them now for the group.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    wanted = [
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codenames in PERMISSIONS.items()
        for codename in codenames
    ]
    group.permissions.set(wanted)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_moderation"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0006_voided"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
