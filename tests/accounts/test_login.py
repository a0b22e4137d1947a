"""Logging in with a username or an e-mail address, and logging out."""

from django.urls import reverse

from tests.conftest import PASSWORD


def login(client, login, password=PASSWORD):
    return client.post(reverse("account_login"), {"login": login, "password": password})


def logged_in_as(client):
    return client.session.get("_auth_user_id")


def test_it_logs_in_by_username(client, players):
    alice = players[0]

    response = login(client, "alice")

    assert response.status_code == 302
    assert response["Location"] == reverse("lobby")
    assert logged_in_as(client) == str(alice.pk)


def test_it_logs_in_by_email(client, players):
    bob = players[1]

    response = login(client, "bob@example.org")

    assert response.status_code == 302
    assert logged_in_as(client) == str(bob.pk)


def test_it_goes_back_to_the_page_asked_for(client, players):
    profile = reverse("profile", args=["bob"])

    response = client.post(
        reverse("account_login"), {"login": "alice", "password": PASSWORD, "next": profile}
    )

    assert response["Location"] == profile


def test_it_refuses_a_wrong_password_in_french(client, players):
    response = login(client, "alice", "pas le bon")

    assert response.status_code == 200
    errors = response.context["form"].non_field_errors()
    assert errors == ["Le pseudo et/ou le mot de passe sont incorrects."]
    assert logged_in_as(client) is None


def test_the_logout_page_asks_first_then_logs_out_on_post(client, players):
    client.force_login(players[0])

    page = client.get(reverse("account_logout"))
    assert page.status_code == 200
    assert logged_in_as(client) == str(players[0].pk)
    assert "Êtes-vous sûr(e) de vouloir vous déconnecter" in page.content.decode()

    response = client.post(reverse("account_logout"))

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert logged_in_as(client) is None
    assert client.get(reverse("lobby")).status_code == 302
