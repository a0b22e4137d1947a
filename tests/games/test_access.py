"""Who may see a game (games/access.py; docs/protocol.md, "Who may see a game"): the query
for lists and the check of one game say the same, and what the docs say, for every kind of
game and every kind of viewer."""

from __future__ import annotations

from datetime import timedelta
from itertools import count
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import access, readmodels, services
from games.models import Game

pytestmark = pytest.mark.django_db

STATUSES = ["open", "playing", "round_over", "over", "closed", "abandoned", "voided"]
ROLES = [
    "anonymous",
    "seated",
    "other_seated",
    "invited",
    "other",
    "staff",
    "moderator",
    "superuser",
    "banned_seated",
    "banned_moderator",
]
names = count()


def user(**extra: Any) -> Any:
    n = next(names)
    return get_user_model().objects.create_user(f"user{n}", f"user{n}@example.org", "pw", **extra)


def table(status: str, public: bool) -> dict[str, Any]:
    """A table of ``status`` and its two players (the second none while it waits)."""
    host, guest = user(), user()
    game = services.open_table(host, "draw", 2, None, public, seed="access")
    if status == "closed":
        services.leave(game.pk, host)
    elif status != "open":
        services.join(game.pk, guest, game.invitation)
        if status == "voided":
            assert services.void(game.pk)
        elif status != "playing":
            Game.objects.filter(pk=game.pk).update(status=status)
    # The host who left a table before its start holds no seat there any more.
    seated = [host] if status in ("open", "closed") else [host, guest]
    return {"game": game, "seated": seated, "public": public, "secret": False, "left": status == "closed"}


def attempt(public: bool, during_day: bool) -> dict[str, Any]:
    """A daily attempt, during its day or after it (R63)."""
    player = user()
    until = timezone.now() + (timedelta(hours=3) if during_day else -timedelta(minutes=1))
    game = services.open_attempt(player, "block", 2, "day-seed", timezone.now() + timedelta(hours=3))
    Game.objects.filter(pk=game.pk).update(playable_until=until, public=public)
    return {"game": game, "seated": [player], "public": public, "secret": during_day, "left": False}


@pytest.fixture
def kinds() -> dict[str, dict[str, Any]]:
    out = {}
    for public in (True, False):
        side = "public" if public else "private"
        for status in STATUSES:
            out[f"{side} {status}"] = table(status, public)
        out[f"{side} daily during its day"] = attempt(public, during_day=True)
        out[f"{side} daily after its day"] = attempt(public, during_day=False)
    for kind in out.values():
        kind["game"] = Game.objects.get(pk=kind["game"].pk)
    return out


@pytest.fixture
def viewers() -> dict[str, Any]:
    view_game = Permission.objects.get(codename="view_game", content_type__app_label="games")
    moderator, banned_moderator = user(), user(is_active=False)
    for who in (moderator, banned_moderator):
        who.user_permissions.add(view_game)
    return {
        "anonymous": AnonymousUser(),
        "invited": user(),
        "other": user(),
        "staff": user(is_staff=True),  # staff, without the moderators' permission
        "moderator": moderator,
        "superuser": get_user_model().objects.create_superuser("root", "root@example.org", "pw"),
        "banned_moderator": banned_moderator,
    }


def expected(kind: dict[str, Any], role: str) -> bool:
    """docs/protocol.md, "Who may see a game", as a table."""
    if role in ("moderator", "superuser"):
        return True
    if role in ("seated", "other_seated"):
        if not kind["left"]:
            return True
        role = "other"
    if kind["secret"]:  # a daily attempt during its day: its player's alone
        return False
    return kind["public"] or role == "invited"


def viewer_of(kind: dict[str, Any], role: str, viewers: dict[str, Any]) -> Any:
    if role == "seated":
        return kind["seated"][0]
    if role == "other_seated":
        return kind["seated"][-1]
    if role == "banned_seated":
        banned = kind["seated"][0]
        banned.is_active = False  # as a sanction leaves the account (accounts.sanctions)
        return banned
    return viewers[role]


def visible_ids(user: Any, invitation: str | None = None, now: Any = None) -> set[int]:
    return set(access.visible_games(user, invitation, now).values_list("pk", flat=True))


