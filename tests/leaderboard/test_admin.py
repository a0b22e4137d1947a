"""The rotation in the admin (R60): moderators change it; a day's seed is never shown there."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from leaderboard import services
from leaderboard.models import RotationStep, paris_today

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(django_user_model):  # type: ignore[no-untyped-def]
    user = django_user_model.objects.create_superuser("root", "root@example.org", "un mot de passe solide")
    client = Client()
    client.force_login(user)
    return client


def test_r60_the_rotation_is_edited_in_the_admin_and_checked_against_the_variant(admin):
    url = reverse("admin:leaderboard_rotationstep_add")
    refused = admin.post(url, {"position": 9, "variant": "partners", "seats": 3})
    assert refused.status_code == 200 and not RotationStep.objects.filter(position=9).exists()
    assert "Ce nombre de places n’est pas permis pour cette variante." in refused.content.decode()
    done = admin.post(url, {"position": 9, "variant": "partners", "seats": 4})
    assert done.status_code == 302 and RotationStep.objects.filter(position=9, variant="partners").exists()


def test_r61_a_game_counted_in_rounds_is_refused_in_the_rotation(admin):
    """R61: a challenge is five rounds with no target; Train mexicain's match is its rounds."""
    url = reverse("admin:leaderboard_rotationstep_add")
    refused = admin.post(url, {"position": 9, "variant": "mexican", "seats": 3})
    assert refused.status_code == 200 and not RotationStep.objects.filter(position=9).exists()
    assert "Cette variante ne se joue pas en défi du jour." in refused.content.decode()
    done = admin.post(url, {"position": 9, "variant": "triominos", "seats": 3})
    assert done.status_code == 302 and RotationStep.objects.filter(position=9, variant="triominos").exists()


def test_the_admin_never_shows_a_days_seed(admin):
    challenge = services.today()
    assert challenge.date == paris_today()
    for url in (
        reverse("admin:leaderboard_dailychallenge_changelist"),
        reverse("admin:leaderboard_dailychallenge_change", args=[challenge.pk]),
    ):
        page = admin.get(url).content.decode()
        assert challenge.commitment in page and challenge.seed not in page
