"""The report queue in a real browser: the reported player's name, a link in each group's
header, is legible on the header's background, in the admin's light and dark themes (it
was the links' blue on a blue of the same shade)."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import Report
from tests.accounts.moderation import make_moderator
from tests.conftest import needs_chromium, outside_the_browser_loop
from tests.games.conftest import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), needs_chromium]

# WCAG's contrast ratio of the link's colour on the header's background (both computed).
CONTRAST = """(selector) => {
  const link = document.querySelector(selector);
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const luminance = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((c) => {
      c /= 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  let box = link;
  while (box && getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') box = box.parentElement;
  const [a, b] = [luminance(rgb(getComputedStyle(link).color)),
                  luminance(rgb(getComputedStyle(box).backgroundColor))];
  return {ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), box: box.tagName};
}"""


def queue_page(browser: Any, base: str, moderator: Any, scheme: str) -> Any:
    context = browser.new_context(
        locale="fr-FR", color_scheme=scheme, viewport={"width": 1280, "height": 800}
    )
    cookie = outside_the_browser_loop(lambda: session_cookie(moderator))
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    page = context.new_page()
    page.goto(base + "/admin/accounts/report/queue/")
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_reported_player_s_name_is_legible_in_the_queue_header(players, live_site, browser, scheme):
    base = live_site()

    def setup() -> Any:
        Report.objects.create(reporter=players[0], reported=players[1], reason=Report.CHEATING)
        return make_moderator()

    moderator = outside_the_browser_loop(setup)
    page = queue_page(browser, base, moderator, scheme)
    selector = '.report-group[data-player="bob"] h2 a'
    assert page.locator(selector).inner_text() == "bob"
    found = page.evaluate(CONTRAST, selector)
    assert found["box"] == "H2" and found["ratio"] >= 4.5, found
    page.context.close()
