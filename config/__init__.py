"""The site's configuration. The Celery app is loaded with Django, so that tasks
sent from the site (games.services) use its settings."""

from config.celery import app as celery_app

__all__ = ["celery_app"]
