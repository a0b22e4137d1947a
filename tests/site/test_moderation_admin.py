"""The moderators' admin in a real browser: Playwright drives Debian's Chromium against Daphne.

A moderator logs in to the admin, opens the report queue, bans the reported
player from it; the player's open table page says at once that they were removed,
and the table goes on waiting without them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from accounts import reports
from games import services
from games.models import Game
from tests.accounts.moderation import make_moderator
from tests.conftest import PASSWORD, needs_chromium, outside_the_browser_loop
from tests.site.test_table_clock import WAIT_MS, table_page, users

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]


def setting_up() -> tuple[Any, int]:
    alice, bob, charlie = users("alice", "bob", "charlie")
    modo = make_moderator("modo")
    # The servers hash passwords as production does (this process uses a fast hash).
    modo.password = PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())
    modo.save(update_fields=["password"])
    game = services.open_table(alice, "draw", 3, None, True)
    services.join(game.pk, bob)
    reports.report(charlie, bob, "insultes", "Il insulte tout le monde dans le salon")
    return bob, game.pk


def test_a_moderator_bans_a_reported_player_from_the_queue_and_their_table_page_says_so(browser, live_site):
    base = live_site()
    bob, game_id = outside_the_browser_loop(setting_up)
    bobs_page = table_page(browser, base, bob, game_id)
    assert bobs_page.locator("#seat-list").inner_text().count("bob") == 1

    context = browser.new_context(locale="fr-FR")
    admin = context.new_page()
    admin.goto(base + "/admin/")  # the site's own login, then back to the admin
    admin.fill("#id_login", "modo")
    admin.fill("#id_password", PASSWORD)
    admin.locator("form[action*='login'] [type=submit]").click()
    admin.wait_for_url(re.compile(r"/admin/$"))
    admin.get_by_role("link", name="Signalements").first.click()
    admin.locator("#report-queue").click()
    admin.wait_for_url(re.compile(r"/admin/accounts/report/queue/$"))
    group = admin.locator(".report-group[data-player='bob']")
    assert "Il insulte tout le monde" in group.inner_text()
    group.locator("button.ban").click()
    admin.fill("#id_reason", "Insultes répétées envers les autres joueurs")
    admin.locator("input[name=apply]").click()
    admin.wait_for_url(re.compile(r"/admin/auth/user/"))
    assert "Bannir" in admin.locator(".messagelist").inner_text()

    notice = bobs_page.locator("#connection")
    notice.filter(has_text="retiré de cette table").wait_for(timeout=WAIT_MS)
    assert "fatal" in (notice.get_attribute("class") or "")
    game = outside_the_browser_loop(lambda: Game.objects.get(pk=game_id))
    assert game.status == Game.OPEN
    assert outside_the_browser_loop(
        lambda: list(game.seat_set.values_list("player__username", flat=True))
    ) == ["alice"]
    assert bobs_page.errors == []
