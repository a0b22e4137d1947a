"""Every allauth page is drawn in the site's frame (templates/base.html), in French."""

import re

import pytest
from django.urls import reverse


def frame(html):
    """The parts of the site's frame that a page shows."""
    return {
        "header": '<header class="site-header">' in html,
        "stylesheet": 'href="/static/css/site.css"' in html,
        "french": '<html lang="fr">' in html,
    }


def heading(html):
    return re.sub(r"\s+", " ", re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)).strip()


@pytest.mark.parametrize(
    ("url", "title"),
    [
        ("account_login", "Connexion"),
        ("account_signup", "Création de compte"),
        ("account_reset_password", "Réinitialisation du mot de passe"),
        ("account_reset_password_done", "Réinitialisation du mot de passe"),
        ("account_reset_password_from_key_done", "Modifier le mot de passe"),
    ],
)
def test_the_visitor_pages_are_framed_and_french(client, db, url, title):
    response = client.get(reverse(url))

    assert response.status_code == 200
    html = response.content.decode()
    assert frame(html) == {"header": True, "stylesheet": True, "french": True}
    assert heading(html) == title
    assert re.search(r"<title>\s*\w.*· Dominos</title>", html, re.S)
    # allauth's own menu ("Menu:") is left out for ours.
    assert "Menu:" not in html


@pytest.mark.parametrize(
    ("url", "title"),
    [
        ("account_change_password", "Modifier le mot de passe"),
        ("account_logout", "Se déconnecter"),
        ("account_email", "Adresses e-mail"),
    ],
)
def test_the_pages_of_a_logged_in_player_are_framed_and_french(client, players, url, title):
    client.force_login(players[0])

    response = client.get(reverse(url))

    assert response.status_code == 200
    html = response.content.decode()
    assert frame(html) == {"header": True, "stylesheet": True, "french": True}
    assert heading(html) == title


def test_a_bad_reset_key_is_explained_in_the_frame(client, players):
    response = client.get("/comptes/password/reset/key/1-nimportequoi/", follow=True)

    html = response.content.decode()
    assert frame(html)["header"]
    assert heading(html) == "Mauvais jeton d'identification"
