from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_clocks"),
    ]

    operations = [
        migrations.AddField(
            model_name="connection",
            name="closed",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
