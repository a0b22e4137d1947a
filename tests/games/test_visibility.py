"""One visibility policy (games/access.py): ``access.visible_games(user)`` for lists and
``access.can_see(game, user, invitation)`` for one table, used by the pages, joining,
connecting, the profile, the replay, the API and the daily challenge's pages alike, with
the same 404 for a game one may not see as for a missing one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import access, services
from games.models import Game
from games.services import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables(players):
    alice, bob, charlie, dave, eve, frank = players
    public = services.open_table(alice, "draw", 2, None, True)
    private = services.open_table(bob, "draw", 2, None, False)
    attempt = services.open_attempt(charlie, "block", 2, "seed", timezone.now() + timedelta(hours=2))
    past = services.open_attempt(charlie, "block", 2, "old", timezone.now() + timedelta(hours=2))
    Game.objects.filter(pk=past.pk).update(playable_until=timezone.now() - timedelta(minutes=1))
    moderator = frank
    moderator.user_permissions.add(
        Permission.objects.get(codename="view_game", content_type__app_label="games")
    )
    return {"public": public, "private": private, "attempt": attempt, "past": past}


def visible(user) -> set[int]:
    return set(access.visible_games(user).values_list("pk", flat=True))


def test_lists_show_public_tables_ones_own_and_everything_to_a_moderator(players, tables):
    alice, bob, charlie, dave, eve, frank = players
    t = {name: game.pk for name, game in tables.items()}
    assert visible(dave) == {t["public"], t["past"]}
    assert visible(AnonymousUser()) == {t["public"], t["past"]}
    assert visible(bob) == {t["public"], t["private"], t["past"]}
    assert visible(charlie) == {t["public"], t["attempt"], t["past"]}
    assert visible(frank) == set(t.values())


def test_one_table_can_be_watched_by_the_same_rule_and_an_invitation(players, tables):
    alice, bob, charlie, dave, eve, frank = players
    private, attempt = tables["private"], tables["attempt"]
    assert access.can_see(tables["public"], dave)
    assert not access.can_see(private, dave) and not access.can_see(private, dave, "wrong")
    assert access.can_see(private, dave, private.invitation) and access.can_see(private, bob)
    # R63: an attempt is its player's alone until its day is over, invitation or not.
    assert access.can_see(attempt, charlie) and not access.can_see(attempt, dave, attempt.invitation)
    assert access.can_see(Game.objects.get(pk=tables["past"].pk), dave)
    assert all(access.can_see(Game.objects.get(pk=g.pk), frank) for g in tables.values())


def test_the_page_joining_and_connecting_follow_the_policy(players, tables):
    alice, bob, charlie, dave, eve, frank = players
    client = Client()
    client.force_login(dave)
    private, attempt = tables["private"], tables["attempt"]
    assert client.get(reverse("table", args=[private.pk])).status_code == 404
    assert (
        client.get(reverse("table", args=[private.pk]) + f"?invitation={private.invitation}").status_code
        == 200
    )
    assert client.get(reverse("table", args=[attempt.pk])).status_code == 404
    assert client.get(reverse("table", args=[tables["past"].pk])).status_code == 200
    for game in (private, attempt):
        with pytest.raises(ServiceError) as e:
            services.connect(game.pk, dave, "tab-dave")
        assert e.value.code == "not_found"
    assert services.connect(private.pk, dave, "tab-dave", private.invitation) is None  # a spectator
    assert services.connect(attempt.pk, frank, "tab-frank") is None  # a moderator watches
    with pytest.raises(ServiceError) as e:
        services.join(private.pk, dave)
    assert e.value.code == "not_found"
    moderator = Client()
    moderator.force_login(frank)
    assert moderator.get(reverse("table", args=[attempt.pk])).status_code == 200


def test_a_profile_lists_the_games_the_viewer_may_see(players, tables):
    alice, bob, charlie, dave, eve, frank = players
    client = Client()
    client.force_login(dave)
    page = client.get(reverse("profile", args=["charlie"])).content.decode()
    assert f'href="/tables/{tables["past"].pk}/"' in page
    assert f'href="/tables/{tables["attempt"].pk}/"' not in page
    client.force_login(charlie)
    page = client.get(reverse("profile", args=["charlie"])).content.decode()
    assert f'href="/tables/{tables["attempt"].pk}/"' in page
    assert "Robot Anatole" in page


def test_a_private_attempt_after_its_day_is_its_players_and_its_invitations_only(players, tables):
    """``visible_to`` hid it while ``can_watch`` showed it to anyone once its day was over: a
    private table stays private after the day (docs/protocol.md, "Who may see a game")."""
    alice, bob, charlie, dave, eve, frank = players
    past = tables["past"]
    Game.objects.filter(pk=past.pk).update(public=False)
    past.refresh_from_db()
    client = Client()
    client.force_login(dave)
    page = reverse("table", args=[past.pk])
    assert client.get(page).status_code == 404
    assert client.get(f"/api/matches/{past.pk}/").status_code == 404
    with pytest.raises(ServiceError) as e:
        services.connect(past.pk, dave, "tab-dave")
    assert e.value.code == "not_found"
    assert not access.can_see(past, dave) and past.pk not in visible(dave)
    # Its invitation opens it, as any private table's.
    assert client.get(f"{page}?invitation={past.invitation}").status_code == 200
    assert services.connect(past.pk, dave, "tab-dave", past.invitation) is None
    client.force_login(charlie)
    assert client.get(page).status_code == 200
    assert client.get(f"/api/matches/{past.pk}/").status_code == 200


def test_a_missing_and_a_hidden_game_are_the_same_404_everywhere(players, tables):
    alice, bob, charlie, dave, eve, frank = players
    client = Client()
    client.force_login(dave)
    missing = Game.objects.order_by("-pk").values_list("pk", flat=True)[0] + 1000
    for hidden in (tables["private"], tables["attempt"]):
        answers = {}
        for pk in (missing, hidden.pk):
            answers[pk] = [
                client.get(reverse("table", args=[pk])).status_code,
                client.get(reverse("replay", args=[pk])).status_code,
                client.get(reverse("match_ratings", args=[pk])).status_code,
                client.post(reverse("join", args=[pk])).status_code,
                client.post(reverse("leave", args=[pk])).status_code,
                client.post(reverse("rematch", args=[pk])).status_code,
                client.get(reverse("report", args=[hidden.host.username]) + f"?partie={pk}").status_code,
                client.get(f"/api/matches/{pk}/").status_code,
            ]
        assert answers[missing] == answers[hidden.pk] == [404] * 8
        assert Game.objects.get(pk=hidden.pk).seat_set.filter(player=dave).count() == 0


def test_an_inactive_account_sees_what_a_visitor_sees(players, tables):
    """A suspended or banned player is no longer seated for the policy, nor a moderator."""
    alice, bob, charlie, dave, eve, frank = players
    bob.is_active = False
    frank.is_active = False
    for user in (bob, frank):
        assert visible(user) == visible(AnonymousUser()) == {tables["public"].pk, tables["past"].pk}
    assert not access.can_see(tables["private"], bob)
    assert not access.can_see(tables["attempt"], frank)


def test_the_daily_pages_and_api_link_an_attempt_only_to_who_may_see_it(players):
    """After its day, a day's rounds and travellers show every attempt's score, but an
    attempt's match (a private one) only to who may see it."""
    from leaderboard import services as daily
    from leaderboard.models import DailyChallenge
    from tests.leaderboard.conftest import play, todays

    alice, bob, charlie, dave, eve, frank = players
    frank.user_permissions.add(Permission.objects.get(codename="view_game", content_type__app_label="games"))
    challenge = todays()
    mine, open_one = daily.start_attempt(alice), daily.start_attempt(bob)
    for attempt in (mine, open_one):
        play(attempt, rounds=1)
    day = (challenge.date - timedelta(days=1)).isoformat()
    DailyChallenge.objects.filter(pk=challenge.pk).update(date=day)
    Game.objects.filter(pk__in=[mine.game_id, open_one.game_id]).update(
        playable_until=timezone.now() - timedelta(minutes=1)
    )
    Game.objects.filter(pk=mine.game_id).update(public=False)
    client = Client()
    for user, sees in ((dave, False), (alice, True), (frank, True)):
        client.force_login(user)
        assert client.get(reverse("daily_round", args=[day, 1, "alice"])).status_code == (
            200 if sees else 404
        )
        assert client.get(reverse("daily_round", args=[day, 1, "bob"])).status_code == 200
        links = {
            line["username"]: line["match"]
            for line in client.get(f"/api/daily/{day}/deals/1/").json()["results"]
        }
        assert links == {
            "alice": f"/api/matches/{mine.game_id}/" if sees else "",
            "bob": f"/api/matches/{open_one.game_id}/",
        }
        ranking = client.get(f"/api/daily/{day}/").json()["ranking"]["results"]
        assert {r["username"]: r["match"] for r in ranking} == {
            "alice": f"/api/matches/{mine.game_id}/" if sees else None,
            "bob": f"/api/matches/{open_one.game_id}/",
        }


def test_a_finished_attempts_replay_waits_for_the_end_of_its_day(players):
    """R63: its deals are the day's secret, its player's and moderators' included."""
    from tests.api.conftest import attempt

    alice, bob, charlie, dave, eve, frank = players
    frank.user_permissions.add(Permission.objects.get(codename="view_game", content_type__app_label="games"))
    game = attempt(alice)
    assert game.status == Game.OVER
    client = Client()
    for user in (alice, frank, dave):
        client.force_login(user)
        assert client.get(reverse("replay", args=[game.pk])).status_code == 404
    Game.objects.filter(pk=game.pk).update(playable_until=timezone.now() - timedelta(seconds=1))
    for user in (alice, frank, dave):
        client.force_login(user)
        assert client.get(reverse("replay", args=[game.pk])).status_code == 200
