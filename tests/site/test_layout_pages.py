"""Every page's layout, in a real browser, on a phone (390×844) and on a desktop (1280×800).

The site is filled with real data made through the services (known seeds): a table
waiting in the lobby, hosted by a player with a 30-character name; a table in play;
a Triominos table in play; a match played to its end, with its replay; today's challenge, one attempt finished
and one under way; rated matches, so that a profile has its chart and the
leaderboards their rows; a report in the moderators' queue. Each page is then
measured as it is drawn: nothing may stick out sideways (the page would scroll
sideways), no text may be squeezed into a column a few characters wide, and no
domino may be larger than the screen can show a hand of.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from accounts import reports
from games import services
from leaderboard import ratings, services as daily
from tests.accounts.moderation import make_moderator
from tests.conftest import PASSWORD, needs_chromium, outside_the_browser_loop
from tests.games.conftest import full_table, game_of, play_first, session_cookie
from tests.leaderboard.conftest import finished, play, play_out, todays
from tests.site.test_table_clock import WAIT_MS

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

LONG_NAME = "W" * 30  # as long as a name may be, of its widest letter, unbroken

# What the page measures of itself: a list of problems, each said in words.
MEASURE = """() => {
  const problems = [];
  const where = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      parts.unshift(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
        + (e.classList.length ? "." + [...e.classList].join(".") : ""));
    }
    return parts.join(" > ");
  };
  const visible = (el) => {
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none" && el.getClientRects().length > 0;
  };
  // 1. Nothing sticks out sideways.
  const width = document.documentElement.clientWidth;
  const scrolled = document.documentElement.scrollWidth;
  if (scrolled > width) {
    let widest = null;
    // The element that reaches furthest (its content too, unless it scrolls it), the
    // innermost of those that reach as far.
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      const scrolls = getComputedStyle(el).overflowX !== "visible";
      const right = scrolls ? box.right : Math.max(box.right, box.left + el.scrollWidth);
      if (right > width + 0.5 && (!widest || right >= widest.right)) widest = { right, el };
    }
    problems.push(`the page is ${scrolled} px wide for a ${width} px screen`
      + (widest ? ` (${where(widest.el)} reaches ${Math.round(widest.right)} px)` : ""));
  }
  // 2. No text squeezed into a column a couple of characters wide (a word a line is fine).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const el = node.parentElement;
    if (text.length < 8 || !el || !visible(el)) continue;
    if (el.closest("script, style, template, svg, [hidden]")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set();
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    const lines = tops.size;
    if (lines >= 3 && text.length / lines < 4) {
      const each = Math.round(text.length / lines);
      problems.push(`"${text.slice(0, 40)}" takes ${lines} lines, ${each} characters each, in ${where(el)}`);
    }
  }
  // 3. No domino larger than the screen can show a hand of: at most an eighth of its height
  //    and a sixth of its width.
  const height = document.documentElement.clientHeight;
  for (const tile of document.querySelectorAll("svg.tile-upright, svg.tile-lying, svg g.domino")) {
    if (!visible(tile)) continue;
    const box = tile.getBoundingClientRect();
    const long = Math.max(box.width, box.height);
    const short = Math.min(box.width, box.height);
    if (long > height / 8 || short > width / 6) {
      problems.push(`a domino is ${Math.round(box.width)}×${Math.round(box.height)} px in ${where(tile)}`);
      break;
    }
  }
  return problems;
}"""


Pages = list[tuple[str, Any, str]]
"""The pages to visit, each with who visits it (None: a visitor) and what it shows once drawn."""


def filled_site() -> Pages:
    User = get_user_model()

    def user(name: str) -> Any:
        return User.objects.create_user(name, f"{name.lower()}@example.org", PASSWORD)

    alice, bob, charlie, dave, erin = (user(n) for n in ("alice", "bob", "charlie", "dave", "erin"))
    fanny, gaston = user("fanny"), user("gaston")
    long = user(LONG_NAME)
    modo = make_moderator("modo")

    # A table in play, a public table waiting for players (its host has the longest name),
    # a match played to its end (its replay), with known deals.
    in_play = full_table("draw", [charlie, dave])
    # A Triominos table in play, some tiles on its board of triangles.
    triominos = full_table("triominos", [fanny, gaston], 200, seed="triominos phone 8")
    for _ in range(6):
        play_first(game_of(triominos))
    services.open_table(long, "draw", 3, None, True)
    over = play_out(full_table("block", [alice, bob], target=50)).pk
    # Rated matches: alice's profile has a chart, the board its rows.
    for n in range(3):
        ratings.rate_match(finished("draw", [alice, bob], [100, n], [True, False]).pk)
    ratings.rate_match(over)
    # Today's challenge: alice's attempt is over, erin's under way.
    todays("block", 2)
    play(daily.start_attempt(alice))
    attempt = daily.start_attempt(erin)
    play(attempt, rounds=1)
    # A report in the moderators' queue.
    reports.report(charlie, bob, "insultes", "Il insulte tout le monde dans le salon")

    table = "#table[data-version]:not([data-version=''])"
    return [
        ("/", None, "main"),
        ("/", alice, "main"),
        ("/comptes/signup/", None, "form"),
        ("/comptes/login/", None, "form"),
        ("/salon/", long, f".lobby-table .host:has-text('{LONG_NAME}')"),
        (f"/tables/{in_play}/", charlie, table),
        (f"/tables/{triominos}/", fanny, "#board svg.tri-board"),
        (f"/tables/{over}/", alice, "#match-over"),
        (f"/tables/{over}/revoir/", alice, "#hands svg"),
        ("/defi/", alice, "#my-rank"),
        (f"/tables/{attempt.game_id}/", erin, table),
        ("/classements/", alice, "main"),
        ("/classements/draw/", alice, "#ranked"),
        ("/classements/block/", alice, "#provisional"),
        ("/joueurs/alice/", bob, "#ratings svg"),
        ("/joueurs/bob/signaler/", charlie, "form"),
        ("/donnes/", None, "main"),
        ("/api/docs/", None, ".swagger-ui .opblock"),
        ("/admin/accounts/report/queue/", modo, ".report-group"),
    ]


def problems_of(browser: Any, base: str, pages: Pages, viewport: dict[str, int]) -> list[str]:
    contexts: dict[Any, Any] = {}
    found: list[str] = []
    for path, visitor, ready in pages:
        if visitor not in contexts:
            context = browser.new_context(locale="fr-FR", viewport=viewport)
            if visitor is not None:
                cookie = outside_the_browser_loop(lambda v=visitor: session_cookie(v))
                context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
            contexts[visitor] = context
        page = contexts[visitor].new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        response = page.goto(base + path)
        assert response is not None and response.status == 200, f"{path}: {response and response.status}"
        page.locator(ready).first.wait_for(timeout=WAIT_MS)
        page.wait_for_load_state("networkidle")
        assert errors == [], f"{path}: {errors}"
        found += [f"{path}: {problem}" for problem in page.evaluate(MEASURE)]
        page.close()
    for context in contexts.values():
        context.close()
    return found


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_fits_its_screen(browser, live_site, viewport):
    base = live_site()
    pages = outside_the_browser_loop(filled_site)
    problems = problems_of(browser, base, pages, viewport)
    assert not problems, "\n".join(problems)


def test_the_measure_sees_a_page_too_wide_a_squeezed_text_and_a_huge_tile(browser):
    """The measure itself: a page that has each fault is told of each."""
    page = browser.new_page(viewport=PHONE)
    page.set_content(
        """<body style="margin:0">
        <pre>a line of code much longer than a phone's screen is wide, so that the page scrolls sideways</pre>
        <dl style="display:grid;grid-template-columns:max-content 1fr;width:380px">
          <dt>Engagement (SHA-256 de la graine), un libellé long</dt>
          <dd style="overflow-wrap:anywhere">0123456789abcdef0123456789abcdef</dd>
        </dl>
        <svg class="tile-upright" viewBox="0 0 1 2"></svg>
        </body>"""
    )
    problems = page.evaluate(MEASURE)
    assert len(problems) == 3, problems
    assert re.match(r"the page is \d+ px wide for a 390 px screen \(pre reaches", problems[0])
    assert problems[1].startswith('"0123456789abcdef0123456789abcdef" takes')
    assert problems[2].startswith("a domino is 390×780 px")
    page.close()
