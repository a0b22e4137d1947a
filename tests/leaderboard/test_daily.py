"""The daily challenge (docs/rules.md §6, R60–R63) through its services, its command and its pages."""

from __future__ import annotations

import html
import json
import shlex
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Round
from games.rules import DAILY_ROUNDS, deal, get_ruleset, round_seed, tile_str
from leaderboard import services
from leaderboard.models import (
    DEFAULT_ROTATION,
    PARIS,
    DailyAttempt,
    DailyChallenge,
    PointsCount,
    RotationStep,
    ScoreCount,
    day_end,
    day_start,
    paris_today,
    rotation_for,
)
from tests.leaderboard.conftest import DAY_SEED, last_legal, play, todays

pytestmark = pytest.mark.django_db


def moves_of(game: Game) -> list[tuple]:
    return [
        (m.round.number, m.seat, m.kind, m.tile, m.end, m.forced) for m in game.moves.select_related("round")
    ]


# R60: a challenge per Paris day ------------------------------------------------------


def test_r60_the_day_is_the_paris_day_across_both_summer_time_changes():
    # 29 March 2026: clocks go from 02:00 to 03:00; Paris midnight is 23:00 UTC before, 22:00 after.
    assert paris_today(datetime(2026, 3, 28, 22, 59, 59, tzinfo=UTC)) == date(2026, 3, 28)
    assert paris_today(datetime(2026, 3, 28, 23, 0, tzinfo=UTC)) == date(2026, 3, 29)
    assert paris_today(datetime(2026, 3, 29, 21, 59, 59, tzinfo=UTC)) == date(2026, 3, 29)
    assert paris_today(datetime(2026, 3, 29, 22, 0, tzinfo=UTC)) == date(2026, 3, 30)
    assert day_end(date(2026, 3, 29)) - day_start(date(2026, 3, 29)) == timedelta(hours=23)
    # 25 October 2026: from 03:00 back to 02:00; that day lasts 25 hours.
    assert paris_today(datetime(2026, 10, 24, 21, 59, 59, tzinfo=UTC)) == date(2026, 10, 24)
    assert paris_today(datetime(2026, 10, 24, 22, 0, tzinfo=UTC)) == date(2026, 10, 25)
    assert paris_today(datetime(2026, 10, 25, 22, 59, 59, tzinfo=UTC)) == date(2026, 10, 25)
    assert paris_today(datetime(2026, 10, 25, 23, 0, tzinfo=UTC)) == date(2026, 10, 26)
    assert day_end(date(2026, 10, 25)) - day_start(date(2026, 10, 25)) == timedelta(hours=25)
    assert day_end(date(2026, 10, 25)) == datetime(2026, 10, 25, 23, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "last, before, after",
    [
        # The night of the spring change: midnight Paris is 23:00 UTC (still winter time).
        (
            datetime(2026, 3, 27, 23, 0, 5, tzinfo=UTC),
            datetime(2026, 3, 28, 22, 59, 30, tzinfo=UTC),
            datetime(2026, 3, 28, 23, 0, 30, tzinfo=UTC),
        ),
        # The night after it: midnight Paris is now 22:00 UTC.
        (
            datetime(2026, 3, 28, 23, 0, 5, tzinfo=UTC),
            datetime(2026, 3, 29, 21, 59, 30, tzinfo=UTC),
            datetime(2026, 3, 29, 22, 0, 30, tzinfo=UTC),
        ),
        # The autumn change: the 25-hour day ends at 23:00 UTC.
        (
            datetime(2026, 10, 24, 22, 0, 5, tzinfo=UTC),
            datetime(2026, 10, 25, 22, 59, 30, tzinfo=UTC),
            datetime(2026, 10, 25, 23, 0, 30, tzinfo=UTC),
        ),
    ],
)
def test_r60_beat_draws_the_challenge_at_midnight_paris_time(last, before, after, settings):
    from celery.schedules import crontab

    from config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["daily-challenge"]
    assert entry["task"] == "leaderboard.tasks.new_day"
    assert app.conf.timezone == "Europe/Paris"
    scheduled = entry["schedule"]
    for now, due in ((before, False), (after, True)):
        schedule = crontab(
            minute=scheduled._orig_minute, hour=scheduled._orig_hour, nowfun=lambda n=now: n, app=app
        )
        assert schedule.is_due(last.astimezone(PARIS)).is_due is due, now
    assert (after - timedelta(seconds=30)).astimezone(PARIS).time().isoformat() == "00:00:00"


