"""Sanctions take effect at once (accounts.sanctions): sessions, open tables, turns, login."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import sanctions
from accounts.models import ModerationLog, Notice, Sanction
from accounts.sanctions import ModerationError
from games import services
from games.models import Game, Move
from tests.accounts.moderation import make_admin, make_moderator
from tests.conftest import PASSWORD
from tests.games.conftest import full_table, game_of, play_first, turn_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def mod(db):
    return make_moderator()


def logged_in(user) -> Client:
    client = Client()
    assert (
        client.post(reverse("account_login"), {"login": user.username, "password": PASSWORD}).status_code
        == 302
    )
    return client


def fresh(user):
    user.refresh_from_db()
    return user


def test_a_ban_logs_the_player_out_everywhere(players, mod, django_capture_on_commit_callbacks):
    bob = players[1]
    tabs = [logged_in(bob), logged_in(bob)]  # two browsers
    assert all(tab.get(reverse("lobby")).status_code == 200 for tab in tabs)
    keys = [tab.cookies["sessionid"].value for tab in tabs]
    assert Session.objects.filter(session_key__in=keys).count() == 2

    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(mod, bob, "Triche avérée")

    # No session holds the login any more (each keeps who it was: accounts.middleware).
    for session in Session.objects.filter(session_key__in=keys):
        assert "_auth_user_id" not in session.get_decoded()
    for tab in tabs:
        response = tab.get(reverse("lobby"))
        assert response.status_code == 302 and reverse("account_login") in response["Location"]
    assert not fresh(bob).is_active
    [entry] = ModerationLog.objects.all()
    assert (entry.actor, entry.action, entry.target, entry.reason) == (mod, "ban", bob, "Triche avérée")


def test_a_banned_player_is_told_why_when_logging_in(client, players, mod):
    bob = players[1]
    sanctions.ban(mod, bob, "Insultes répétées")
    response = client.post(reverse("account_login"), {"login": "bob", "password": PASSWORD})
    assert response.status_code == 403
    html = response.content.decode()
    assert "Votre compte est banni" in html and "Insultes répétées" in html
    assert "_auth_user_id" not in client.session
    # A wrong password learns nothing of the sanction.
    response = client.post(reverse("account_login"), {"login": "bob", "password": "pas le bon"})
    assert "Insultes" not in response.content.decode()


def test_a_suspended_player_is_told_until_when_and_comes_back_after(client, players, mod):
    bob = players[1]
    until = timezone.now() + timedelta(days=3)
    sanctions.suspend(mod, bob, until, "Anti-jeu")
    response = client.post(reverse("account_login"), {"login": "bob@example.org", "password": PASSWORD})
    html = response.content.decode()
    assert response.status_code == 403 and "suspendu" in html and "Anti-jeu" in html
    assert timezone.localtime(until).strftime("%Y") in html
    # The suspension's end passes: the next login lets the player in.
    Sanction.objects.filter(user=bob).update(until=timezone.now() - timedelta(seconds=1))
    response = client.post(reverse("account_login"), {"login": "bob", "password": PASSWORD})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(bob.pk)
    assert fresh(bob).is_active


def test_the_periodic_task_ends_suspensions_whose_end_has_passed_but_not_bans(players, mod):
    bob, charlie = players[1:3]
    sanctions.suspend(mod, bob, timezone.now() + timedelta(hours=1), "Anti-jeu")
    sanctions.ban(mod, charlie, "Triche")
    assert sanctions.end_expired() == 0
    Sanction.objects.filter(user=bob).update(until=timezone.now())
    assert sanctions.end_expired() == 1
    assert fresh(bob).is_active and not fresh(charlie).is_active


def test_a_suspension_under_a_ban_ends_without_letting_the_player_back(players, mod):
    bob = players[1]
    sanctions.suspend(mod, bob, timezone.now() + timedelta(hours=1), "Anti-jeu")
    sanctions.ban(mod, bob, "Triche")
    Sanction.objects.filter(user=bob, kind=Sanction.SUSPENSION).update(until=timezone.now())
    sanctions.end_expired()
    assert not fresh(bob).is_active
    assert sanctions.current(bob).kind == Sanction.BAN


def test_lifting_a_sanction_is_an_action_too(client, players, mod):
    bob = players[1]
    sanctions.ban(mod, bob, "Triche")
    with pytest.raises(ModerationError):
        sanctions.lift(mod, bob, "")  # a reason is required
    assert sanctions.lift(mod, bob, "Erreur de joueur") == 1
    assert fresh(bob).is_active and sanctions.current(bob) is None
    assert Sanction.objects.get(user=bob).lifted_by == mod
    assert list(ModerationLog.objects.order_by("pk").values_list("action", "actor", "target")) == [
        ("ban", mod.pk, bob.pk),
        ("lift", mod.pk, bob.pk),
    ]
    assert client.post(reverse("account_login"), {"login": "bob", "password": PASSWORD}).status_code == 302
    with pytest.raises(ModerationError):
        sanctions.lift(mod, bob, "Encore")  # nothing left to lift


def test_a_sanction_needs_a_reason_and_a_future_end_and_changes_nothing_otherwise(players, mod):
    bob = players[1]
    with pytest.raises(ModerationError):
        sanctions.ban(mod, bob, "   ")
    with pytest.raises(ModerationError):
        sanctions.suspend(mod, bob, timezone.now() - timedelta(minutes=1), "Anti-jeu")
    assert fresh(bob).is_active and not Sanction.objects.exists() and not ModerationLog.objects.exists()


def test_a_moderator_cannot_sanction_themselves_nor_the_staff_but_an_administrator_can(players, mod):
    other = make_moderator("mod2")
    root = make_admin()
    for target in (mod, other, root):
        with pytest.raises(ModerationError):
            sanctions.ban(mod, target, "Abus")
    assert not Sanction.objects.exists()
    sanctions.ban(root, other, "Abus de pouvoir")
    assert not fresh(other).is_active


def test_a_sanctioned_player_leaves_the_tables_not_yet_started(
    players, mod, django_capture_on_commit_callbacks
):
    # A player sits at one table at a time (R56): three players, three situations.
    alice, bob, charlie, dave, eve, frank = players
    hosted = services.open_table(bob, "draw", 3, None, True)
    services.join(hosted.pk, alice)
    waiting = services.open_table(charlie, "draw", 3, None, True)
    services.join(waiting.pk, dave)
    started = full_table("draw", [eve, frank])

    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(mod, bob, "Triche")
        sanctions.ban(mod, dave, "Triche")
        sanctions.ban(mod, frank, "Triche")

    assert game_of(hosted.pk).status == Game.CLOSED  # bob hosted it: closed
    waiting = game_of(waiting.pk)
    assert waiting.status == Game.OPEN  # the table goes on waiting, dave's seat free
    assert list(waiting.seat_set.values_list("player__username", flat=True)) == ["charlie"]
    assert game_of(started).status == Game.PLAYING
    assert game_of(started).seat_set.filter(player=frank).exists()  # started: the table plays for him


def test_r52_the_table_plays_for_a_sanctioned_seat_at_once_and_at_every_later_turn(
    players, mod, django_capture_on_commit_callbacks
):
    alice, bob = players[:2]
    game_id = full_table("draw", [alice, bob])
    services.connect(game_id, alice, "tab-alice")
    services.connect(game_id, bob, "tab-bob")
    if turn_of(game_of(game_id)) == 0:
        play_first(game_of(game_id))
    game = game_of(game_id)
    assert turn_of(game) == 1 and game.deadline > timezone.now() + timedelta(seconds=30)

    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(mod, bob, "Triche")

    game = game_of(game_id)
    banned_at = game.version
    assert game.deadline <= timezone.now()  # due now: the timer sent for it acts at once
    assert services.autoplay_if_due(game_id, game.version) is not None
    # Every later turn of bob's is due at once as well; alice's keeps its full clock.
    for _ in range(200):
        game = game_of(game_id)
        if game.status != Game.PLAYING:
            break
        if turn_of(game) == 1:
            assert game.deadline <= timezone.now()
            services.autoplay_if_due(game_id, game.version)
        else:
            assert game.deadline > timezone.now() + timedelta(seconds=30)
            play_first(game)
    plays = Move.objects.filter(game_id=game_id, seat=1, forced=False, kind=Move.PLAY, version__gt=banned_at)
    assert plays.count() >= 2 and all(move.auto for move in plays)


def test_voiding_a_match_takes_it_out_of_the_profile_and_says_so_on_its_page(players, mod):
    alice, bob = players[:2]
    game = full_table("block", [alice, bob])
    Game.objects.filter(pk=game).update(status=Game.OVER)
    alice_client = Client()
    alice_client.force_login(alice)
    assert 'data-variant="block"' in alice_client.get(reverse("profile", args=["alice"])).content.decode()

    assert sanctions.void_game(mod, game_of(game), "Collusion entre les deux joueurs")
    assert not sanctions.void_game(mod, game_of(game), "Encore")  # once only

    html = alice_client.get(reverse("profile", args=["alice"])).content.decode()
    assert 'data-variant="block"' not in html and "annulée par la modération" in html
    page = alice_client.get(reverse("table", args=[game])).content.decode()
    assert (
        "annulée par la modération" in page and "mod" not in page.split("annulée par la modération")[0][-200:]
    )
    [entry] = ModerationLog.objects.all()
    assert (entry.actor, entry.action, entry.game_id, entry.target) == (mod, "void", game, None)


def test_a_table_not_yet_started_cannot_be_voided(players, mod):
    game = services.open_table(players[0], "draw", 2, None, True)
    with pytest.raises(ModerationError):
        sanctions.void_game(mod, game, "Rien")
    assert game_of(game.pk).voided is None and not ModerationLog.objects.exists()


def test_renaming_an_offensive_name_tells_the_player_once_on_their_next_page(
    players, mod, django_capture_on_commit_callbacks
):
    bob = players[1]
    tab = logged_in(bob)
    with pytest.raises(ModerationError):
        sanctions.rename(mod, bob, "alice", "Pseudo offensant")  # taken
    with pytest.raises(ModerationError):
        sanctions.rename(mod, bob, "x" * 200, "Pseudo offensant")  # too long
    with django_capture_on_commit_callbacks(execute=True):  # raises the flag in bob's sessions
        sanctions.rename(mod, bob, "joueur-42", "Pseudo offensant")
    assert fresh(bob).username == "joueur-42"
    page = tab.get(reverse("lobby")).content.decode()
    assert "joueur-42" in page and "a été changé" in page
    assert "a été changé" not in tab.get(reverse("lobby")).content.decode()  # once
    assert Notice.objects.get(user=bob).shown is not None
    [entry] = ModerationLog.objects.all()
    assert (entry.action, entry.target, entry.detail) == ("rename", bob, {"old": "bob", "new": "joueur-42"})


def test_a_player_renamed_while_away_is_told_at_their_next_login(client, players, mod):
    bob = players[1]
    sanctions.rename(mod, bob, "joueur-43", "Pseudo offensant")
    response = client.post(
        reverse("account_login"), {"login": "joueur-43", "password": PASSWORD}, follow=True
    )
    assert "a été changé en « joueur-43 »" in response.content.decode()


def test_a_sanctioned_players_daily_attempt_is_not_played_out_by_the_table(
    players, mod, django_capture_on_commit_callbacks
):
    """Playing a banned player's attempt for them would rank it: it waits as it stands (a
    moderator may disqualify it)."""
    bob = players[1]
    attempt = services.open_attempt(bob, "draw", 2, "jour de test", timezone.now() + timedelta(hours=6))
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(mod, bob, "Triche")
    game = game_of(attempt.pk)
    assert services.acts_for(game, 0) == services.NOBODY  # nobody plays it: it stands
    assert game.turn != 0 or game.deadline is None or game.deadline > timezone.now()
    assert not Move.objects.filter(game=game, seat=0, auto=True).exists()
