"""The admin reads as French (English under English), in the site's time (Paris): model
and section names, column headers, filters, counts, what each object is called, the
moderation log's titles and details."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import sanctions
from accounts.models import ModerationLog, Report
from leaderboard.models import DailyAttempt, DailyChallenge
from tests.accounts.moderation import make_admin
from tests.games.conftest import full_table

pytestmark = pytest.mark.django_db

# A moment of summer (UTC+2 in Paris): 10:00 UTC is 12:00 there.
SUMMER = datetime(2027, 7, 1, 10, 0, tzinfo=UTC)


@pytest.fixture
def admin_client(players, django_capture_on_commit_callbacks) -> Client:
    root = make_admin()
    game_id = full_table("block", players[:2])
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.suspend(root, players[2], SUMMER + timedelta(days=30), "Anti-jeu")
        sanctions.rename(root, players[3], "dave-2", "Pseudo offensant")
    ModerationLog.objects.update(created=SUMMER)
    Report.objects.create(reporter=players[0], reported=players[1], reason=Report.CHEATING, game_id=game_id)
    challenge = DailyChallenge.objects.create(date=date(2026, 7, 1), variant="draw", seats=3)
    DailyAttempt.objects.create(challenge=challenge, player=players[4], points=12, robot_points=30)
    client = Client()
    client.force_login(root)
    return client


def headers(html: str) -> list[str]:
    return [h.strip() for h in re.findall(r'<div class="text">(?:<a [^>]*>|<span>)([^<]*)<', html)]


def filters(html: str) -> list[str]:
    return re.findall(r'data-filter-title="([^"]*)"', html)


def count(html: str) -> str:
    found = re.search(r'<p class="paginator">\s*(.*?)\s*</p>', html, re.S)
    assert found is not None
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


CHANGELISTS = {
    "games_game": (
        ["N°", "Variante", "État", "Joueurs", "Publique", "Classée", "Créée le", "Finie le", "Annulée le"],
        ["état", "variante", "publique", "classée", "annulée"],
        "1 partie",
    ),
    "accounts_report": (
        ["Joueur signalé", "Motif", "Signalé par", "Partie", "État", "Modérateur", "Signalé le"],
        ["état", "motif"],
        "1 signalement",
    ),
    "accounts_sanction": (
        ["Joueur", "Sanction", "Jusqu’au", "Motif", "Par", "Prononcée le", "Levée le", "Levée par"],
        ["sanction", "levée"],
        "1 sanction",
    ),
    "accounts_moderationlog": (
        ["Le", "Modérateur", "Action", "Joueur", "Partie", "Signalement", "Motif"],
        ["action", "modérateur"],
        "2 entrées du journal de modération",
    ),
    "leaderboard_dailyattempt": (
        ["Défi", "Joueur", "Points", "Points des robots", "Finie le", "Complète", "Disqualifiée le"],
        ["jour", "disqualifiée"],
        "1 tentative du défi",
    ),
    "leaderboard_dailychallenge": (
        ["Jour", "Variante", "Nombre de joueurs", "Engagement"],
        ["variante"],
        "1 défi du jour",
    ),
}


@pytest.mark.parametrize("model", CHANGELISTS)
def test_each_list_has_french_headers_filters_and_count(admin_client, model):
    html = admin_client.get(reverse(f"admin:{model}_changelist")).content.decode()
    expected_headers, expected_filters, expected_count = CHANGELISTS[model]
    assert [h for h in headers(html) if h] == expected_headers
    assert filters(html) == expected_filters
    assert count(html).startswith(expected_count)


def test_the_index_has_each_section_once_by_its_french_name(admin_client):
    html = admin_client.get(reverse("admin:index")).content.decode()
    sections = re.findall(r'class="section"[^>]*>([^<]+)</a>', html)
    assert len(sections) == len(set(sections)), sections
    assert {"Modération", "Comptes", "Parties", "Classements"} <= set(sections)
    models = re.findall(r'<th scope="row" id="[^"]*">\s*<a [^>]*>([^<]+)</a>', html)
    assert "Parties" in models and "Games" not in models
    assert "Entrées du journal de modération" in models


def test_a_match_is_named_by_its_number_and_its_variant(admin_client):
    html = admin_client.get(reverse("admin:games_game_changelist")).content.decode()
    game = re.search(r'href="/admin/games/game/(\d+)/change/', html)
    assert game is not None
    page = admin_client.get(reverse("admin:games_game_change", args=[game.group(1)])).content.decode()
    assert f"Partie n° {game.group(1)} · Domino sans pioche" in page
    assert "block #" not in page
    assert "Variante" in page and "Domino sans pioche" in page
    queue = admin_client.get(reverse("admin:accounts_report_queue")).content.decode()
    assert "block #" not in queue and f"Partie n° {game.group(1)}" in queue


def test_a_log_entry_is_titled_in_paris_time_and_french_with_its_detail_readable(admin_client):
    renamed = ModerationLog.objects.get(action=ModerationLog.RENAME)
    suspended = ModerationLog.objects.get(action=ModerationLog.SUSPEND)
    assert str(renamed) == "1 juillet 2027 12:00 · root · pseudo changé · dave-2"
    page = admin_client.get(
        reverse("admin:accounts_moderationlog_change", args=[renamed.pk])
    ).content.decode()
    assert "1 juillet 2027 12:00 · root · pseudo changé · dave-2" in page
    assert (
        "<strong>Ancien pseudo</strong> : dave" in page and "<strong>Nouveau pseudo</strong> : dave-2" in page
    )
    assert "&quot;" not in page and '{"old"' not in page and "rename" not in page
    page = admin_client.get(
        reverse("admin:accounts_moderationlog_change", args=[suspended.pk])
    ).content.decode()
    until = timezone.localtime(SUMMER + timedelta(days=30))
    assert "<strong>Jusqu’au</strong> : 31 juillet 2027 12:00" in page and until.hour == 12


def test_in_english_under_english(admin_client):
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    html = admin_client.get(reverse("admin:games_game_changelist"), **english).content.decode()
    assert [h for h in headers(html) if h] == [
        "No.",
        "Variant",
        "State",
        "Players",
        "Public",
        "Rated",
        "Created",
        "Finished",
        "Voided",
    ]
    assert count(html).startswith("1 match")
    html = admin_client.get(reverse("admin:index"), **english).content.decode()
    assert "Moderation" in html and "Moderation log entries" in html
    renamed = ModerationLog.objects.get(action=ModerationLog.RENAME)
    page = admin_client.get(reverse("admin:accounts_moderationlog_change", args=[renamed.pk]), **english)
    assert "<strong>Former username</strong> : dave" in page.content.decode()
