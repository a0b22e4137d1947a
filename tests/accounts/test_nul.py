"""A NUL character in any text the site is sent is refused with a 400 naming where it was,
and changes nothing (PostgreSQL cannot store nor compare it: it was a 500 there). Run on
PostgreSQL too: ``DATABASE_URL=postgres://… pytest tests/accounts/test_nul.py``."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from accounts.models import ModerationLog, Report, Sanction
from tests.accounts.moderation import make_moderator
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

NUL = "\x00"
CAN = "a\x00b"

# Every parameter of the history API that takes a text (its booleans and numbers too).
API = [
    ("/api/matches/", "player"),
    ("/api/matches/", "variant"),
    ("/api/matches/", "seats"),
    ("/api/matches/", "since"),
    ("/api/matches/", "until"),
    ("/api/matches/", "result"),
    ("/api/matches/", "status"),
    ("/api/matches/", "rated"),
    ("/api/matches/", "daily"),
    ("/api/matches/", "cursor"),
    ("/api/players/alice/matches/", "player"),
    ("/api/players/alice/matches/", "since"),
    ("/api/players/alice/export", "since"),
    ("/api/players/alice/export", "player"),
    ("/api/leaderboards/draw/", "provisional"),
    ("/api/leaderboards/draw/", "page"),
    ("/api/daily/", "page"),
]


@pytest.mark.parametrize(("url", "name"), API)
def test_each_text_parameter_of_the_api_refuses_a_nul(client, players, url, name):
    for value in (NUL, CAN):
        response = client.get(url, {name: value, **({"player": "bob"} if name == "result" else {})})
        assert response.status_code == 400, (url, name, value)
        assert response.json() == {name: ["Caractère nul refusé."]}


@pytest.mark.parametrize(
    "url", ["/api/players/a%00b/", "/api/players/a%00b/matches/", "/api/leaderboards/%00/", "/api/daily/%00/"]
)
def test_a_nul_in_a_path_of_the_api_names_nothing(client, players, url):
    response = client.get(url)
    assert response.status_code == 404 and response["Content-Type"] == "application/json"


@pytest.mark.parametrize(
    "url", ["/joueurs/a%00b/", "/joueurs/a%00b/signaler/", "/defi/%00/", "/classements/%00/"]
)
def test_a_nul_in_the_path_of_a_page_names_nothing(client, players, url):
    client.force_login(players[0])
    assert client.get(url).status_code == 404


def test_a_nul_in_a_query_of_a_page_or_of_the_admin_is_refused(client, players):
    client.force_login(make_moderator())
    for url in [
        "/joueurs/bob/signaler/?partie=%00",
        "/comptes/login/?next=%00",
        "/admin/games/game/?status=%00",
    ]:
        response = client.get(url)
        assert response.status_code == 400 and "Caractère nul refusé." in response.content.decode(), url


def signup_data(**fields: str) -> dict[str, str]:
    return {
        "username": "zoe",
        "email": "zoe@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **fields,
    }


# Every form of the site, each of its text fields.
@pytest.mark.parametrize("field", ["username", "email", "password1", "password2"])
def test_the_sign_up_form_refuses_a_nul(client, db, field):
    response = client.post(reverse("account_signup"), signup_data(**{field: "zoe" + CAN}))
    assert response.status_code == 400 and field in response.content.decode()
    assert not get_user_model().objects.filter(username__startswith="zoe").exists()


@pytest.mark.parametrize("field", ["login", "password"])
def test_the_login_form_refuses_a_nul(client, players, field):
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD, field: CAN})
    assert response.status_code == 400
    assert "_auth_user_id" not in client.session


def test_the_password_reset_form_refuses_a_nul(client, players, mailoutbox):
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.org" + NUL})
    assert response.status_code == 400 and mailoutbox == []


@pytest.mark.parametrize("field", ["oldpassword", "password1", "password2"])
def test_the_password_change_form_refuses_a_nul(client, players, field):
    client.force_login(players[0])
    data = {"oldpassword": PASSWORD, "password1": "new " + PASSWORD, "password2": "new " + PASSWORD}
    response = client.post(reverse("account_change_password"), {**data, field: CAN})
    assert response.status_code == 400
    players[0].refresh_from_db()
    assert players[0].check_password(PASSWORD)


def test_the_e_mail_form_refuses_a_nul(client, players):
    client.force_login(players[0])
    response = client.post(reverse("account_email"), {"action_add": "", "email": "a" + NUL + "@example.org"})
    assert response.status_code == 400


@pytest.mark.parametrize("field", ["reason", "comment"])
def test_the_report_form_refuses_a_nul(client, players, field):
    client.force_login(players[0])
    response = client.post(reverse("report", args=["bob"]), {"reason": "autre", "comment": "x", field: CAN})
    assert response.status_code == 400 and not Report.objects.exists()


@pytest.mark.parametrize("field", ["variant", "seats", "target", "public", "rated"])
def test_the_form_opening_a_table_refuses_a_nul(client, players, field):
    client.force_login(players[0])
    data = {"variant": "draw", "seats": "2", "target": "", "public": "on", "rated": "classee"}
    response = client.post(reverse("lobby"), {**data, field: CAN})
    assert response.status_code == 400 and not players[0].hosted_games.exists()


@pytest.mark.parametrize(
    ("chosen", "fields"),
    [
        ("ban_players", {"reason": CAN}),
        ("suspend_players", {"reason": "x", "until": "2100-01-01T00:00" + NUL}),
        ("lift_sanctions", {"reason": CAN}),
        ("rename_player", {"name": CAN, "reason": "x"}),
    ],
)
def test_the_moderation_forms_refuse_a_nul(client, players, chosen, fields):
    client.force_login(make_moderator())
    bob = players[1]
    data = {"action": chosen, "_selected_action": [str(bob.pk)], "apply": "1", **fields}
    response = client.post(reverse("admin:auth_user_changelist"), data)
    assert response.status_code == 400
    assert not Sanction.objects.exists() and not ModerationLog.objects.exists()
    bob.refresh_from_db()
    assert bob.username == "bob" and bob.is_active


def test_the_report_queue_refuses_a_nul_in_its_note(client, players):
    report = Report.objects.create(reporter=players[0], reported=players[1], reason=Report.OTHER)
    client.force_login(make_moderator())
    queue = reverse("admin:accounts_report_queue")
    client.post(queue, {"report": report.pk, "do": "take"})
    response = client.post(queue, {"report": report.pk, "do": "resolve", "note": CAN})
    assert response.status_code == 400
    report.refresh_from_db()
    assert report.status == Report.TAKEN and report.note == ""


def test_text_without_nul_still_goes_through(client, players):
    client.force_login(players[0])
    assert client.get("/api/matches/", {"player": "alice"}).status_code == 200
    assert client.get("/joueurs/bob/").status_code == 200
    moment = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    assert client.get("/api/matches/", {"since": moment}).status_code == 200


def test_the_refusal_is_in_english_under_english(client, db):
    response = client.get("/api/matches/", {"player": CAN}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and response.json() == {"player": ["NUL character refused."]}