def test_r60_the_rotation_follows_the_six_day_cycle_and_moderators_change_it():
    RotationStep.objects.all().delete()
    days = [date(2026, 12, 1) + timedelta(days=i) for i in range(12)]
    cycle = [rotation_for(d) for d in days]
    assert cycle[:6] == cycle[6:] and sorted(cycle[:6]) == sorted(DEFAULT_ROTATION)
    # Consecutive days follow the cycle's order.
    start = DEFAULT_ROTATION.index(cycle[0])
    assert cycle[:6] == [DEFAULT_ROTATION[(start + i) % 6] for i in range(6)]
    RotationStep.objects.create(position=0, variant="all_fives", seats=2)
    RotationStep.objects.create(position=1, variant="family", seats=5)
    assert {rotation_for(d) for d in days} == {("all_fives", 2), ("family", 5)}


def test_r60_the_default_rotation_is_in_the_database_for_the_admin():
    assert list(RotationStep.objects.values_list("variant", "seats")) == DEFAULT_ROTATION


def test_creating_the_day_twice_creates_one_with_a_secret_seed():
    day = date(2026, 12, 1)
    first = services.challenge_for(day)
    again = services.challenge_for(day)
    call_command("daily_challenge", "--date", "2026-12-01")
    assert DailyChallenge.objects.filter(date=day).count() == 1
    assert first.pk == again.pk and first.seed == again.seed
    assert (
        len(first.seed) == 64
        and first.commitment == __import__("hashlib").sha256(first.seed.encode()).hexdigest()
    )
    assert (first.variant, first.seats) == rotation_for(day)
    assert services.challenge_for(date(2026, 12, 2)).seed != first.seed


def test_the_command_draws_today_by_default_and_never_prints_the_seed(capsys):
    call_command("daily_challenge")
    challenge = DailyChallenge.objects.get(date=paris_today())
    out = capsys.readouterr().out
    assert challenge.commitment in out and challenge.seed not in out
    with pytest.raises(Exception, match="not a date"):
        call_command("daily_challenge", "--date", "1 December")


def test_the_watchdog_and_the_first_visit_draw_a_missed_day(players):
    assert not DailyChallenge.objects.exists()
    services.watch()
    assert DailyChallenge.objects.filter(date=paris_today()).count() == 1
    DailyChallenge.objects.all().delete()
    client = Client()
    client.force_login(players[0])
    assert client.get(reverse("daily")).status_code == 200
    assert DailyChallenge.objects.filter(date=paris_today()).count() == 1


# R61: the attempts ----------------------------------------------------------------------


def test_r61_two_players_get_the_same_five_deals_and_alike_play_gives_the_same_game(players):
    challenge = todays()
    alice, bob, charlie = players[:3]
    games = [play(services.start_attempt(user)) for user in (alice, bob)]
    for game in games:
        assert game.status == Game.OVER and game.target is None and game.seed == DAY_SEED
        assert game.rounds.count() == DAILY_ROUNDS
    rules = get_ruleset(challenge.variant)
    for number in range(1, DAILY_ROUNDS + 1):
        dealt = deal(round_seed(DAY_SEED, number), rules, challenge.seats)
        hands = [[tile_str(t) for t in hand] for hand in dealt.hands]
        assert [Round.objects.get(game=g, number=number).hands for g in games] == [hands, hands]
    # The same actions give the same game: the logs are the same, move for move.
    assert moves_of(games[0]) == moves_of(games[1])
    assert games[0].record() == games[1].record()
    # Different actions, the same deals: another game.
    other = play(services.start_attempt(charlie), choose=last_legal)
    # The same five deals, whatever was played...
    assert [r.hands for r in other.rounds.order_by("number")] == [
        r.hands for r in games[0].rounds.order_by("number")
    ]
    # ... and a different game from the first play on that differs.
    assert moves_of(other) != moves_of(games[0])
    assert other.record()["rounds"][0]["actions"] != games[0].record()["rounds"][0]["actions"]
    attempts = {a.player: a for a in DailyAttempt.objects.filter(challenge=challenge)}
    assert attempts[alice].points == attempts[bob].points and attempts[alice].rounds == attempts[bob].rounds
    assert all(a.complete and a.finished for a in attempts.values())
    assert len(attempts[alice].rounds) == DAILY_ROUNDS
    assert attempts[alice].points == sum(r["points"] for r in attempts[alice].rounds)
    assert attempts[alice].robot_points == sum(r["robot_points"] for r in attempts[alice].rounds)


