"""One visibility policy: ``Game.objects.visible_to(user)`` for lists and
``game.can_watch(user, invitation)`` for one table, used by the page, joining,
connecting and the profile alike."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser, Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
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
    return set(Game.objects.visible_to(user).values_list("pk", flat=True))


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
    assert tables["public"].can_watch(dave)
    assert not private.can_watch(dave) and not private.can_watch(dave, "wrong")
    assert private.can_watch(dave, private.invitation) and private.can_watch(bob)
    # R63: an attempt is its player's alone until its day is over, invitation or not.
    assert attempt.can_watch(charlie) and not attempt.can_watch(dave, attempt.invitation)
    assert Game.objects.get(pk=tables["past"].pk).can_watch(dave)
    assert all(Game.objects.get(pk=g.pk).can_watch(frank) for g in tables.values())


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
