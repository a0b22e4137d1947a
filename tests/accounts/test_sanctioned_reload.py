"""A player sanctioned while logged in, who reloads their page, is told at once why they
are at the login page: banned, or suspended until when (Paris time), and the reason."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import formats, timezone

from accounts import sanctions
from tests.accounts.moderation import make_moderator
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def logged_in(name: str) -> Client:
    client = Client()
    response = client.post(reverse("account_login"), {"login": name, "password": PASSWORD})
    assert response.status_code == 302
    return client


def reload(client: Client) -> str:
    """The player's table or lobby reloaded: where it leads, as the page reads."""
    response = client.get(reverse("lobby"), follow=True)
    assert response.redirect_chain[-1][0].startswith(reverse("account_login"))
    return response.content.decode()


def test_a_banned_player_reloading_reads_that_they_are_banned_and_why(
    players, django_capture_on_commit_callbacks
):
    tabs = [logged_in("bob"), logged_in("bob")]
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(make_moderator(), players[1], "Triche avérée")
    for tab in tabs:
        page = reload(tab)
        assert "Votre compte est banni" in page and "Motif : Triche avérée" in page
        assert 'name="login"' in page  # the login form is still there, for another account
        page = tab.get(reverse("account_login")).content.decode()  # and again, as long as it lasts
        assert "Votre compte est banni" in page


def test_a_suspended_player_reloading_reads_until_when_in_paris_time(
    players, django_capture_on_commit_callbacks
):
    tab = logged_in("bob")
    until = timezone.now() + timedelta(days=2)
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.suspend(make_moderator(), players[1], until, "Anti-jeu")
    page = reload(tab)
    when = formats.date_format(timezone.localtime(until), "DATETIME_FORMAT")
    assert "Votre compte est suspendu" in page and f"le {when}" in page and "Motif : Anti-jeu" in page
    assert timezone.localtime(until).tzname() in ("CET", "CEST")


def test_in_english_under_english(players, django_capture_on_commit_callbacks):
    tab = logged_in("bob")
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(make_moderator(), players[1], "Cheating")
    page = tab.get(reverse("account_login"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Your account is banned" in page and "Cheating" in page


def test_once_lifted_the_login_page_says_nothing_more(players, django_capture_on_commit_callbacks):
    mod = make_moderator()
    tab = logged_in("bob")
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(mod, players[1], "Erreur de modération")
    assert "Votre compte est banni" in reload(tab)
    sanctions.lift(mod, players[1], "Erreur")
    page = tab.get(reverse("account_login")).content.decode()
    assert "banni" not in page and "Erreur de modération" not in page
    assert logged_in("bob").get(reverse("lobby")).status_code == 200


def test_another_account_logged_in_from_there_is_not_told(players, django_capture_on_commit_callbacks):
    tab = logged_in("bob")
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(make_moderator(), players[1], "Triche")
    reload(tab)
    assert tab.post(reverse("account_login"), {"login": "alice", "password": PASSWORD}).status_code == 302
    tab.logout()
    assert "banni" not in tab.get(reverse("account_login")).content.decode()