def test_the_query_and_the_check_agree_with_the_policy_for_every_game_and_viewer(kinds, viewers):
    checked = 0
    for role in ROLES:
        for name, kind in kinds.items():
            game = kind["game"]
            who = viewer_of(kind, role, viewers)
            token = game.invitation if role == "invited" else None
            # Read alone, and as a command reads it with its seats (the table's loader).
            alone = Game.objects.get(pk=game.pk)
            with_seats = readmodels.read(game.pk)
            if role.startswith("banned"):
                # A suspended or banned account is a visitor like any other.
                want = expected(kind, "anonymous")
            else:
                want = expected(kind, role)
            said = {
                "query": game.pk in visible_ids(who, token),
                "check": access.can_see(alone, who, token),
                "check with its seats": access.can_see(with_seats, who, token),
            }
            assert said == dict.fromkeys(said, want), (name, role)
            checked += 1
            # A wrong invitation is no invitation: the invited viewer is then anyone else.
            wrong = {
                "query": game.pk in visible_ids(who, "not-the-token"),
                "check": access.can_see(alone, who, "not-the-token"),
            }
            as_if = {"invited": "other", "banned_seated": "anonymous", "banned_moderator": "anonymous"}
            assert wrong == dict.fromkeys(wrong, expected(kind, as_if.get(role, role))), (name, role)
    assert checked == len(ROLES) * len(kinds) == 10 * 18


def test_everyone_sees_is_what_a_visitor_sees_and_the_lobby_lists_nothing_else(kinds):
    anyone = visible_ids(AnonymousUser())
    assert set(access.public_games().values_list("pk", flat=True)) == anyone
    for name, kind in kinds.items():
        assert access.everyone_sees(kind["game"]) == (kind["game"].pk in anyone), name
    assert anyone == {k["game"].pk for k in kinds.values() if k["public"] and not k["secret"]}
    listed = {row["id"] for row in readmodels.lobby_tables()}
    assert listed == {kinds["public open"]["game"].pk}
    in_play = {row["id"] for row in readmodels.matches_in_play()}
    # A voided match goes on to its end, to watch like any other (games.services.moderation).
    assert in_play == {kinds[f"public {status}"]["game"].pk for status in ("playing", "round_over", "voided")}


def test_a_daily_attempt_is_shown_from_the_very_end_of_its_day(players):
    """R63: secret while ``now < playable_until``, told from ``playable_until`` on, by the query
    and the check alike, and its deals with it."""
    charlie, dave = players[2], players[3]
    game = services.open_attempt(charlie, "block", 2, "seed", timezone.now() + timedelta(hours=1))
    end = game.playable_until
    assert end is not None
    for now, told in (
        (end - timedelta(microseconds=1), False),
        (end, True),
        (end + timedelta(seconds=1), True),
    ):
        assert (game.pk in visible_ids(dave, now=now)) is told
        assert access.can_see(game, dave, now=now) is told
        assert access.can_see(game, dave, game.invitation, now=now) is told
        assert access.deals_secret(game, now) is not told
        assert access.can_see(game, charlie, now=now)  # its player's, always
        assert game.pk in visible_ids(charlie, now=now)


def test_a_days_secret_ends_with_the_day_for_its_attempts_and_its_challenge(players):
    from leaderboard import services as daily

    attempt = daily.start_attempt(players[0])
    challenge = attempt.challenge
    game = attempt.game
    assert game is not None and game.playable_until == challenge.ends
    for now in (challenge.ends - timedelta(microseconds=1), challenge.ends):
        assert access.day_secret(challenge, now) == access.deals_secret(game, now) == (now < challenge.ends)
    assert access.day_begun(challenge.date)
    tomorrow = daily.challenge_for(challenge.date + timedelta(days=1))
    assert not access.day_begun(tomorrow.date)
    assert set(access.days_begun()) == {challenge}
    # A day to come is shown to nobody: the same 404 as a day that had no challenge.
    client = Client()
    client.force_login(players[1])
    for day in (tomorrow.date, challenge.date - timedelta(days=400)):
        assert client.get(f"/api/daily/{day.isoformat()}/").status_code == 404
        assert client.get(reverse("daily_day", args=[day.isoformat()])).status_code == 404
    assert [row["date"] for row in client.get("/api/daily/").json()["results"]] == [
        challenge.date.isoformat()
    ]
