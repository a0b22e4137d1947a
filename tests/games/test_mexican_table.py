"""A Train mexicain table through the services: opened with the lobby's options, joined,
and played to the end (docs/rules.md §8, R71, R75, R88)."""

from __future__ import annotations

import pytest

from games import readmodels, services
from games.catalog import NAMES, variants
from games.forms import variant_choices
from games.models import Game
from games.rules import replay, round_seed, to_json, written_deal
from games.services import ServiceError
from tests.games.conftest import SEED, full_table, game_of, play_first

pytestmark = pytest.mark.django_db


def test_r71_the_lobby_offers_train_mexicain_with_its_seats_and_rounds():
    assert str(NAMES["mexican"]) == "Train mexicain"
    assert "mexican" in [v.id for v in variants()]
    assert variant_choices()["mexican"] == {
        "min_seats": 2,
        "max_seats": 8,
        "targets": [13, 5],
        "default_target": 13,
    }


def test_r51_a_mexican_table_refuses_options_the_rules_do_not_allow(players):
    for seats, target, code in [(1, None, "bad_seats"), (9, None, "bad_seats"), (3, 7, "bad_target")]:
        with pytest.raises(ServiceError) as e:
            services.open_table(players[0], "mexican", seats, target, True)
        assert e.value.code == code
    assert services.open_table(players[0], "mexican", 4, None, True).target == 13


def test_r71_the_lobby_counts_a_mexican_match_in_rounds(players, client):
    """R71: a Train mexicain table's target is its number of rounds, and the lobby says so."""
    services.open_table(players[0], "mexican", 3, 5, True)
    client.force_login(players[1])
    html = client.get("/salon/").content.decode()
    assert "Partie en 5 manches" in html
    assert "Objectif\u00a0: 5 points" not in html


def test_r75_a_five_round_three_seat_match_is_played_to_the_end(players):
    """Opened, joined, every round dealt from the table's known seed (its engine out of the
    deal), played through the services to the end, and what they stored replays."""
    alice, bob, charlie = players[:3]
    game = services.open_table(alice, "mexican", 3, 5, True, seed=SEED)
    services.join(game.pk, bob, game.invitation)
    services.join(game.pk, charlie, game.invitation)
    while (game := Game.objects.get(pk=game.pk)).status != Game.OVER:
        if game.status == Game.ROUND_OVER:
            services.next_round(game.pk, alice, game.version)
        else:
            assert game.status == Game.PLAYING
            play_first(game)
    rounds = list(game.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    for r in rounds:
        engine = f"{13 - r.number}-{13 - r.number}"
        assert r.seed == round_seed(SEED, r.number)
        assert (r.hands, r.stock) == tuple(written_deal("mexican", 3, r.seed, r.number))
        assert [len(h) for h in r.hands] == [15, 15, 15] and len(r.stock) == 45
        assert engine not in [t for h in r.hands for t in h] + r.stock
    moves = list(game.moves.order_by("seq"))
    assert all(m.place and "train" in m.place for m in moves if m.kind == "play")
    record = game.record()
    assert all("train" in a for rd in record["rounds"] for a in rd["actions"] if "play" in a)
    result = replay(record)
    match = game.match
    assert game.replay() == match and to_json(game.replay()) == game.state
    assert result["scores"] == list(match.scores)
    assert result["scores"] == [sum(rd["points"][s] for rd in result["rounds"]) for s in range(3)]
    low = min(match.scores)
    lowest = [s for s in range(3) if match.scores[s] == low]
    assert result["winner"] == (lowest[0] if len(lowest) == 1 else lowest)
    seats = {s.index: s for s in game.seat_set.all()}
    assert [seats[s].score for s in range(3)] == list(match.scores)
    assert [seats[s].won for s in range(3)] == [s in lowest for s in range(3)]


def test_a_finished_mexican_match_has_its_replay_page_and_its_record_in_the_api(players, client):
    alice, bob = players[:2]
    game = services.open_table(alice, "mexican", 2, 5, True, seed=SEED)
    services.join(game.pk, bob, game.invitation)
    while (game := Game.objects.get(pk=game.pk)).status != Game.OVER:
        if game.status == Game.ROUND_OVER:
            services.next_round(game.pk, alice, game.version)
        else:
            play_first(game)
    client.force_login(alice)
    page = client.get(f"/tables/{game.pk}/revoir/")
    assert page.status_code == 200
    assert "12-12" in page.content.decode()  # round 1's engine, in the replay's frames
    api = client.get(f"/api/matches/{game.pk}/")
    assert api.status_code == 200
    record = api.json()["record"]
    assert record["variant"] == "mexican" and record["target"] == 5 and len(record["rounds"]) == 5
    assert replay(record)["scores"] == list(game.match.scores)


def test_r78_a_mexican_seats_state_carries_the_public_information_panel(players):
    """The live table's state for each seat (and a spectator) carries the panel of R78, kept
    on the game from command to command: thirteen numbers of thirteen tiles, the seat's own
    hand counted, and no seat said to lack a number it holds; once a seat has passed, the
    panel names it."""
    game_id = full_table("mexican", players[:3], seed=SEED)
    named = 0
    while (game := game_of(game_id)).status == Game.PLAYING and not named:
        play_first(game)
        game = game_of(game_id)
        hands = game.match.round.hands
        for seat in (0, 1, 2, None):
            panel = readmodels.current_state(game_id, seat)["view"]["round"]["public"]
            assert [entry["number"] for entry in panel] == list(range(13))
            hand = hands[seat] if seat is not None else ()
            for entry in panel:
                assert entry["on_line"] + entry["in_hand"] + entry["unseen"] == 13
                assert entry["in_hand"] == sum(1 for t in hand if entry["number"] in t)
                for other in entry["none"]:
                    assert not any(entry["number"] in t for t in hands[other])
                named += len(entry["none"])
    assert named, "no seat passed before the round ended: choose another seed"
