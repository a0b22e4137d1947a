"""``python manage.py daily_challenge [--date YYYY-MM-DD]``: draw a day's challenge by hand.

Idempotent: a day that has its challenge keeps it. Prints the day, the variant,
the number of seats and the commitment (never the seed of a day not yet over).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from leaderboard import services
from leaderboard.models import paris_today


class Command(BaseCommand):
    help = "Draw the daily challenge of a day (today in Paris by default), once."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--date", help="the day, YYYY-MM-DD (default: today in Paris)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            day = date.fromisoformat(options["date"]) if options["date"] else paris_today()
        except ValueError:
            raise CommandError(f"not a date (YYYY-MM-DD): {options['date']!r}") from None
        challenge = services.challenge_for(day)
        self.stdout.write(
            f"{challenge.date} {challenge.variant} {challenge.seats} seats, commitment {challenge.commitment}"
        )
