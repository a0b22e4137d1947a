"""Every account form's fields have a length limit, enforced on the server with the
form's own error; a new username has at most 30 characters, and names taken before
the limit keep working."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signup(client, **fields):
    data = {"username": "zoe", "email": "zoe@example.org", "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("account_signup"), {**data, **fields})


def test_a_60000_character_login_is_the_forms_own_error_not_a_server_error(client, players):
    response = client.post(reverse("account_login"), {"login": "x" * 60_000, "password": PASSWORD})
    assert response.status_code == 200
    text = response.content.decode()
    assert "254 caractères" in text and 'class="errorlist' in text
    assert "_auth_user_id" not in client.session


def test_a_huge_password_is_refused_before_it_is_hashed(client, players):
    response = client.post(reverse("account_login"), {"login": "alice", "password": "p" * 100_000})
    assert response.status_code == 200
    assert "128 caractères" in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize(
    "field, value, limit",
    [
        ("username", "z" * 31, 30),
        ("email", "z" * 250 + "@example.org", 254),
        ("password1", "Aa1!" * 40, 128),
    ],
)
def test_sign_up_fields_have_limits(client, db, field, value, limit):
    fields = {field: value}
    if field == "password1":
        fields["password2"] = value
    response = signup(client, **fields)
    assert response.status_code == 200
    assert f"{limit} caractères" in response.content.decode()
    assert not get_user_model().objects.exists()


def test_a_30_character_username_is_taken(client, db):
    response = signup(client, username="z" * 30)
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="z" * 30).exists()


def test_the_form_says_the_limit_to_the_browser_too(client, db):
    text = client.get(reverse("account_signup")).content.decode()
    assert 'maxlength="30"' in text
    text = client.get(reverse("account_login")).content.decode()
    assert 'maxlength="254"' in text


def test_a_longer_name_taken_before_the_limit_still_logs_in(client, db):
    long_name = "n" * 150
    user = get_user_model().objects.create_user(long_name, "n@example.org", PASSWORD)
    EmailAddress.objects.create(user=user, email="n@example.org", verified=True, primary=True)
    response = client.post(reverse("account_login"), {"login": "n@example.org", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("profile", args=[long_name])).status_code == 200


def test_every_field_of_every_account_form_is_bounded():
    from django import forms as django_forms
    from django.conf import settings
    from django.utils.module_loading import import_string

    for name, path in settings.ACCOUNT_FORMS.items():
        form_class = import_string(path)
        try:
            form = form_class()
        except (TypeError, KeyError):
            form = form_class(user=get_user_model()(username="x"))
        for field_name, field in form.fields.items():
            if isinstance(field, django_forms.CharField):
                assert field.max_length is not None, (name, field_name)