def test_r63_a_second_start_goes_back_to_the_first_attempt(players):
    todays()
    alice = players[0]
    first = services.start_attempt(alice)
    play(first, rounds=1)
    again = services.start_attempt(alice)
    assert again.pk == first.pk and again.game_id == first.game_id
    assert DailyAttempt.objects.filter(player=alice).count() == 1
    assert Game.objects.filter(daily=True, host=alice).count() == 1
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("daily_start"))
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[first.game_id])
    assert Game.objects.filter(daily=True, host=alice).count() == 1


def test_r63_an_unfinished_attempt_counts_as_it_stands_when_the_day_ends(players):
    challenge = todays()
    alice, bob = players[:2]
    done = services.start_attempt(alice)
    play(done)
    halfway = services.start_attempt(bob)
    game = play(halfway, rounds=2)
    halfway.refresh_from_db()
    assert halfway.finished is None and len(halfway.rounds) == 2
    assert services.rank_of(halfway) is None  # not ranked while the day lasts
    assert [a.player for a in services.ranking(challenge)] == [alice]
    # The day ends (moved to yesterday): bob's attempt stands as it was, ranked after
    # every attempt finished in time that has as many points.
    yesterday = challenge.date - timedelta(days=1)
    DailyChallenge.objects.filter(pk=challenge.pk).update(date=yesterday)
    Game.objects.filter(pk=game.pk).update(playable_until=day_end(yesterday))
    challenge.refresh_from_db()
    assert services.watch()["closed"] == 1
    assert services.watch()["closed"] == 0  # once
    halfway.refresh_from_db()
    assert halfway.finished == challenge.ends and halfway.complete is False
    assert halfway.points == sum(r["points"] for r in halfway.rounds)
    assert {a.player for a in services.ranking(challenge)} == {alice, bob}
    # And the game is not played on: its day is over.
    game.refresh_from_db()
    assert game.deadline is None or services.sweep()["deadlines"] == 0


# R62: the ranking and every tie rule -------------------------------------------------


def test_r62_points_then_fewer_robot_points_then_the_earlier_finish(players, django_user_model):
    challenge = todays()
    noon = day_start(challenge.date) + timedelta(hours=12)
    rows = [  # (name, points, robots' points, minutes after noon)
        ("a", 50, 30, 30),
        ("b", 60, 90, 50),  # most points: first, however many the robots scored
        ("c", 50, 20, 40),  # ties a on points, fewer robots' points: before a
        ("d", 50, 30, 10),  # ties a on both, finished earlier: before a
        ("e", 10, 0, 0),
    ]
    users = {name: django_user_model.objects.create_user(name) for name, *_ in rows}
    attempts = {
        name: DailyAttempt.objects.create(
            challenge=challenge,
            player=users[name],
            points=points,
            robot_points=robots,
            finished=noon + timedelta(minutes=minutes),
            complete=True,
        )
        for name, points, robots, minutes in rows
    }
    unranked = DailyAttempt.objects.create(challenge=challenge, player=players[0], points=99)
    services.recount(challenge)  # rows written directly: the counts are rebuilt from them
    order = ["b", "c", "d", "a", "e"]
    assert [a.player.username for a in services.ranking(challenge)] == order
    assert [services.rank_of(attempts[name]) for name in order] == [1, 2, 3, 4, 5]
    assert services.rank_of(unranked) is None
    # A full tie (points, robots' points and the same instant): the earlier attempt first.
    twin = DailyAttempt.objects.create(
        challenge=challenge, player=players[1], points=50, robot_points=30, finished=attempts["a"].finished
    )
    services.recount(challenge)
    assert services.rank_of(twin) == 5 and services.rank_of(attempts["e"]) == 6
    standings = services.standings(challenge, users["c"])
    assert [s.name for s in standings["top"]][:2] == ["b", "c"] and standings["top"][1].me
    assert standings["mine"]["rank"] == 2 and standings["ranked"] == 6 and standings["players"] == 7


