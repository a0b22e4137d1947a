import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_voided"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="rematch_of",
            field=models.OneToOneField(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="rematch",
                to="games.game",
            ),
        ),
        migrations.AddField(
            model_name="connection",
            name="closed",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
