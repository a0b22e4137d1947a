"""The site's frame (templates/base.html): the menu for visitors and for players, and messages."""

import re

from django.urls import reverse

from games import services
from tests.conftest import PASSWORD


def nav(html):
    return re.search(r'<nav class="site-nav".*?</nav>', html, re.S).group(0)


def test_a_visitor_is_offered_to_log_in_or_sign_up(client, db):
    menu = nav(client.get(reverse("home")).content.decode())

    assert '<a href="/salon/">Salon</a>' in menu
    assert '<a href="/comptes/login/">Se connecter</a>' in menu
    assert '<a href="/comptes/signup/">S’inscrire</a>' in menu
    assert "logout" not in menu


def test_a_player_sees_their_profile_password_and_logout(client, players):
    client.force_login(players[0])

    menu = nav(client.get(reverse("home")).content.decode())

    assert '<a href="/salon/">Salon</a>' in menu
    assert '<a class="me" href="/joueurs/alice/" title="alice">alice</a>' in menu
    assert '<a href="/comptes/password/change/">Mot de passe</a>' in menu
    assert '<form class="logout" action="/comptes/logout/" method="post">' in menu
    assert 'name="csrfmiddlewaretoken"' in menu
    assert "Se connecter" not in menu


def test_the_logout_button_logs_out(client, players):
    client.force_login(players[0])

    response = client.post(reverse("account_logout"), follow=True)

    assert response.redirect_chain == [(reverse("home"), 302)]
    assert "Se connecter" in nav(response.content.decode())


def test_a_success_message_is_a_status(client, players):
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD}, follow=True)

    html = response.content.decode()
    assert html.count("Connexion avec alice réussie.") == 1  # ours only, not allauth's list too
    assert '<li class="message success" role="status">Connexion avec alice réussie.</li>' in html


def test_an_error_message_is_an_alert(client, players):
    alice, bob = players[:2]
    game = services.open_table(alice, "draw", 2, None, True)
    services.leave(game.pk, alice)  # the host leaves: the table is closed
    client.force_login(bob)

    response = client.post(reverse("join", args=[game.pk]), follow=True)

    assert '<li class="message error" role="alert">Cette table est fermée.</li>' in response.content.decode()
