"""Disqualifying a daily attempt: out of the day's ranking, the ranks below move up."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts import sanctions
from accounts.models import ModerationLog
from accounts.sanctions import ModerationError
from leaderboard import services
from leaderboard.models import DailyAttempt
from tests.accounts.moderation import make_moderator
from tests.leaderboard.conftest import last_legal, play, todays

pytestmark = pytest.mark.django_db


def order(challenge) -> list[tuple[int, str]]:
    return [(i + 1, a.player.username) for i, a in enumerate(services.ranking(challenge))]


def ranks(challenge) -> dict[str, int | None]:
    return {a.player.username: services.rank_of(a) for a in DailyAttempt.objects.filter(challenge=challenge)}


def test_disqualifying_an_attempt_takes_it_out_of_the_day_and_the_ranks_below_move_up(players):
    challenge = todays()
    alice, bob, charlie, dave = players[:4]
    mod = make_moderator()
    play(services.start_attempt(alice), choose=last_legal)
    play(services.start_attempt(bob))
    play(services.start_attempt(charlie), choose=last_legal)
    before = order(challenge)
    assert [rank for rank, _ in before] == [1, 2, 3]
    top = before[0][1]
    assert ranks(challenge) == {name: rank for rank, name in before}

    attempt = DailyAttempt.objects.get(challenge=challenge, player__username=top)
    with pytest.raises(ModerationError):
        sanctions.disqualify(mod, attempt, "")
    assert sanctions.disqualify(mod, attempt, "Deux comptes pour le même joueur")
    assert not sanctions.disqualify(mod, attempt, "Encore")

    after = order(challenge)
    assert after == [(rank, name) for rank, (_, name) in enumerate(before[1:], start=1)]
    assert ranks(challenge) == {**{name: rank for rank, name in after}, top: None}
    client = Client()
    client.force_login(dave)
    data = client.get(reverse("daily_ranking", args=[challenge.date.isoformat()])).json()
    assert [row["name"] for row in data["top"]] == [name for _, name in after]
    [entry] = ModerationLog.objects.all()
    assert (entry.actor, entry.action, entry.target.username, entry.game_id) == (
        mod,
        "disqualify",
        top,
        attempt.game_id,
    )


def test_an_attempt_disqualified_in_play_stays_out_when_it_ends(players):
    challenge = todays()
    alice, bob = players[:2]
    mod = make_moderator()
    play(services.start_attempt(alice))
    cheat = services.start_attempt(bob)
    sanctions.disqualify(mod, cheat, "Aide extérieure")
    play(cheat, choose=last_legal)
    cheat.refresh_from_db()
    assert cheat.finished is not None
    assert order(challenge) == [(1, "alice")]
    assert ranks(challenge) == {"alice": 1, "bob": None}


def test_a_moderator_disqualifies_from_the_admin(players):
    challenge = todays()
    mod = make_moderator()
    play(services.start_attempt(players[0]))
    attempt = DailyAttempt.objects.get(challenge=challenge)
    client = Client()
    client.force_login(mod)
    url = reverse("admin:leaderboard_dailyattempt_changelist")
    assert client.get(url).status_code == 200
    response = client.post(
        url, {"action": "disqualify", "_selected_action": [attempt.pk], "reason": "Triche", "apply": "1"}
    )
    assert response.status_code == 302
    attempt.refresh_from_db()
    assert attempt.disqualified is not None and order(challenge) == []
    assert ModerationLog.objects.get().actor == mod
