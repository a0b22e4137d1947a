"""A daily attempt's table (issue 19, defects 4, 5 and 11): it says "défi du jour", not
"table publique · partie amicale"; it offers no report of a house robot; and its end
panel is given what it needs: the day's ranking (its page, and its JSON with the
player's rank of the moment) and when the replay opens, never the day's seed before the
day is over (R63). And a finished match's page knows its rematch has ended (defect 6)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from games import readmodels, services as game_services
from games.close_codes import CODES
from games.models import Game
from leaderboard import services
from tests.games.conftest import full_table
from tests.leaderboard.conftest import play, todays

pytestmark = pytest.mark.django_db


def script_data(html: str, element_id: str) -> object:
    start = html.index(f'id="{element_id}"')
    return json.loads(html[html.index(">", start) + 1 : html.index("</script>", start)])


def options_line(html: str) -> str:
    start = html.index('<p class="table-options">')
    return " ".join(html[start : html.index("</p>", start)].split())


@pytest.fixture
def attempt(players):
    challenge = todays()
    attempt = services.start_attempt(players[0])
    play(attempt)
    attempt.refresh_from_db()
    return challenge, attempt


def test_a_daily_table_says_defi_du_jour_and_not_public_or_friendly(client, players, attempt):
    challenge, mine = attempt
    client.force_login(players[0])
    line = options_line(client.get(f"/tables/{mine.game_id}/").content.decode())
    assert "défi du jour" in line
    assert "table publique" not in line and "table privée" not in line and "partie amicale" not in line


def test_a_live_table_still_says_public_and_friendly(client, players):
    gid = full_table("draw", players[:2])
    client.force_login(players[0])
    line = options_line(client.get(f"/tables/{gid}/").content.decode())
    assert "table publique" in line and "partie" in line and "défi du jour" not in line


def test_no_report_link_for_a_house_robot(client, players, attempt):
    challenge, mine = attempt
    client.force_login(players[0])
    html = client.get(f"/tables/{mine.game_id}/").content.decode()
    assert Game.objects.get(pk=mine.game_id).seat_set.exclude(robot="").count() == 2
    assert "Signaler" not in html[html.index('id="report-players"') :].split("</aside>")[0]


def test_the_other_players_of_a_table_may_be_reported_not_oneself(client, players):
    gid = full_table("draw", players[:2])
    Game.objects.filter(pk=gid).update(status=Game.OVER)
    client.force_login(players[0])
    html = client.get(f"/tables/{gid}/").content.decode()
    aside = html[html.index('id="report-players"') :].split("</aside>")[0]
    assert f"Signaler {players[1].username}" in aside
    assert f"Signaler {players[0].username}" not in aside


def test_the_end_panel_of_a_daily_attempt_gets_the_ranking_and_when_the_replay_opens(
    client, players, attempt
):
    challenge, mine = attempt
    game = Game.objects.get(pk=mine.game_id)
    client.force_login(players[0])
    html = client.get(f"/tables/{game.pk}/").content.decode()
    daily = script_data(html, "table-data")["daily"]
    day = challenge.date.isoformat()
    assert daily == {
        "ranking_url": f"/defi/{day}/",
        "standing_url": f"/defi/{day}/classement/",
        "replay_opens": game.playable_until.isoformat(),
        "replay_open": False,
    }
    assert challenge.seed not in html  # the day's secret stays one until the day is over
    # The replay it does not link to answers 404 until then; the ranking gives the rank now.
    assert client.get(f"/tables/{game.pk}/revoir/").status_code == 404
    standing = client.get(daily["standing_url"]).json()
    assert standing["mine"]["rank"] == 1 and standing["ranked"] == 1


def test_once_the_day_is_over_the_replay_is_open(client, players, attempt):
    challenge, mine = attempt
    Game.objects.filter(pk=mine.game_id).update(playable_until=timezone.now() - timedelta(minutes=1))
    client.force_login(players[0])
    daily = script_data(client.get(f"/tables/{mine.game_id}/").content.decode(), "table-data")["daily"]
    assert daily["replay_open"] is True
    assert client.get(f"/tables/{mine.game_id}/revoir/").status_code == 200


def test_a_live_table_has_no_daily_end(client, players):
    gid = full_table("draw", players[:2])
    client.force_login(players[0])
    assert script_data(client.get(f"/tables/{gid}/").content.decode(), "table-data")["daily"] is None


def test_the_pages_that_open_a_socket_get_the_close_codes_the_consumers_use(client, players):
    gid = full_table("draw", players[:2])
    client.force_login(players[0])
    for url in (f"/tables/{gid}/", "/salon/"):
        assert script_data(client.get(url).content.decode(), "close-codes") == CODES
    assert CODES == {"not_logged_in": 4401, "sanctioned": 4403, "no_such_table": 4404, "presence_lost": 4408}


def test_a_finished_match_knows_whether_its_rematch_has_ended(players):
    alice, bob = players[:2]
    gid = full_table("draw", [alice, bob])
    Game.objects.filter(pk=gid).update(status=Game.OVER)
    assert readmodels.current_state(gid, 0)["table"]["rematch_status"] is None
    new = game_services.rematch(gid, alice)
    table = readmodels.current_state(gid, 0)["table"]
    assert (table["rematch"], table["rematch_status"]) == (new.pk, "open")
    Game.objects.filter(pk=new.pk).update(status=Game.OVER)
    table = readmodels.current_state(gid, 0)["table"]
    assert (table["rematch"], table["rematch_status"]) == (new.pk, "over")