def test_the_ranking_is_polled_as_json_and_a_finished_attempt_appears(players):
    challenge = todays()
    alice, bob = players[:2]
    client = Client()
    client.force_login(bob)
    url = reverse("daily_ranking", args=[challenge.date.isoformat()])
    assert client.get(url).json()["top"] == []
    play(services.start_attempt(alice))
    data = client.get(url).json()
    assert [row["name"] for row in data["top"]] == ["alice"] and data["top"][0]["rank"] == 1
    assert data["over"] is False and data["mine"] is None and data["players"] == 1


# The pages -----------------------------------------------------------------------------


def test_the_day_page_shows_the_variant_players_own_result_and_start(players):
    challenge = todays()
    alice, bob = players[:2]
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("daily")).content.decode()
    assert "Domino avec pioche" in page and 'id="start"' in page and "Commencer le défi" in page
    assert challenge.commitment in page and challenge.seed not in page
    assert f'href="{reverse("daily")}"' in client.get(reverse("home")).content.decode()
    play(services.start_attempt(alice))
    page = client.get(reverse("daily")).content.decode()
    attempt = DailyAttempt.objects.get(player=alice)
    assert 'id="my-rank"' in page and "Rang 1 sur 1." in page and f"{attempt.points} points" in page
    assert 'id="start"' not in page
    assert challenge.seed not in page


