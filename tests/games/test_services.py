"""games.services: the only code that changes a game (docs/architecture.md §3)."""

from __future__ import annotations

import hashlib

import pytest

from games import services
from games.models import Game, Move, Round, Seat
from games.rules import VARIANTS, deal, get_ruleset, round_seed, table_play, tile_str, to_json
from games.services import ServiceError
from tests.games.conftest import SEED, full_table, play_first, to_round_over

pytestmark = pytest.mark.django_db


def state_of(game_id: int) -> tuple[int, object, int]:
    game = Game.objects.get(pk=game_id)
    return game.version, game.state, game.moves.count()


def play_to_end(game_id: int) -> Game:
    """Play the whole match, starting every round as the host would (R54)."""
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status == Game.OVER:
            return game
        if game.status == Game.ROUND_OVER:
            services.next_round(game.pk, game.host, game.version)
        else:
            play_first(game)


# Opening, joining, leaving (R50, R51) ----------------------------------------------


def test_r51_opening_checks_the_options_against_the_variant(players):
    alice = players[0]
    for variant, seats, target, code in [
        ("chess", 2, None, "bad_variant"),
        ("partners", 2, None, "bad_seats"),
        ("draw", 5, None, "bad_seats"),
        ("draw", 2, 250, "bad_target"),
    ]:
        with pytest.raises(ServiceError) as e:
            services.open_table(alice, variant, seats, target, True)
        assert e.value.code == code
    assert not Game.objects.exists()
    game = services.open_table(alice, "all_fives", 2, None, False)
    assert (game.variant, game.seats, game.target, game.public) == (
        "all_fives",
        2,
        VARIANTS["all_fives"].default_target,
        False,
    )


def test_r50_the_host_sits_in_seat_0_and_others_take_the_next_free_seat(players):
    alice, bob, charlie, dave, eve = players[:5]
    game = services.open_table(alice, "partners", 4, None, True)
    services.join(game.pk, bob)
    services.join(game.pk, charlie)
    services.leave(game.pk, bob)  # frees seat 1
    services.join(game.pk, dave)  # takes seat 1, the next free one
    assert dict(Seat.objects.filter(game=game).values_list("index", "player__username")) == {
        0: "alice",
        1: "dave",
        2: "charlie",
    }
    assert Game.objects.get(pk=game.pk).status == Game.OPEN
    services.join(game.pk, eve)
    game.refresh_from_db()
    assert game.status == Game.PLAYING and game.match.round is not None
    with pytest.raises(ServiceError) as e:
        services.join(game.pk, bob)
    assert e.value.code == "started"


def test_r50_a_player_sits_once_and_a_full_or_closed_table_refuses(players):
    alice, bob, charlie = players[:3]
    game = services.open_table(alice, "draw", 3, None, True)
    with pytest.raises(ServiceError) as e:
        services.join(game.pk, alice)
    assert e.value.code == "already_seated"
    services.leave(game.pk, alice)  # the host leaves: closed
    game.refresh_from_db()
    assert game.status == Game.CLOSED and not game.seat_set.exists()
    with pytest.raises(ServiceError) as e:
        services.join(game.pk, bob)
    assert e.value.code == "closed"
    version = game.version
    with pytest.raises(ServiceError):
        services.leave(game.pk, charlie)
    assert Game.objects.get(pk=game.pk).version == version


def test_a_private_table_is_joined_with_its_invitation_only(players):
    alice, bob = players[:2]
    game = services.open_table(alice, "block", 2, None, False)
    for wrong in (None, "", "not-the-token"):
        with pytest.raises(ServiceError) as e:
            services.join(game.pk, bob, wrong)
        assert e.value.code == "not_found"  # as if it did not exist
    services.join(game.pk, bob, game.invitation)
    assert Game.objects.get(pk=game.pk).status == Game.PLAYING


