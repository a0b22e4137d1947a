"""The table page: who may see it, and what it tells its script (never a hand or a seed)."""

import json

import pytest

from games import services
from games.models import Game, Round
from tests.games.conftest import full_table

pytestmark = pytest.mark.django_db


def page_data(response):
    text = response.content.decode()
    start = text.index('id="table-data"')
    return json.loads(text[text.index(">", start) + 1 : text.index("</script>", start)])


def test_a_seat_gets_its_seat_and_the_plain_socket(client, players):
    gid = full_table("draw", players[:2])
    client.force_login(players[1])
    data = page_data(client.get(f"/tables/{gid}/"))
    assert data["seat"] == 1 and data["socket"] == f"/ws/tables/{gid}/" and not data["invited"]


def test_an_invited_visitor_of_a_private_table_watches_with_the_invitation(client, players):
    game = services.open_table(players[0], "draw", 3, None, False)
    client.force_login(players[2])
    assert client.get(f"/tables/{game.pk}/").status_code == 404
    assert client.get(f"/tables/{game.pk}/?invitation=wrong").status_code == 404
    data = page_data(client.get(f"/tables/{game.pk}/?invitation={game.invitation}"))
    assert data["seat"] is None and data["invited"]
    assert data["socket"] == f"/ws/tables/{game.pk}/?invitation={game.invitation}"


def test_only_the_host_is_shown_the_invitation_link(client, players):
    game = services.open_table(players[0], "draw", 3, None, False)
    services.join(game.pk, players[1], game.invitation)
    client.force_login(players[0])
    assert game.invitation in client.get(f"/tables/{game.pk}/").content.decode()
    client.force_login(players[1])
    assert game.invitation not in client.get(f"/tables/{game.pk}/").content.decode()


def test_the_page_holds_no_seed_and_no_state(client, players):
    gid = full_table("draw", players[:2])
    client.force_login(players[0])
    text = client.get(f"/tables/{gid}/").content.decode()
    rnd = Round.objects.get(game_id=gid)
    assert rnd.seed not in text
    # The script's data names the table and the socket; the match comes over the socket only.
    assert set(page_data(client.get(f"/tables/{gid}/"))) == {
        "game",
        "socket",
        "seat",
        "invited",
        "me",
        "variants",
        "daily",  # a daily attempt's end panel's links and times (None here)
    }


def test_beside_the_commitment_the_page_says_what_it_is_and_links_to_how_to_check_a_deal(client, players):
    """R12: the commitment and the seed, explained; the page on re-dealing, in French and English."""
    gid = full_table("draw", players[:2])
    client.force_login(players[0])
    text = client.get(f"/tables/{gid}/").content.decode()
    assert "L’engagement est l’empreinte de la graine secrète" in text and 'href="/donnes/"' in text
    page = client.get("/donnes/").content.decode()
    assert "SHAKE-256" in page and "hashlib.sha256(seed.encode()).hexdigest()" in page
    english = client.get("/donnes/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Checking a deal" in english


def test_an_invitation_lets_one_watch_a_started_private_match_and_the_page_says_so(client, players):
    """One rule (docs/protocol.md): an invitation lets one watch a private table."""
    gid = full_table("draw", players[:2], public=False)
    game = Game.objects.get(pk=gid)
    client.force_login(players[2])
    text = client.get(f"/tables/{gid}/?invitation={game.invitation}").content.decode()
    assert "votre invitation vous permet de la regarder, sans y jouer" in text
    assert "seuls ses joueurs peuvent la suivre" not in text
    assert page_data(client.get(f"/tables/{gid}/?invitation={game.invitation}"))["invited"]
