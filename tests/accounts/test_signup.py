"""Signing up through allauth's form: username, e-mail, password twice; then logged in."""

from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.accounts.mail import confirm
from tests.conftest import PASSWORD


def signup(client, **fields):
    data = {"username": "zoe", "email": "zoe@example.org", "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("account_signup"), {**data, **fields})


def test_it_creates_the_account_and_the_mail_s_link_logs_in_to_the_lobby(client, db):
    response = signup(client)

    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    user = get_user_model().objects.get(username="zoe")
    assert user.email == "zoe@example.org"
    assert "_auth_user_id" not in client.session  # not before the address is confirmed
    confirmed = confirm(client, "zoe@example.org")
    assert confirmed.status_code == 302 and confirmed["Location"] == reverse("lobby")
    assert client.session["_auth_user_id"] == str(user.pk)
    lobby = client.get(reverse("lobby"))
    assert lobby.status_code == 200
    assert 'href="/joueurs/zoe/"' in lobby.content.decode()


def test_it_sends_the_address_confirmation_to_the_mail_outbox(client, db):
    signup(client)

    assert [m.to for m in mail.outbox] == [["zoe@example.org"]]


def test_it_refuses_a_taken_username_in_french(client, players):
    response = signup(client, username="alice")

    assert response.status_code == 200
    assert "Un utilisateur avec ce nom existe déjà" in response.content.decode()
    assert get_user_model().objects.filter(username="alice").count() == 1
    assert "_auth_user_id" not in client.session


def test_it_refuses_passwords_that_differ(client, db):
    response = signup(client, password2=PASSWORD + "!")

    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="zoe").exists()
