"""A new player's rating chart (issue 19, 15): a single dot is no chart. The profile
shows a sentence after the first rated match, and the chart from the second on."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leaderboard import ratings
from tests.leaderboard.conftest import finished

pytestmark = pytest.mark.django_db


def ratings_section(client, name: str) -> str:
    html = client.get(reverse("profile", args=[name])).content.decode()
    return html.split('id="ratings"', 1)[1].split("</section>", 1)[0]


def test_one_rated_match_shows_a_sentence_and_no_chart_two_show_the_chart(client, players):
    alice, bob = players[:2]
    client.force_login(bob)
    ratings.rate_match(finished("draw", [alice, bob], [100, 20], [True, False]).pk)
    section = ratings_section(client, "alice")
    assert "<svg" not in section and "<circle" not in section
    assert "Le graphique de l’évolution du classement apparaîtra après la deuxième partie classée." in section
    ratings.rate_match(finished("draw", [alice, bob], [100, 30], [True, False]).pk)
    section = ratings_section(client, "alice")
    assert section.count("<svg") == 1 and section.count("<circle") == 2
    assert "apparaîtra après" not in section
