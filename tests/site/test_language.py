"""French is the site's language: English only for a visitor who chooses it (the switch)
or asks for it first; "Log in" is one wording in English."""

from __future__ import annotations

import pytest
from django.urls import reverse

from config.language import chosen_language

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "accept, served",
    [
        ("", "fr"),
        ("de-DE,de;q=0.9,en;q=0.8", "fr"),
        ("es", "fr"),
        ("en-US,en;q=0.9,fr;q=0.8", "en"),
        ("fr-FR,en;q=0.5", "fr"),
        ("de;q=0.5,en;q=0.9", "en"),  # English first by its quality
        ("*", "fr"),
    ],
)
def test_a_visitor_gets_french_unless_english_comes_first(client, accept, served):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=accept)
    assert response.headers["Content-Language"] == served
    assert f'<html lang="{served}">' in response.content.decode()


def test_the_switch_wins_over_the_browser(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response.headers["Content-Language"] == "en"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.headers["Content-Language"] == "fr"


def test_the_sockets_choose_the_same_way():
    assert chosen_language(None, "de,en;q=0.8") == "fr"
    assert chosen_language(None, "en-GB") == "en"
    assert chosen_language("xx", "") == "fr"


def test_log_in_is_one_wording_in_english(client):
    home = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    login = client.get(reverse("account_login"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Log in" in home and "Log in" in login
    assert "Sign In" not in login and "Sign in" not in login
