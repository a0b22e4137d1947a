"""A player's profile: finished matches played and won per variant, points, latest games."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game, Seat


def game(seats, variant="draw", status=Game.OVER, public=True):
    """A game with ``seats`` = [(player, score, won), …], built directly: only the profile is tested."""
    g = Game.objects.create(
        host=seats[0][0], variant=variant, seats=len(seats), target=100, status=status, public=public
    )
    for index, (player, score, won) in enumerate(seats):
        Seat.objects.create(game=g, index=index, player=player, score=score, won=won)
    return g


def rows(html):
    """The statistics table: {variant: (played, won, points)}, the total row as "total"."""
    found = re.findall(
        r'<tr data-variant="(\w+)">.*?class="number played">(\d+)<.*?class="number won">(\d+)<'
        r'.*?class="number points">(-?\d+)<',
        html,
        re.S,
    )
    return {variant: (int(p), int(w), int(pts)) for variant, p, w, pts in found}


def recent(html):
    """The ids of the games listed under "Dernières parties", in order."""
    return [int(pk) for pk in re.findall(r'<li data-game="(\d+)">', html)]


def profile(client, username):
    return client.get(reverse("profile", args=[username]))


@pytest.fixture
def alice_client(client, players):
    client.force_login(players[0])
    return client


def test_it_counts_finished_matches_played_and_won_per_variant(alice_client, players):
    alice, bob, charlie = players[:3]
    game([(alice, 104, True), (bob, 12, False)], "draw")
    game([(alice, 40, False), (bob, 100, True)], "draw")
    game([(charlie, 150, True), (alice, 85, False)], "all_fives")
    game([(bob, 61, True), (charlie, 20, False)], "fives_threes")  # not alice's

    html = profile(alice_client, "alice").content.decode()

    assert rows(html) == {"draw": (2, 1, 144), "all_fives": (1, 0, 85), "total": (3, 1, 229)}
    assert "Domino avec pioche" in html
    assert "Cinq partout" in html
    assert "Cinq-trois" not in html


def test_partners_count_the_side_s_points_for_each_partner(alice_client, players):
    alice, bob, charlie, dave = players[:4]
    game([(alice, 100, True), (bob, 30, False), (charlie, 100, True), (dave, 30, False)], "partners")

    assert rows(profile(alice_client, "charlie").content.decode()) == {"partners": (1, 1, 100)}
    assert rows(profile(alice_client, "dave").content.decode()) == {"partners": (1, 0, 30)}


def test_only_finished_matches_are_counted(alice_client, players):
    alice, bob = players[:2]
    game([(alice, None, None), (bob, None, None)], "draw", status=Game.PLAYING)
    game([(alice, None, None), (bob, None, None)], "draw", status=Game.ROUND_OVER)
    game([(alice, None, None)], "draw", status=Game.OPEN)

    html = profile(alice_client, "alice").content.decode()

    assert rows(html) == {}
    assert "Aucune partie terminée pour l’instant." in html


def test_it_lists_the_latest_games_with_result_players_and_link(alice_client, players):
    alice, bob, charlie = players[:3]
    won = game([(alice, 104, True), (bob, 12, False)], "draw")
    lost = game([(charlie, 61, True), (alice, 33, False)], "fives_threes")
    live = game([(alice, None, None), (bob, None, None), (charlie, None, None)], "block", Game.PLAYING)
    waiting = game([(alice, None, None)], "family", Game.OPEN)
    closed = game([(alice, None, None)], "classic", Game.CLOSED)

    html = profile(alice_client, "alice").content.decode()

    assert recent(html) == [waiting.pk, live.pk, lost.pk, won.pk]
    assert closed.pk not in recent(html)
    items = dict(zip(recent(html), re.findall(r'<li data-game="\d+">(.*?)</li>', html, re.S), strict=True))
    assert f'<a href="/tables/{won.pk}/">Domino avec pioche</a>' in items[won.pk]
    assert "avec bob" in items[won.pk]
    assert "gagnée" in items[won.pk] and "104 points" in items[won.pk]
    assert "perdue" in items[lost.pk] and "avec charlie" in items[lost.pk]
    assert "en cours" in items[live.pk] and "avec bob, charlie" in items[live.pk]
    assert "en attente" in items[waiting.pk]


def test_it_shows_the_twenty_latest_games_newest_first(alice_client, players):
    alice, bob = players[:2]
    games = [game([(alice, 10, True), (bob, 0, False)]) for _ in range(22)]
    start = timezone.now() - timedelta(days=30)
    for n, g in enumerate(games):
        Game.objects.filter(pk=g.pk).update(created=start + timedelta(days=n))

    html = profile(alice_client, "alice").content.decode()

    assert recent(html) == [g.pk for g in reversed(games)][:20]
    assert rows(html)["draw"] == (22, 22, 220)  # the counts are of every match, not only the latest


def test_a_private_game_is_listed_to_its_own_players_only(client, players):
    alice, bob, charlie = players[:3]
    public = game([(alice, 100, True), (bob, 10, False)])
    private = game([(alice, 100, True), (bob, 10, False)], public=False)

    client.force_login(charlie)
    others = profile(client, "alice").content.decode()
    assert recent(others) == [public.pk]
    assert f"/tables/{private.pk}/" not in others
    # The counts are no secret: the match was played.
    assert rows(others)["draw"] == (2, 2, 200)

    client.force_login(alice)
    assert recent(profile(client, "alice").content.decode()) == [private.pk, public.pk]

    client.force_login(bob)  # seated at it too
    assert recent(profile(client, "alice").content.decode()) == [private.pk, public.pk]


def test_a_private_table_opened_through_services_stays_hidden(client, players):
    alice, bob = players[:2]
    private = services.open_table(alice, "draw", 2, None, public=False)
    client.force_login(bob)

    html = profile(client, "alice").content.decode()

    assert recent(html) == []
    assert private.invitation not in html


def test_it_takes_a_fixed_number_of_queries(alice_client, players, django_assert_num_queries):
    alice, bob, charlie = players[:3]
    for variant in ("draw", "block", "family", "classic"):
        for _ in range(3):
            game([(alice, 10, True), (bob, 0, False), (charlie, 5, False)], variant)

    # The session, the user, the player, the viewer's permissions (two: a moderator sees
    # every game), the counts, the daily results (none here; then one rank count per day),
    # the latest games, their seats, their rating changes, the ratings, her own API tokens,
    # the header's own table ("Ma table"): not one per game.
    with django_assert_num_queries(13):
        response = profile(alice_client, "alice")
    assert rows(response.content.decode())["total"] == (12, 12, 120)


def test_an_unknown_player_is_404(alice_client):
    assert profile(alice_client, "personne").status_code == 404


def test_it_needs_a_login(client, players):
    response = profile(client, "alice")

    assert response.status_code == 302
    assert response["Location"] == reverse("account_login") + "?next=/joueurs/alice/"
