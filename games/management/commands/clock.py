"""``manage.py clock``: the process that plays for the tables as their deadlines pass (games.clock)."""

from typing import Any

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Act on the live tables' deadlines as they pass (R52–R54): run one beside the site."

    def handle(self, *args: Any, **options: Any) -> None:
        from games import clock

        clock.run()