def test_leaving_after_the_start_is_refused(players):
    gid = full_table("block", players[:2])
    before = state_of(gid)
    with pytest.raises(ServiceError) as e:
        services.leave(gid, players[1])
    assert e.value.code == "started"
    assert state_of(gid) == before


# The start, the deal and R12 ------------------------------------------------------


def test_r12_each_round_of_a_live_table_has_a_fresh_secret_seed_and_its_commitment(players):
    # A live table has no seed of its own (Game.seed empty): each round draws a fresh one.
    alice, bob, charlie, dave, eve = players[:5]
    game = services.open_table(alice, "draw", 3, None, True)
    assert game.seed == ""
    services.join(game.pk, bob)
    services.join(game.pk, charlie)
    rnd = Round.objects.get(game_id=game.pk)
    assert len(rnd.seed) == 64 and rnd.commitment == hashlib.sha256(rnd.seed.encode()).hexdigest()
    assert rnd.seed not in (round_seed("", 1), round_seed(SEED, 1))
    game = Game.objects.get(pk=game.pk)
    # The round's stored deal is the seed's deal (R12), and the snapshot starts from it.
    dealt = deal(rnd.seed, get_ruleset("draw"), 3)
    assert rnd.hands == [[tile_str(t) for t in hand] for hand in dealt.hands]
    assert game.replay() == game.match
    other = services.open_table(dave, "draw", 2, None, True)
    services.join(other.pk, eve)
    assert Round.objects.get(game_id=other.pk).seed != rnd.seed


def test_a_table_given_a_seed_deals_round_n_from_round_seed(players):
    """The seed source is given to the services (Game.seed): tests and daily attempts."""
    gid = full_table("block", players[:2], seed="a known seed")
    game = Game.objects.get(pk=gid)
    to_round_over(gid)
    game = Game.objects.get(pk=gid)
    services.next_round(gid, game.host, game.version)
    for number in (1, 2):
        rnd = Round.objects.get(game_id=gid, number=number)
        assert rnd.seed == round_seed("a known seed", number)
        dealt = deal(rnd.seed, get_ruleset("block"), 2)
        assert rnd.hands == [[tile_str(t) for t in hand] for hand in dealt.hands]
    # Another table of the same seed gets the very same deal; another seed another one.
    again = Game.objects.get(pk=full_table("block", players[2:4], seed="a known seed"))
    elsewhere = Game.objects.get(pk=full_table("block", players[4:6], seed="another seed"))
    first = Round.objects.get(game_id=gid, number=1)
    assert Round.objects.get(game=again, number=1).hands == first.hands
    assert Round.objects.get(game=elsewhere, number=1).hands != first.hands


def test_game_turn_is_kept_by_the_services(players):
    alice, bob = players[:2]
    game = services.open_table(alice, "block", 2, None, True)
    assert game.turn is None
    services.leave(game.pk, alice)  # one live table at a time (R56)
    gid = full_table("block", [alice, players[2]])
    game = Game.objects.get(pk=gid)
    assert game.turn == game.match.round.turn == 1  # the deal of SEED: seat 0 opened
    play_first(game)
    game.refresh_from_db()
    # Seat 0 of SEED's deal has nothing that fits: its pass is forced (R5), seat 1 plays again.
    assert game.moves.order_by("-seq").first().kind == Move.PASS
    assert game.turn == game.match.round.turn == 1
    game = to_round_over(gid)
    assert game.status == Game.ROUND_OVER and game.turn is None
    services.next_round(gid, alice, game.version)
    game.refresh_from_db()
    assert game.status == Game.PLAYING and game.turn == game.match.round.turn


