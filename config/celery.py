"""The Celery app (docs/architecture.md, "Clocks and tasks"). Celery does not time the
turns nor the pauses between rounds: the clock process does (games.clock). Beat runs
the periodic tasks: the watchdog (``games.tasks.sweep``), the day's challenge at
midnight and its catch-up (R60), the end of suspensions, the ratings' catch-up and
refresh. The worker runs those, and what commands send it after their commit: the
departure of a seat whose socket closed (R53) and the rating of a match that ended.

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
