"""Periodic tasks of accounts (celery beat)."""

from __future__ import annotations

from celery import shared_task

from accounts import sanctions


@shared_task(name="accounts.tasks.end_suspensions", ignore_result=True)
def end_suspensions() -> int:
    """Suspensions whose end has passed stop; returns how many players are active again."""
    return sanctions.end_expired()
