"""The Celery app (DESIGN.md §5): turn clocks, the pause between rounds, the watchdog.

Its settings are the ``CELERY_*`` names in config/settings.py; its tasks are in
each app's ``tasks`` module. Run a worker with ``celery -A config worker`` and the
periodic tasks with ``celery -A config beat`` (the Procfile does both).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("dominos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
