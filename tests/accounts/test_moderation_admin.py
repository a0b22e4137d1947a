"""The moderators' admin: who may do what, and every action logged with its actor."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import reports, sanctions
from accounts.models import ModerationLog, Report, Sanction
from games.models import Game
from tests.accounts.moderation import make_admin, make_moderator
from tests.conftest import PASSWORD
from tests.games.conftest import full_table

pytestmark = pytest.mark.django_db

MODERATION = {
    "accounts.view_report",
    "accounts.handle_report",
    "accounts.view_sanction",
    "accounts.sanction_player",
    "accounts.view_moderationlog",
    "accounts.void_game",
    "accounts.rename_player",
    "accounts.disqualify_attempt",
    "auth.view_user",
    "games.view_game",
    "leaderboard.view_dailychallenge",
    "leaderboard.view_dailyattempt",
    "leaderboard.view_rotationstep",
    "leaderboard.add_rotationstep",
    "leaderboard.change_rotationstep",
    "leaderboard.delete_rotationstep",
}


@pytest.fixture
def mod(db):
    return make_moderator()


@pytest.fixture
def mod_client(mod) -> Client:
    client = Client()
    client.force_login(mod)
    return client


@pytest.fixture
def root_client(db) -> Client:
    client = Client()
    client.force_login(make_admin())
    return client


def action(client: Client, model: str, chosen: str, ids: list[int], **form: str):
    """Run an admin action on the changelist of ``model``, its form filled with ``form``."""
    url = reverse(f"admin:{model}_changelist")
    data = {"action": chosen, "_selected_action": [str(i) for i in ids], **form}
    if form:
        data["apply"] = "1"
    return client.post(url, data)


def test_the_moderators_group_has_exactly_the_rights_of_moderation(db):
    group = Group.objects.get(name="modérateurs")
    rights = {
        f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.select_related("content_type")
    }
    assert rights == MODERATION


def test_no_account_exists_until_an_administrator_is_made(db):
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.exists()


def test_a_player_cannot_reach_the_admin(client, players):
    client.force_login(players[0])
    for url in (
        reverse("admin:index"),
        reverse("admin:accounts_report_queue"),
        reverse("admin:auth_user_changelist"),
        reverse("admin:accounts_moderationlog_changelist"),
    ):
        response = client.get(url, follow=True)
        assert response.status_code == 403, url
        assert "Journal de modération" not in response.content.decode()


def test_nobody_edits_or_deletes_the_log_not_even_an_administrator(mod, mod_client, root_client, players):
    sanctions.ban(mod, players[1], "Triche")
    entry = ModerationLog.objects.get()
    for client in (mod_client, root_client):
        assert client.get(reverse("admin:accounts_moderationlog_changelist")).status_code == 200
        change = reverse("admin:accounts_moderationlog_change", args=[entry.pk])
        page = client.get(change)
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode()  # read-only
        assert client.post(change, {"reason": "effacé"}).status_code == 403
        assert client.get(reverse("admin:accounts_moderationlog_add")).status_code == 403
        assert (
            client.post(
                reverse("admin:accounts_moderationlog_delete", args=[entry.pk]), {"post": "yes"}
            ).status_code
            == 403
        )
        action(client, "accounts_moderationlog", "delete_selected", [entry.pk])
        assert ModerationLog.objects.filter(pk=entry.pk, reason="Triche").exists()
    assert ModerationLog.objects.count() == 1


def test_a_moderator_cannot_make_moderators_nor_touch_anything_outside_moderation(mod, mod_client, players):
    bob = players[1]
    group = Group.objects.get(name="modérateurs")
    # Accounts: seen, not changed (no staff flag, no group, no password), none added or deleted.
    change = reverse("admin:auth_user_change", args=[bob.pk])
    assert mod_client.get(change).status_code == 200
    posted = {"username": "bob", "is_staff": "on", "groups": [str(group.pk)], "is_active": "on"}
    assert mod_client.post(change, posted).status_code == 403
    assert mod_client.get(reverse("admin:auth_user_add")).status_code == 403
    assert mod_client.get(reverse("admin:auth_user_password_change", args=[bob.pk])).status_code == 403
    assert (
        mod_client.post(reverse("admin:auth_user_delete", args=[bob.pk]), {"post": "yes"}).status_code == 403
    )
    bob.refresh_from_db()
    assert not bob.is_staff and not bob.groups.exists()
    # Groups and permissions are the administrators' alone.
    assert mod_client.get(reverse("admin:auth_group_changelist")).status_code == 403
    assert mod_client.get(reverse("admin:auth_group_change", args=[group.pk])).status_code == 403
    # Tables are seen, never edited.
    game_id = full_table("draw", players[:2])
    assert mod_client.get(reverse("admin:games_game_change", args=[game_id])).status_code == 200
    assert (
        mod_client.post(reverse("admin:games_game_change", args=[game_id]), {"status": "over"}).status_code
        == 403
    )
    assert (
        mod_client.post(reverse("admin:games_game_delete", args=[game_id]), {"post": "yes"}).status_code
        == 403
    )
    # Reports and sanctions are changed through the actions only.
    assert mod_client.get(reverse("admin:accounts_report_add")).status_code == 403
    assert mod_client.get(reverse("admin:accounts_sanction_add")).status_code == 403
    # The admin's own index lists moderation only.
    index = mod_client.get(reverse("admin:index")).content.decode()
    assert reverse("admin:auth_group_changelist") not in index
    perms = set(mod.get_all_permissions())
    assert perms == MODERATION


def test_an_administrator_makes_a_moderator(root_client, players):
    bob = players[1]
    group = Group.objects.get(name="modérateurs")
    change = reverse("admin:auth_user_change", args=[bob.pk])
    page = root_client.get(change)
    assert page.status_code == 200
    form = {
        "username": "bob",
        "email": "bob@example.org",
        "is_active": "on",
        "is_staff": "on",
        "groups": [str(group.pk)],
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
        "sanctions-TOTAL_FORMS": "0",
        "sanctions-INITIAL_FORMS": "0",
    }
    response = root_client.post(change, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    bob.refresh_from_db()
    assert bob.is_staff and bob.has_perm("accounts.sanction_player")


def test_actions_go_through_the_services_and_are_logged_with_their_actor(mod, mod_client, players):
    alice, bob, charlie, dave = players[:4]
    # Ban: the action asks for a reason first.
    page = action(mod_client, "auth_user", "ban_players", [bob.pk])
    assert page.status_code == 200 and 'name="reason"' in page.content.decode()
    assert not Sanction.objects.exists()
    assert action(mod_client, "auth_user", "ban_players", [bob.pk], reason="Triche").status_code == 302
    # Suspend two at once, until a date.
    until = (timezone.localtime() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    assert (
        action(
            mod_client, "auth_user", "suspend_players", [charlie.pk, dave.pk], until=until, reason="Anti-jeu"
        ).status_code
        == 302
    )
    # Lift, rename, void.
    assert action(mod_client, "auth_user", "lift_sanctions", [dave.pk], reason="Erreur").status_code == 302
    assert (
        action(
            mod_client, "auth_user", "rename_player", [alice.pk], name="alice-2", reason="Pseudo"
        ).status_code
        == 302
    )
    game_id = full_table("draw", [players[4], players[5]])
    assert action(mod_client, "games_game", "void", [game_id], reason="Collusion").status_code == 302

    for user, active in ((bob, False), (charlie, False), (dave, True)):
        user.refresh_from_db()
        assert user.is_active is active
    alice.refresh_from_db()
    assert alice.username == "alice-2"
    assert Game.objects.get(pk=game_id).voided is not None
    log = list(
        ModerationLog.objects.order_by("pk").values_list("actor", "action", "target", "game", "reason")
    )
    assert log == [
        (mod.pk, "ban", bob.pk, None, "Triche"),
        (mod.pk, "suspend", charlie.pk, None, "Anti-jeu"),
        (mod.pk, "suspend", dave.pk, None, "Anti-jeu"),
        (mod.pk, "lift", dave.pk, None, "Erreur"),
        (mod.pk, "rename", alice.pk, None, "Pseudo"),
        (mod.pk, "void", None, game_id, "Collusion"),
    ]


def test_a_refused_action_says_why_and_changes_nothing(mod, mod_client, players):
    other = make_moderator("mod2")
    response = action(mod_client, "auth_user", "ban_players", [other.pk], reason="Abus")
    assert response.status_code == 302
    page = mod_client.get(response["Location"]).content.decode()
    assert "Seul un administrateur" in page
    other.refresh_from_db()
    assert other.is_active and not ModerationLog.objects.exists()


def test_the_queue_groups_pending_reports_by_player_with_their_matches_and_other_reports(
    mod, mod_client, players
):
    alice, bob, charlie, dave = players[:4]
    game_id = full_table("draw", [alice, bob])
    reports.report(alice, bob, "triche", "Il voit mes dominos", Game.objects.get(pk=game_id))
    reports.report(charlie, bob, "insultes", "Grossier")
    old = reports.report(dave, bob, "autre", "Ancien")
    reports.take(mod, old.pk)
    reports.close(mod, old.pk, False, "Rien trouvé")
    reports.report(bob, dave, "pseudo")
    html = mod_client.get(reverse("admin:accounts_report_queue")).content.decode()
    groups = html.split('class="module report-group"')[1:]
    assert len(groups) == 2
    bobs = next(g for g in groups if 'data-player="bob"' in g)
    assert "Il voit mes dominos" in bobs and "Grossier" in bobs
    assert "Rien trouvé" in bobs  # the other, closed report
    assert reverse("admin:games_game_change", args=[game_id]) in bobs  # the match, among his recent ones
    assert 'value="ban_players"' in bobs

    # Take, then close with a note, from the queue.
    pending = Report.objects.get(reason="insultes")
    mod_client.post(reverse("admin:accounts_report_queue"), {"report": pending.pk, "do": "take"})
    pending.refresh_from_db()
    assert (pending.status, pending.handler) == (Report.TAKEN, mod)
    other = make_moderator("mod2")
    other_client = Client()
    other_client.force_login(other)
    other_client.post(
        reverse("admin:accounts_report_queue"), {"report": pending.pk, "do": "dismiss", "note": "x"}
    )
    pending.refresh_from_db()
    assert pending.status == Report.TAKEN  # not theirs
    mod_client.post(
        reverse("admin:accounts_report_queue"), {"report": pending.pk, "do": "resolve", "note": "Averti"}
    )
    pending.refresh_from_db()
    assert (pending.status, pending.note) == (Report.RESOLVED, "Averti")


def test_a_staff_member_outside_the_group_cannot_moderate(players):
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.create_user("staff", "s@example.org", PASSWORD, is_staff=True)
    client = Client()
    client.force_login(staff)
    assert client.get(reverse("admin:accounts_report_queue")).status_code == 403
    action(client, "auth_user", "ban_players", [players[1].pk], reason="Triche")
    players[1].refresh_from_db()
    assert players[1].is_active
    assert not Permission.objects.filter(user=staff).exists()
