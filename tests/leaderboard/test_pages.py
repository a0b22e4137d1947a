"""The leaderboards, the profile's ratings and a match's rating changes on its page."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from leaderboard import boards, ratings
from leaderboard.models import Rating
from tests.leaderboard.conftest import finished

pytestmark = pytest.mark.django_db


def board_of(variant, n, provisional_every=0):
    """``n`` players rated in ``variant``: player i shows 2000 - i (every k-th provisional)."""
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"p{i:03d}") for i in range(n)])
    today = timezone.localdate()
    Rating.objects.bulk_create(
        Rating(
            player=user,
            variant=variant,
            mu=30.0,
            sigma=3.0,
            ordinal=2000.0 - i,
            provisional=bool(provisional_every) and i % provisional_every == 0,
            matches=i + 1,
            last_played=timezone.now() - timedelta(days=i % 7),
            as_of=today,
        )
        for i, user in enumerate(users)
    )
    return users


def names(html, section):
    part = html.split(f'id="{section}"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'<th scope="row"><a href="/joueurs/[^/]+/">([^<]+)</a>', part)


def test_the_leaderboard_lists_the_best_first_page_by_page_with_ranks(client):
    users = board_of("draw", 120, provisional_every=10)
    client.force_login(users[55])
    html = client.get(reverse("leaderboard", args=["draw"])).content.decode()
    established = [u.username for i, u in enumerate(users) if i % 10]
    assert names(html, "ranked") == established[: boards.PAGE_SIZE]
    assert re.findall(r'<td class="number rank">(\d+)</td>', html)[:3] == ["1", "2", "3"]
    assert '<td class="number rating">1999</td>' in html
    second = client.get(reverse("leaderboard", args=["draw"]), {"page": 2}).content.decode()
    assert names(second, "ranked") == established[boards.PAGE_SIZE : 2 * boards.PAGE_SIZE]
    assert 'rel="prev"' in second and 'rel="next"' in second
    last = client.get(reverse("leaderboard", args=["draw"]), {"page": 99}).content.decode()
    assert names(last, "ranked") == established[2 * boards.PAGE_SIZE :]


def test_provisional_players_are_listed_apart_marked_with_a_question_mark(client):
    board_of("block", 30, provisional_every=10)
    html = client.get(reverse("leaderboard", args=["block"])).content.decode()
    assert names(html, "provisional") == ["p000", "p010", "p020"]
    assert "p010" not in names(html, "ranked")
    provisional = html.split('id="provisional"', 1)[1]
    assert re.search(r'1990<abbr class="provisional" title="provisoire">\?</abbr>', provisional)


def test_my_own_row_is_marked_and_my_place_said(client):
    users = board_of("draw", 120)
    client.force_login(users[75])
    html = client.get(reverse("leaderboard", args=["draw"])).content.decode()
    assert "Votre place : 76," in html and "?page=2#me" in html
    assert 'id="me"' not in html
    page2 = client.get(reverse("leaderboard", args=["draw"]), {"page": 2}).content.decode()
    mine = re.search(r'<tr id="me" class="mine" aria-current="true">(.*?)</tr>', page2, re.S).group(1)
    assert "p075" in mine and '<td class="number rank">76</td>' in mine
    assert page2.count('class="mine"') == 1


def test_equal_ratings_keep_one_order_and_ranks_follow_it(client):
    users = board_of("draw", 3)
    Rating.objects.update(ordinal=1600.0)
    client.force_login(users[2])
    html = client.get(reverse("leaderboard", args=["draw"])).content.decode()
    assert names(html, "ranked") == ["p000", "p001", "p002"]
    assert "Votre place : 3," in html


def test_every_variant_has_its_board_linked_from_the_header(client, players):
    client.force_login(players[0])
    home = client.get("/").content.decode()
    assert f'href="{reverse("leaderboards")}"' in home
    html = client.get(reverse("leaderboards")).content.decode()
    assert "Personne n’est encore classé" in html
    for key in ("partners", "draw", "block", "family", "classic", "all_fives", "fives_threes"):
        assert f'href="/classements/{key}/"' in html
    assert client.get("/classements/chess/").status_code == 404


def test_the_profile_shows_each_variants_rating_its_chart_and_the_changes_of_recent_matches(client, players):
    alice, bob = players[:2]
    for n in range(3):
        ratings.rate_match(finished("draw", [alice, bob], [100, n], [True, False]).pk)
    game = finished("block", [alice, bob], [0, 50], [False, True])
    ratings.rate_match(game.pk)
    client.force_login(bob)
    html = client.get(reverse("profile", args=["alice"])).content.decode()
    section = html.split('id="ratings"', 1)[1].split("</section>", 1)[0]
    draw = Rating.objects.get(player=alice, variant="draw")
    assert f"{draw.shown}<abbr" in section and "3 parties classées" in section
    # Three draw matches make a chart; a single block match, a sentence (issue 19, 15).
    assert section.count("<svg") == 1 and section.count("<polyline") == 1
    assert "après la deuxième partie classée" in section
    # The recent matches show the change they made.
    change = alice.rating_changes.get(game=game)
    assert change.delta < 0
    item = html.split(f'data-game="{game.pk}"', 1)[1].split("</li>", 1)[0]
    assert f"\u2212{-change.delta}" in item


def test_the_chart_is_drawn_through_every_point():
    now = timezone.now()
    svg = boards.history_chart([(now, 1500.0), (now, 1600.0), (now, 1550.0)], "draw")
    points = re.search(r'<polyline class="line" points="([^"]+)"', svg).group(1).split()
    assert len(points) == 3
    ys = [float(p.split(",")[1]) for p in points]
    assert ys[1] < ys[2] < ys[0]  # higher is up
    assert "<title" in svg and "de 1500 à 1550" in svg


def test_a_match_page_shows_each_players_rating_before_and_the_change(client, players):
    alice, bob, charlie = players[:3]
    game = finished("draw", [alice, bob], [100, 10], [True, False])
    client.force_login(charlie)
    page = client.get(game.get_absolute_url()).content.decode()
    assert '<section id="ratings"' in page and "hidden>" in page.split('<section id="ratings"', 1)[1][:400]
    assert client.get(reverse("match_ratings", args=[game.pk])).json()["ratings"] == []
    ratings.rate_match(game.pk)
    page = client.get(game.get_absolute_url()).content.decode()
    panel = page.split('<section id="ratings"', 1)[1].split("</section>", 1)[0]
    a, b = (game.rating_changes.get(player=p) for p in (alice, bob))
    assert re.search(r'alice</th>\s*<td class="number before">1500<abbr', panel)
    assert f"+{a.delta}</td>" in panel and f"\u2212{-b.delta}</td>" in panel
    data = client.get(reverse("match_ratings", args=[game.pk])).json()
    assert [(r["name"], r["delta"]) for r in data["ratings"]] == [("alice", a.delta), ("bob", b.delta)]


def test_a_private_matchs_ratings_are_for_those_who_may_see_it(client, players):
    alice, bob, charlie = players[:3]
    game = finished("draw", [alice, bob], [100, 10], [True, False], public=False)
    ratings.rate_match(game.pk)
    client.force_login(charlie)
    assert client.get(reverse("match_ratings", args=[game.pk])).status_code == 404
    client.force_login(bob)
    assert len(client.get(reverse("match_ratings", args=[game.pk])).json()["ratings"]) == 2


def test_a_friendly_match_page_has_no_rating_panel(client, players):
    alice, bob = players[:2]
    game = finished("draw", [alice, bob], [100, 10], [True, False], rated=False)
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert '<section id="ratings"' not in page and "partie amicale" in page


def test_the_profile_takes_two_queries_per_variant_rated_not_one_per_match(
    client, players, django_assert_num_queries
):
    alice, bob = players[:2]
    for n in range(6):
        ratings.rate_match(finished("draw" if n % 2 else "block", [alice, bob], [100, n], [True, False]).pk)
    client.force_login(bob)
    client.get(reverse("profile", args=["alice"]))  # the session saved
    # Those of another's profile without ratings (tests/accounts/test_profile.py, less her
    # own API tokens; the header's own table included), then for each variant: the place
    # and the history.
    with django_assert_num_queries(12 + 2 * 2):
        response = client.get(reverse("profile", args=["alice"]))
    assert response.status_code == 200 and '<section id="ratings"' in response.content.decode()


def test_a_rows_profile_link_is_the_profiles_url_whatever_the_name():
    from types import SimpleNamespace

    from django.core.paginator import Paginator

    names = ["alice", "a.b+c@d", "jean-édouard", "x_y~z"]
    now = timezone.now()
    fake = [
        SimpleNamespace(
            player=SimpleNamespace(username=n),
            player_id=i,
            shown=1500,
            provisional=False,
            matches=1,
            last_played=now,
        )
        for i, n in enumerate(names)
    ]
    page = Paginator(fake, 50).page(1)
    assert [row["url"] for row in boards.rows(page, 1)] == [reverse("profile", args=[n]) for n in names]
    assert [row["mine"] for row in boards.rows(page, 1)] == [False, True, False, False]


def test_a_board_of_provisional_players_only_does_not_say_that_nobody_is_rated(client):
    """Issue 19, 15: "Personne n'est encore classé" stood above a filled list of provisional
    players; it says where they are instead."""
    board_of("family", 3, provisional_every=1)
    html = client.get(reverse("leaderboard", args=["family"])).content.decode()
    assert names(html, "provisional") == ["p000", "p001", "p002"]
    assert "Personne n’est encore classé" not in html
    ranked = html.split('id="ranked"', 1)[1].split("</section>", 1)[0]
    assert "tous dans les classements provisoires, ci-dessous" in ranked
    english = client.get(reverse("leaderboard", args=["family"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "all in the provisional ratings below" in english
    # A board with nobody at all still says so.
    empty = client.get(reverse("leaderboard", args=["classic"])).content.decode()
    assert "Personne n’est encore classé dans cette variante." in empty


def test_the_day_page_says_how_its_commitment_relates_to_each_rounds_and_links_to_the_deals_page(
    client, players
):
    """Issue 19, 11: /defi/ says how the day's commitment relates to each round's (R12, R61)."""
    from games.rules import commitment, round_seed
    from tests.leaderboard.conftest import todays

    challenge = todays("draw", 3)
    client.force_login(players[0])
    html = client.get(reverse("daily")).content.decode()
    said = html.split('id="daily-commitments"', 1)[1].split("</p>", 1)[0]
    assert "SHA-256 du texte « graine du jour/round/n »" in said
    assert "SHA-256 de la graine du jour" in said and "SHA-256 de sa propre graine" in said
    assert f'href="{reverse("deals")}"' in said
    # What it says is what the site does: the day's commitment, each round's from its seed.
    assert f'<code id="daily-commitment">{commitment(challenge.seed)}</code>' in html
    first = round_seed(challenge.seed, 1)
    assert commitment(first) not in html and first not in html  # the day's secrets stay secret
    english = client.get(reverse("daily"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "the SHA-256 of the text “day’s seed/round/n”" in english
    assert "How a seed becomes a deal" in english
