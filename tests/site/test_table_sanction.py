"""A sanction as the player's pages say it, in a real browser (issue 19, defect 7): the
lobby stops saying "En direct" and says why; the table says "banni" for a ban, and
"suspendu jusqu’au …" for a suspension (that neither comes back is socket.mjs's, in
tests/js/socket.test.mjs)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts import sanctions
from games import services
from tests.accounts.moderation import make_moderator
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.site.test_table_clock import WAIT_MS, open_page, table_page, users

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def setting_up() -> tuple[Any, Any, int]:
    alice, bob = users("alice", "bob")
    game = services.open_table(alice, "draw", 3, None, True)
    services.join(game.pk, bob)
    return bob, make_moderator("modo"), game.pk


def lobby_page(browser: Any, base: str, user: Any) -> Any:
    page = open_page(browser, base, user, "/salon/")
    page.locator("#live-status").filter(has_text="En direct").wait_for(timeout=WAIT_MS)
    return page


def test_a_ban_is_said_as_a_ban_on_the_table_and_in_the_lobby(browser, live_site):
    base = live_site()
    bob, modo, game_id = outside_the_browser_loop(setting_up)
    table = table_page(browser, base, bob, game_id)
    lobby = lobby_page(browser, base, bob)

    outside_the_browser_loop(lambda: sanctions.ban(modo, bob, "Triche"))

    notice = table.locator("#connection")
    notice.filter(has_text="banni").wait_for(timeout=WAIT_MS)
    assert "suspendu" not in notice.inner_text()
    assert "fatal" in (notice.get_attribute("class") or "")
    status = lobby.locator("#live-status")
    status.filter(has_text="banni").wait_for(timeout=WAIT_MS)
    assert "En direct" not in status.inner_text()
    assert table.errors == [] and lobby.errors == []


def test_a_suspension_is_said_with_its_end(browser, live_site):
    base = live_site()
    bob, modo, game_id = outside_the_browser_loop(setting_up)
    table = table_page(browser, base, bob, game_id)
    lobby = lobby_page(browser, base, bob)
    until = timezone.now() + timedelta(days=3)

    outside_the_browser_loop(lambda: sanctions.suspend(modo, bob, until, "Insultes"))

    notice = table.locator("#connection")
    notice.filter(has_text="suspendu").wait_for(timeout=WAIT_MS)
    assert "jusqu’au" in notice.inner_text() and str(until.year) in notice.inner_text()
    assert "banni" not in notice.inner_text()
    status = lobby.locator("#live-status")
    status.filter(has_text="suspendu").wait_for(timeout=WAIT_MS)
    assert "jusqu’au" in status.inner_text()
