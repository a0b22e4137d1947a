"""Changing one's password, and resetting a forgotten one by a link sent by e-mail."""

import os
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from config import settings as config_settings
from tests.conftest import PASSWORD

NEW_PASSWORD = "un tout autre mot de passe"


def can_log_in(client, login, password):
    client.logout()
    client.post(reverse("account_login"), {"login": login, "password": password})
    return "_auth_user_id" in client.session


def test_it_changes_the_password(client, players):
    client.force_login(players[0])

    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )

    assert response.status_code == 302
    assert can_log_in(client, "alice", NEW_PASSWORD)
    assert not can_log_in(client, "alice", PASSWORD)


def test_it_keeps_the_password_if_the_current_one_is_wrong(client, players):
    client.force_login(players[0])

    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": "pas le bon", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )

    assert response.status_code == 200
    assert response.context["form"].errors["oldpassword"] == ["Merci d'indiquer votre mot de passe actuel."]
    assert can_log_in(client, "alice", PASSWORD)


def test_changing_the_password_needs_a_login(client, players):
    response = client.get(reverse("account_change_password"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


@pytest.mark.skipif(bool(os.environ.get("EMAIL_URL")), reason="EMAIL_URL chooses another backend")
def test_without_email_url_mail_is_printed_on_the_console():
    # pytest-django swaps the backend for django.core.mail.outbox; the settings module says what runs.
    assert config_settings.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"


def test_a_forgotten_password_is_reset_by_the_link_in_the_mail(client, players):
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.org"})

    assert response.status_code == 302
    assert response["Location"] == reverse("account_reset_password_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.org"]
    link = re.search(r"http://testserver(/comptes/password/reset/key/\S+/)", message.body).group(1)

    # allauth moves the key from the URL into the session, then shows the form.
    form_url = client.get(link)["Location"]
    page = client.get(form_url)
    assert page.status_code == 200
    assert 'name="password1"' in page.content.decode()
    response = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == reverse("account_reset_password_from_key_done")
    assert can_log_in(client, "alice", NEW_PASSWORD)
    assert not can_log_in(client, "alice", PASSWORD)


def test_a_reset_link_works_once(client, players):
    client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    link = re.search(r"http://testserver(\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]
    client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    again = client.get(link, follow=True)

    assert again.context["token_fail"]
    assert get_user_model().objects.get(username="alice").check_password(NEW_PASSWORD)


def test_an_unknown_address_gets_no_reset_link(client, players):
    response = client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})

    # The same answer as for a known address (nothing to learn about who has an account)...
    assert response.status_code == 302
    assert response["Location"] == reverse("account_reset_password_done")
    # ...and no link in the mail allauth sends to tell the address it has no account.
    assert all("/password/reset/key/" not in m.body for m in mail.outbox)
