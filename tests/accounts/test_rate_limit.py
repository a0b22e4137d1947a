"""Failed logins are limited (settings.ACCOUNT_RATE_LIMITS, kept by allauth in the cache):
five failures for one account, and even the right password is refused for a while."""

from django.urls import reverse

from tests.conftest import PASSWORD

TOO_MANY = "Trop de tentatives de connexion échouées. Veuillez réessayer ultérieurement."


def attempt(client, login, password):
    response = client.post(reverse("account_login"), {"login": login, "password": password})
    form = response.context["form"] if response.status_code == 200 else None
    return response, (form.non_field_errors() if form else [])


def test_after_five_failures_the_right_password_is_refused(client, players):
    for _ in range(5):
        response, errors = attempt(client, "alice", "pas le bon")
        assert errors != [TOO_MANY]

    response, errors = attempt(client, "alice", PASSWORD)

    assert response.status_code == 200
    assert errors == [TOO_MANY]
    assert "_auth_user_id" not in client.session
    assert TOO_MANY in response.content.decode()


def test_four_failures_still_let_the_right_password_in(client, players):
    for _ in range(4):
        attempt(client, "alice", "pas le bon")

    response, errors = attempt(client, "alice", PASSWORD)

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(players[0].pk)


def test_the_limit_is_per_account(client, players):
    for _ in range(5):
        attempt(client, "alice", "pas le bon")

    response, errors = attempt(client, "bob", PASSWORD)

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(players[1].pk)


def test_the_limit_counts_the_account_whether_named_by_username_or_email(client, players):
    for login in ("alice", "alice@example.org", "ALICE", "alice", "Alice@Example.org"):
        attempt(client, login, "pas le bon")

    for login in ("alice", "alice@example.org"):
        response, errors = attempt(client, login, PASSWORD)
        assert errors == [TOO_MANY]
        assert "_auth_user_id" not in client.session
