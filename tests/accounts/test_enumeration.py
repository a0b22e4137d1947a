"""Nobody learns from the site whether an address has an account (allauth's enumeration
prevention): a sign-up with a taken address and a password reset for an unknown one
answer exactly as for any other address; only the address's owner learns it, by mail."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.accounts.mail import confirm, mails_to
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signup(client: Client, username: str, email: str):
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("account_signup"), data, follow=True)


def page_text(response, address: str) -> str:
    """The page without what differs between any two requests (the CSRF token, the nonce)
    nor the address it was sent (the page repeats it)."""
    html = response.content.decode().replace(address, "ADDRESS")
    return re.sub(r'(value|nonce|content)="[^"]*"', "", html)


def test_a_sign_up_with_a_taken_address_answers_as_any_other(players):
    taken, fresh = Client(), Client()
    with_taken = signup(taken, "zoe", "alice@example.org")
    with_fresh = signup(fresh, "yann", "yann@example.org")

    assert with_taken.redirect_chain == with_fresh.redirect_chain
    assert with_taken.status_code == with_fresh.status_code == 200
    assert page_text(with_taken, "alice@example.org") == page_text(with_fresh, "yann@example.org")
    assert "Un utilisateur est déjà inscrit avec cette adresse" not in with_taken.content.decode()
    # No second account; the address's owner is told someone tried, with a way to reset.
    assert not get_user_model().objects.filter(username="zoe").exists()
    assert get_user_model().objects.filter(email__iexact="alice@example.org").count() == 1
    (told,) = mails_to("alice@example.org")
    assert reverse("account_reset_password") in told.body
    assert "confirm-email" not in told.body
    assert "_auth_user_id" not in taken.session


def test_a_password_reset_answers_the_same_for_an_unknown_address(players):
    known, unknown = Client(), Client()
    for_known = known.post(reverse("account_reset_password"), {"email": "alice@example.org"}, follow=True)
    for_unknown = unknown.post(
        reverse("account_reset_password"), {"email": "nobody@example.org"}, follow=True
    )

    assert (
        for_known.redirect_chain
        == for_unknown.redirect_chain
        == [(reverse("account_reset_password_done"), 302)]
    )
    assert page_text(for_known, "alice@example.org") == page_text(for_unknown, "nobody@example.org")
    # The owner gets the link; the unknown address is told it has no account here.
    (reset,) = mails_to("alice@example.org")
    assert "/comptes/password/reset/key/" in reset.body
    (none,) = mails_to("nobody@example.org")
    assert "/comptes/password/reset/key/" not in none.body


def test_an_account_not_yet_confirmed_cannot_log_in_until_its_link_is_followed(client, db):
    signup(client, "zoe", "zoe@example.org")
    client.logout()
    response = client.post(reverse("account_login"), {"login": "zoe", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session
    confirm(client, "zoe@example.org")
    assert client.session["_auth_user_id"] == str(get_user_model().objects.get(username="zoe").pk)


def test_an_account_made_without_a_confirmed_address_is_sent_the_link_when_it_logs_in(client, db):
    """An administrator made with createsuperuser, a player from before the confirmation."""
    admin = get_user_model().objects.create_superuser("root", "root@example.org", PASSWORD)
    response = client.post(reverse("account_login"), {"login": "root", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session
    confirm(client, "root@example.org")
    assert client.session["_auth_user_id"] == str(admin.pk)
