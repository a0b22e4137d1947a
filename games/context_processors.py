"""What every page needs to know about the player's own table: the header's "Ma table"."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games import services
from games.close_codes import CODES


def my_table(request: HttpRequest) -> dict[str, Any]:
    """The live table the logged-in player sits at (R56), if any."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"my_table": services.live_tables_of(user).only("pk").first()}


def close_codes(request: HttpRequest) -> dict[str, Any]:
    """The websockets' close codes, for the pages that open one (games.close_codes)."""
    return {"close_codes": CODES}
