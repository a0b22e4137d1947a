"""No name widens a page: a 150-character username taken before the 30-character limit,
on a 360-pixel phone screen, in the header, the lobby, the table and the profile."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.conftest import PASSWORD, needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table
from tests.site.test_table_clock import WAIT_MS, open_page

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def test_a_very_long_name_widens_no_page(browser, live_site):
    base = live_site()
    long_name = "L" * 150

    def setup() -> tuple[object, int]:
        User = get_user_model()
        long_user = User.objects.create_user(long_name, "long@example.org", PASSWORD)
        alice = User.objects.create_user("alice", "alice@example.org", PASSWORD)
        return long_user, full_table("draw", [long_user, alice])

    long_user, game_id = outside_the_browser_loop(setup)
    for path in ("/salon/", f"/tables/{game_id}/", f"/joueurs/{long_name}/"):
        page = open_page(browser, base, long_user, path)
        if path.startswith("/tables/"):
            page.locator(".seat-card").first.wait_for(timeout=WAIT_MS)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{path} is {width} px wide"
        header = page.locator(".site-nav a.me")
        assert header.get_attribute("title") == long_name
        page.context.close()
