"""Reports: players report from a profile or a table; moderators take and close them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts import reports
from accounts.models import ModerationLog, Report
from accounts.reports import ReportError
from accounts.sanctions import ModerationError
from tests.accounts.moderation import make_moderator
from tests.games.conftest import full_table

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def report_page(client, name, **data):
    query = f"?partie={data['partie']}" if "partie" in data else ""
    return client.post(reverse("report", args=[name]) + query, data)


def test_a_player_reports_another_from_their_profile(players):
    alice, bob = players[:2]
    client = client_of(alice)
    profile = client.get(reverse("profile", args=["bob"])).content.decode()
    assert reverse("report", args=["bob"]) in profile
    assert (
        reverse("report", args=["alice"])
        not in client.get(reverse("profile", args=["alice"])).content.decode()
    )

    response = report_page(client, "bob", reason="pseudo", comment="  Un pseudo grossier  ")
    assert response.status_code == 302 and response["Location"] == reverse("profile", args=["bob"])
    [item] = Report.objects.all()
    assert (item.reporter, item.reported, item.reason, item.comment, item.game, item.status) == (
        alice,
        bob,
        "pseudo",
        "Un pseudo grossier",
        None,
        Report.OPEN,
    )


def test_a_player_reports_another_from_the_table_during_the_match(players):
    alice, bob = players[:2]
    game_id = full_table("draw", [alice, bob])
    client = client_of(alice)
    page = client.get(reverse("table", args=[game_id])).content.decode()
    link = reverse("report", args=["bob"]) + f"?partie={game_id}"
    assert link in page and reverse("report", args=["alice"]) not in page
    assert client.get(link).status_code == 200
    response = report_page(
        client, "bob", reason="anti-jeu", comment="Il laisse filer son temps", partie=game_id
    )
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[game_id])
    assert Report.objects.get().game_id == game_id


def test_a_report_is_about_a_match_the_reported_player_sat_at_and_the_reporter_may_see(players):
    alice, bob, charlie, dave, eve = players[:5]
    theirs = full_table("draw", [charlie, dave], public=False)
    bobs = full_table("draw", [bob, eve])
    client = client_of(alice)
    assert report_page(client, "charlie", reason="triche", partie=theirs).status_code == 404  # private
    assert report_page(client, "dave", reason="triche", partie=bobs).status_code == 404  # dave was not there
    assert report_page(client, "bob", reason="triche", partie="x").status_code == 404
    assert not Report.objects.exists()


def test_one_pending_report_per_reporter_player_and_reason(players):
    alice, bob = players[:2]
    client = client_of(alice)
    assert report_page(client, "bob", reason="insultes").status_code == 302
    response = report_page(client, "bob", reason="insultes", comment="encore")
    assert response.status_code == 400 and "déjà signalé" in response.content.decode()
    assert report_page(client, "bob", reason="triche").status_code == 302  # another reason
    assert Report.objects.count() == 2
    # Once closed, the same report may be made again.
    mod = make_moderator()
    first = Report.objects.get(reason="insultes")
    reports.take(mod, first.pk)
    reports.close(mod, first.pk, False, "Rien de grave")
    assert report_page(client, "bob", reason="insultes").status_code == 302


def test_a_player_cannot_report_themselves_nor_give_a_reason_off_the_list(players):
    alice = players[0]
    client = client_of(alice)
    response = report_page(client, "alice", reason="triche")
    assert response.status_code == 400 and "vous-même" in response.content.decode()
    assert report_page(client, "bob", reason="méchant").status_code == 400
    with pytest.raises(ReportError):
        reports.report(alice, alice, "triche")
    assert not Report.objects.exists()


def test_reports_are_rate_limited(players, settings):
    settings.REPORT_RATE_LIMIT = "3/h"
    alice = players[0]
    client = client_of(alice)
    for name in ("bob", "charlie", "dave"):
        assert report_page(client, name, reason="triche").status_code == 302
    response = report_page(client, "eve", reason="triche")
    assert response.status_code == 400 and "réessayez plus tard" in response.content.decode()
    assert Report.objects.count() == 3
    assert report_page(client_of(players[1]), "eve", reason="triche").status_code == 302  # per reporter


def test_two_moderators_never_handle_the_same_report(players):
    alice, bob = players[:2]
    item = reports.report(alice, bob, "triche", "Il connaît ma main")
    first, second = make_moderator("mod1"), make_moderator("mod2")
    reports.take(first, item.pk)
    with pytest.raises(ModerationError) as e:
        reports.take(second, item.pk)
    assert "mod1" in e.value.message
    with pytest.raises(ModerationError):
        reports.close(second, item.pk, True, "Je le prends quand même")
    with pytest.raises(ModerationError):
        reports.close(first, item.pk, True, "  ")  # a note is required
    reports.close(first, item.pk, True, "Averti, surveillé")
    item.refresh_from_db()
    assert (item.status, item.handler, item.note) == (Report.RESOLVED, first, "Averti, surveillé")
    with pytest.raises(ModerationError):
        reports.take(second, item.pk)  # closed
    assert list(ModerationLog.objects.order_by("pk").values_list("actor__username", "action", "report")) == [
        ("mod1", "take_report", item.pk),
        ("mod1", "resolve_report", item.pk),
    ]


def test_report_form_asks_to_log_in(client, players):
    response = client.get(reverse("report", args=["bob"]))
    assert response.status_code == 302 and reverse("account_login") in response["Location"]


@pytest.mark.django_db(transaction=True)
def test_two_moderators_taking_a_report_at_the_same_moment_one_gets_it(players):
    import threading

    from django.db import connections

    alice, bob = players[:2]
    item = reports.report(alice, bob, "triche")
    moderators = [make_moderator("mod1"), make_moderator("mod2")]
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def take(moderator) -> None:
        start.wait()
        try:
            reports.take(moderator, item.pk)
            outcomes.append("taken")
        except ModerationError:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=take, args=(m,)) for m in moderators]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(outcomes) == ["refused", "taken"]
    item.refresh_from_db()
    assert item.status == Report.TAKEN and item.handler in moderators
    assert ModerationLog.objects.filter(action="take_report").count() == 1