def test_the_snapshot_is_replayed_from_the_deals_and_the_log_in_every_variant(players):
    for variant, rules in VARIANTS.items():
        seats = min(rules.max_seats, len(players))  # chinois' eight seats: the six players there are
        gid = full_table(variant, players[:seats], min(rules.targets))
        game = play_to_end(gid)
        assert game.replay() == game.match, variant
        assert to_json(game.replay()) == game.state
        moves = list(game.moves.order_by("seq"))
        assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
        assert game.rounds.count() >= 1 and all(r.finished for r in game.rounds.all())
        assert game.finished is not None and game.winner is not None
        scores = dict(game.seat_set.values_list("index", "score"))
        assert [scores[s] for s in range(seats)] == [
            game.match.scores[rules.side_of(s)] for s in range(seats)
        ]
        assert game.seat_set.filter(won=True).exists()


# Plays ------------------------------------------------------------------------------


def test_a_play_is_applied_logged_and_versioned(players):
    gid = full_table("block", players[:2])
    game = Game.objects.get(pk=gid)
    version, moves = game.version, game.moves.count()
    action = table_play(game.match)
    play_first(game)
    game.refresh_from_db()
    assert game.version == version + 1
    new = list(game.moves.filter(seq__gt=moves).order_by("seq"))
    # The play, then any forced actions it led to (R5), all under the new version.
    assert (new[0].seat, new[0].kind, new[0].tile) == (action.seat, Move.PLAY, tile_str(action.tile))
    assert all(m.forced for m in new[1:]) and {m.version for m in new} == {game.version}
    assert game.replay() == game.match


def test_refused_plays_change_nothing(players):
    alice, bob = players[:2]
    gid = full_table("draw", [alice, bob])
    game = Game.objects.get(pk=gid)
    rnd = game.match.round
    mover = game.seat_set.get(index=rnd.turn).player
    waiting = alice if mover == bob else bob
    hand = [t for t in game.match.round.hands[rnd.turn]]
    legal_tiles = {a.tile for a in rnd.legal}
    unplayable = [tile_str(t) for t in hand if t not in legal_tiles]
    before = state_of(gid)
    cases = [
        (waiting, {"play": tile_str(hand[0])}, game.version, "not_your_turn"),
        (mover, {"play": "9-9"}, game.version, "bad_tile"),
        (mover, {"play": tile_str(rnd.legal[0].tile), "end": "sideways"}, game.version, "bad_end"),
        (mover, {"play": tile_str(rnd.legal[0].tile)}, game.version - 1, "stale_version"),
        (mover, {"play": tile_str(rnd.legal[0].tile)}, "7", "stale_version"),
        (players[2], {"play": tile_str(rnd.legal[0].tile)}, game.version, "not_seated"),
    ]
    assert unplayable, "the deal of SEED leaves the seat to play a tile that fits nowhere"
    cases.append((mover, {"play": unplayable[0]}, game.version, "does_not_fit"))
    for user, move, version, code in cases:
        with pytest.raises(ServiceError) as e:
            services.play(gid, user, move, version)
        assert e.value.code == code, (move, e.value.code)
        assert e.value.message  # a French text for the player
        assert state_of(gid) == before


def test_next_round_is_the_hosts_between_rounds_only(players):
    alice, bob = players[:2]
    gid = full_table("block", [alice, bob])
    game = Game.objects.get(pk=gid)
    with pytest.raises(ServiceError) as e:
        services.next_round(gid, alice, game.version)
    assert e.value.code == "not_between_rounds"
    game = to_round_over(gid)
    assert game.status == Game.ROUND_OVER  # the first round of SEED does not reach the target
    before = state_of(gid)
    with pytest.raises(ServiceError) as e:
        services.next_round(gid, bob, game.version)
    assert e.value.code == "not_host"
    with pytest.raises(ServiceError) as e:
        services.next_round(gid, alice, game.version - 1)
    assert e.value.code == "stale_version"
    assert state_of(gid) == before
    # R12: the seed is kept until the round is over; then it may be shown.
    assert Round.objects.get(game_id=gid, number=1).finished is not None
    services.next_round(gid, alice, game.version)
    game.refresh_from_db()
    assert game.status == Game.PLAYING and game.match.round.number == 2
    assert Round.objects.filter(game_id=gid).count() == 2
