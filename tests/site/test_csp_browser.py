"""The Content-Security-Policy in a real browser: no page of the site breaks it.

Chromium reports every blocked script, style, image or connection as a
``securitypolicyviolation`` event and on the console; the pages a player goes
through (home, login, lobby, a live table) must raise none, and the table's
socket must still deliver the match (connect-src 'self' covers it).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table
from tests.site.test_table_clock import WAIT_MS, open_page

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

WATCH = """() => {
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation',
    e => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
}"""


def violations(page: Any, console: list[str]) -> list[str]:
    return page.evaluate("() => window.cspViolations") + [
        text for text in console if "Content Security Policy" in text
    ]


def test_the_sites_pages_break_no_rule_of_the_policy(players, live_site, browser):
    base = live_site()
    game_id = outside_the_browser_loop(lambda: full_table("block", players[:2]))
    for path in ("/", "/comptes/login/", "/salon/", f"/tables/{game_id}/", "/pas-de-page/"):
        page = open_page(browser, base, players[0], "/")
        console: list[str] = []
        page.on("console", lambda message, console=console: console.append(message.text))
        page.add_init_script(script=WATCH.removeprefix("() => {").removesuffix("}"))
        page.goto(base + path)
        page.wait_for_load_state("load")
        if path.startswith("/tables/"):  # the socket delivered the state: connect-src allowed it
            page.wait_for_function(
                "() => document.getElementById('table').dataset.version !== ''", timeout=WAIT_MS
            )
        assert page.evaluate("() => document.styleSheets.length") >= 1
        assert violations(page, console) == [], path
        assert page.errors == [], path
        page.context.close()