def test_after_the_day_the_seed_travellers_and_rounds_are_shown(players):
    challenge = todays()
    alice, bob, charlie = players[:3]
    play(services.start_attempt(alice))
    play(services.start_attempt(bob), choose=last_legal)
    client = Client()
    client.force_login(charlie)
    day = challenge.date.isoformat()
    traveller = reverse("daily_traveller", args=[day, 1])
    replay = reverse("daily_round", args=[day, 1, "alice"])
    assert client.get(traveller).status_code == 404  # R63: not before the day is over
    assert client.get(replay).status_code == 404
    yesterday = challenge.date - timedelta(days=1)
    DailyChallenge.objects.filter(pk=challenge.pk).update(date=yesterday)
    Game.objects.filter(daily=True).update(playable_until=day_end(yesterday))
    challenge.refresh_from_db()
    day = yesterday.isoformat()
    page = client.get(reverse("daily_day", args=[day])).content.decode()
    assert challenge.seed in page
    command = f"python -m games.rules daily --seed {shlex.quote(challenge.seed)} --variant draw --seats 3"
    assert html.escape(command) in page
    # The command, run as the page gives it, deals what every attempt was dealt.
    done = subprocess.run(
        [sys.executable, *shlex.split(command)[1:]], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    dealt = [r["hands"] for r in json.loads(done.stdout)["rounds"]]
    for name in ("alice", "bob"):
        game = DailyAttempt.objects.get(player__username=name).game
        assert [r.hands for r in game.rounds.order_by("number")] == dealt
    page = client.get(reverse("daily_traveller", args=[day, 1])).content.decode()
    attempts = {a.player.username: a for a in DailyAttempt.objects.select_related("player")}
    for name in ("alice", "bob"):
        assert f'data-name="{name}"' in page
        assert reverse("daily_round", args=[day, 1, name]) in page
    dealt = deal(round_seed(DAY_SEED, 1), get_ruleset("draw"), 3)
    assert " ".join(tile_str(t) for t in dealt.hands[0]) in page
    points = {attempts[n].rounds[0]["points"] for n in ("alice", "bob")}
    for p in points:
        assert f'data-points="{p}"' in page
    page = client.get(reverse("daily_round", args=[day, 1, "alice"])).content.decode()
    game = attempts["alice"].game
    assert page.count('<li data-seat="') == game.moves.filter(round__number=1).count()
    assert "Robot Anatole" in page
    assert client.get(reverse("daily_traveller", args=[day, 6])).status_code == 404
    assert client.get(reverse("daily_round", args=[day, 1, "nobody"])).status_code == 404
    days = client.get(reverse("daily_days")).content.decode()
    assert f'data-date="{day}"' in days


def test_a_day_to_come_or_without_a_challenge_is_404(players):
    client = Client()
    client.force_login(players[0])
    tomorrow = (paris_today() + timedelta(days=1)).isoformat()
    assert client.get(reverse("daily_day", args=[tomorrow])).status_code == 404
    assert client.get(reverse("daily_day", args=["2001-01-01"])).status_code == 404
    assert client.get(reverse("daily_day", args=["hier"])).status_code == 404
    assert not DailyChallenge.objects.filter(date=paris_today() + timedelta(days=1)).exists()


def test_the_profile_shows_the_daily_results_and_ranks(players):
    challenge = todays()
    alice, bob = players[:2]
    play(services.start_attempt(alice))
    services.start_attempt(bob)
    client = Client()
    client.force_login(bob)
    page = client.get(reverse("profile", args=["alice"])).content.decode()
    attempt = DailyAttempt.objects.get(player=alice)
    assert 'id="daily-history"' in page and f'data-date="{challenge.date.isoformat()}"' in page
    assert '<td class="number rank">1</td>' in page
    assert str(attempt.points) in page
    # Bob's own unfinished attempt is on his page for him, not for others.
    assert (
        f'data-date="{challenge.date.isoformat()}"'
        in client.get(reverse("profile", args=["bob"])).content.decode()
    )
    client.force_login(alice)
    assert (
        f'data-date="{challenge.date.isoformat()}"'
        not in client.get(reverse("profile", args=["bob"])).content.decode()
    )


def test_an_attempt_cannot_be_played_after_its_day(players):
    challenge = todays()
    attempt = services.start_attempt(players[0])
    Game.objects.filter(pk=attempt.game_id).update(playable_until=timezone.now() - timedelta(seconds=1))
    game = Game.objects.get(pk=attempt.game_id)
    from games import services as games
    from games.services import ServiceError

    with pytest.raises(ServiceError) as e:
        games.play(game.pk, players[0], {"play": "0-0"}, game.version)
    assert e.value.code == "day_over"
    assert challenge.pk


def test_the_counts_kept_as_attempts_finish_give_each_its_place_in_the_order(players):
    """The ranks are read from per-score counts kept in the transaction that ranks an
    attempt: they agree with R62's order, and with counts rebuilt from scratch."""
    challenge = todays("block", 2)

    def nth(k):  # type: ignore[no-untyped-def]
        return lambda legal: legal[min(k, len(legal) - 1)]

    for index, user in enumerate(players):
        play(services.start_attempt(user), choose=nth(index % 3))
    order = services.ranking(challenge)
    assert len(order) == len(players)
    assert [services.rank_of(a) for a in order] == list(range(1, len(players) + 1))
    kept = sorted(
        ScoreCount.objects.filter(challenge=challenge).values_list("points", "robot_points", "attempts")
    )
    points = sorted(PointsCount.objects.filter(challenge=challenge).values_list("points", "attempts"))
    services.recount(challenge)
    assert (
        sorted(
            ScoreCount.objects.filter(challenge=challenge).values_list("points", "robot_points", "attempts")
        )
        == kept
    )
    assert sorted(PointsCount.objects.filter(challenge=challenge).values_list("points", "attempts")) == points
    assert sum(n for _, n in points) == len(players)


def test_r61_a_triominos_day_is_five_rounds_against_the_house_robots_and_its_pages_render(players, client):
    """R60, R61 at a game of another family: the rotation may name Triominos (its match
    with no target is five rounds); the attempt is played to its end and ranked, and the
    day's page shows it."""
    todays("triominos", 3)
    attempt = services.start_attempt(players[0])
    game = play(attempt)
    assert game.status == Game.OVER and game.rounds.count() == 5
    attempt.refresh_from_db()
    assert attempt.finished is not None and services.rank_of(attempt) == 1
    client.force_login(players[0])
    assert client.get(reverse("daily")).status_code == 200
