"""The expert robot: determinized Monte Carlo on one seat's view (docs/architecture.md, robots).

It never reads a hidden tile. Again and again it deals the tiles its seat cannot see
(the other hands, the stock or the tiles set aside) at random, consistently with what
the seat knows: each hand's size, the stock's size, and the numbers each seat has
shown it holds none of (R6: the passes, and the view's public panel when the caller
gave it; the other families say what their views show, in their own ``expert``
modules). On each dealing it plays each of its legal plays still in the running and
then the round to its end with a fast default policy (a playout, on the compact round
of playout.py for the double-six games, through the engine's ``apply`` for the
others), and adds up what each play brought its side. The plays are halved
phase by phase (``search``), and it plays the best total.

What a round brings a side (``outcome``, unseen.py): the points it scored this round
minus the mean of the other sides' (in ``family``, ``chinois`` and ``mexican``, where
each seat scores its pips and low wins, the mean of the others' minus its own).

A game family plugs in through a ``Family`` (``FAMILIES``, by variant): how to deal a
view's unseen tiles into a whole state (``determinize``), the seat's plays in that
state (``moves``), and a playout (``playout``: what the round brought the side).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from . import families
from .match import apply
from .playout import FULL, OPTIONS, TILE_A, TILE_B, Move, Playout, fit_mask, from_match
from .round import HAS, legal_plays
from .scoring import fives_threes_points
from .state import PLAYING, Action, Match, Round, line_from_json
from .tiles import SETS, parse_tile
from .trains import expert as trains
from .triominos import expert as triominos
from .unseen import deal_unseen, outcome, play_out
from .variants import DRAW_ONE, VARIANTS, get_ruleset


def known_none(view: dict[str, Any]) -> list[set[int]]:
    """For each seat, the numbers the view shows it holds none of.

    The public panel's ``none`` (knowledge.py, when the caller passed ``shown``), and the
    round's passes (R6) wherever a pass stays true to the round's end: in the variants
    where one passes instead of drawing, and in those where one passes only once the
    stock is empty. In ``family`` (R21) a seat passes with tiles still to draw, so a pass
    there says nothing of the tiles it draws later: only the panel tells.
    """
    rules = get_ruleset(view["variant"])
    rnd = view["round"]
    seats = view["seats"]
    none: list[set[int]] = [set() for _ in range(seats)]
    for entry in rnd.get("public") or []:
        for s in entry["none"]:
            none[s].add(entry["number"])
    if rules.no_fit != DRAW_ONE:
        for s, passed in enumerate(rnd["passes"]):
            none[s].update(passed)
    return none


def determinize_line(view: dict[str, Any], rng: random.Random) -> Match:
    """A whole state of the line family that the view cannot tell from the true one."""
    rules = get_ruleset(view["variant"])
    rnd = view["round"]
    seat = view["seat"]
    seats = view["seats"]
    line = None if rnd["line"] is None else line_from_json(rnd["line"])
    own = tuple(sorted(parse_tile(t, rules.top) for t in view["hand"]))
    seen = set(own) | set(line.tiles() if line is not None else ())
    unseen = [t for t in SETS[rules.top] if t not in seen]
    sizes = {s: rnd["hand_sizes"][s] for s in range(seats) if s != seat}
    dealt, rest = deal_unseen(unseen, sizes, known_none(view), rng)
    hands = tuple(own if s == seat else tuple(sorted(dealt[s])) for s in range(seats))
    legal = legal_plays(seat, own, line, rules.wild_blanks)
    state = Round(
        number=rnd["number"],
        hands=hands,
        stock=tuple(rest),
        line=line,
        turn=seat,
        opener=rnd["opener"],
        drawn=rnd["drawn"],
        passes=tuple(tuple(p) for p in rnd["passes"]),
        draws=tuple(rnd["draws"]),
        points=tuple(rnd["points"]),
        last=(seat - 1) % seats,
        result="",
        winner=None,
        legal=legal,
    )
    return Match(view["variant"], seats, view["target"], tuple(view["scores"]), state, PLAYING, None)


# What the playouts' default policy weighs, in points of preference (robots.py's house
# robot weighs much the same, on a view).
POINTS = 10.0  # a point scored now
DOUBLE = 4.0  # a double laid
HELD = 1.5  # a tile left in the hand that fits an end the play leaves open


FITS = (
    tuple(HAS[n] for n in range(7)),
    tuple(FULL if n == 0 else HAS[n] | HAS[0] for n in range(7)),
)
"""``FITS[wild][n]``: the tiles that fit an end showing ``n`` (R3, R22)."""


def greedy(st: Playout) -> Move:
    """The playouts' default policy, a quick house robot: points scored now, pips shed
    (three times as many in ``family``, where pips are what one scores), a double laid,
    tiles kept that fit the ends left open. Ties keep the first play in the engine's order."""
    rules = st.rules
    wild = st.wild
    fits = FITS[wild]
    heavy = 3 if rules.low_score_wins else 1
    seat = st.turn
    hand = st.hands[seat]
    if st.center < 0:  # the opening tile: any tile of the hand
        ends: list[int] = []
        tiles = hand
    else:
        ends = st.arm_num[: st.n_ends]
        tiles = hand & fit_mask(ends, wild)
    scored = rules.play_points and st.center >= 0
    if scored:
        side = seat % 2 if rules.teams else seat
        count = st.count()
        room = 10**9 if st.target is None else st.target - st.scores[side]
        fives = rules.play_points == "fives"
    options = OPTIONS[wild]
    best: Move = (-1, -1, -1)
    best_score = -1e9
    while tiles:
        low = tiles & -tiles
        i = low.bit_length() - 1
        tiles ^= low
        a = TILE_A[i]
        b = TILE_B[i]
        rest = hand ^ low
        base = (a + b) * heavy + (DOUBLE if a == b else 0.0)
        if not ends:
            score = base + HELD * ((rest & fits[a]).bit_count() + (rest & fits[b]).bit_count())
            if score > best_score:
                best, best_score = (i, -1, -1), score
            continue
        held = [(rest & fits[n]).bit_count() for n in ends]
        kept = sum(held)
        for e, number in enumerate(ends):
            for opened in options[i][number]:
                score = base + HELD * (kept - held[e] + (rest & fits[opened]).bit_count())
                if scored:
                    total = st.count_after(i, e, opened, count)
                    if fives:
                        gained = total if total % 5 == 0 else 0
                    else:
                        gained = fives_threes_points(total) + (0 if rest else 1)
                        if gained > room:
                            gained = 0  # R35
                    score += POINTS * gained
                if score > best_score:
                    best, best_score = (i, e, opened), score
    return best


def determinize_compact(view: dict[str, Any], rng: random.Random) -> Playout:
    """``determinize_line``, in the playouts' compact form."""
    return from_match(determinize_line(view, rng))


def playout_compact(st: Playout, move: Move, side: int) -> float:
    """Play ``move``, then the round to its end with ``greedy``; the ``outcome`` for ``side``."""
    st = st.copy()
    st.play(move)
    while not st.result:
        st.play(greedy(st))
    return outcome(st.rules, st.points, side)


class Family(NamedTuple):
    """What the search needs of a game family, for one of its variants: a new family
    plugs in by giving its own three functions."""

    determinize: Callable[[dict[str, Any], random.Random], Any]
    """A whole state the seat's view cannot tell from the true one, dealt with the
    generator from the tiles the seat cannot see (``deal_unseen`` does it for any set)."""
    moves: Callable[[Any], list[Any]]
    """The plays of the seat to act in that state, in the order of the view's ``legal``."""
    playout: Callable[[Any, Any, int], float]
    """Play the move, then the round to its end; what it brought the side (``outcome``)."""


def sensible(match: Match) -> Action:
    """The engine playouts' default policy, ``greedy`` without the points of play (the
    games that score them are double-six games, played on the compact round): pips shed
    (three times as many where low wins), a double laid, and the tiles kept that fit the
    number the play leaves open (R22: a blank fits any number where blanks are wild).
    Ties keep the first play in the engine's order; a draw or a pass only when nothing fits."""
    rnd = match.round
    assert rnd is not None
    rules = VARIANTS[match.variant]
    heavy = 3 if rules.low_score_wins else 1
    wild = rules.wild_blanks
    hand = rnd.hands[rnd.turn]
    best = rnd.legal[0]
    best_score = -1e9
    for action in rnd.legal:
        tile = action.tile
        if tile is None:
            continue
        a, b = tile
        score = (a + b) * heavy + (DOUBLE if a == b else 0.0)
        n = action.open
        if n is not None:
            if wild and n == 0:
                held = len(hand) - 1
            else:
                held = sum(1 for t in hand if t != tile and (n in t or (wild and 0 in t)))
            score += HELD * held
        if score > best_score:
            best, best_score = action, score
    return best


def playout_engine(match: Match, first: Action, side: int) -> float:
    """A playout through the engine's ``apply``: slower than the compact round, but it plays
    any variant the engine plays."""
    return play_out(VARIANTS[match.variant], apply, sensible, match, first, side)


LINE = Family(determinize_compact, Playout.legal, playout_compact)
"""The line family's double-six variants: playouts on the compact round."""
ENGINE = Family(determinize_line, lambda m: list(m.round.legal) if m.round else [], playout_engine)
"""Any variant of the line family through the engine itself: ``chinois``, whose
double-twelve set the compact round does not hold, plays here."""
MEXICAN = Family(trains.determinize, trains.moves, trains.playout)
"""Train mexicain (games/rules/trains/expert.py): playouts through its engine."""
TRIOMINOS = Family(triominos.determinize, triominos.moves, triominos.playout)
"""Triominos (games/rules/triominos/expert.py): playouts through its engine."""
FAMILIES: dict[str, Family] = {
    **{v: LINE if rules.top == 6 else ENGINE for v, rules in VARIANTS.items()},
    **dict.fromkeys(families.trains.VARIANTS, MEXICAN),
    **dict.fromkeys(families.triominos.VARIANTS, TRIOMINOS),
}
"""The family of each variant the expert plays: every variant of the site. The double-six
line games play out on the compact round (``playout.py``), which holds the 28 tiles;
``chinois`` (double-twelve) through the line engine (``ENGINE``); Train mexicain and
Triominos through their own engines."""


CONFIDENCE = 1.0
"""How sure the search must be to play otherwise than the house robot would: the mean gain
of its best play over the house robot's, across the dealings, must exceed this many
standard errors of that gain. Where the playouts cannot tell plays apart, the house
robot's judgement (which reads the view as a whole) is the better guide."""


def search(
    view: dict[str, Any], seed: str, playouts: int, should_stop: Callable[[], bool] | None = None
) -> dict[str, Any]:
    """The expert's play (record form, one of ``view["legal"]``): see the module's docstring.

    The search deals the unseen tiles afresh for each round of playouts, and plays one
    playout per play still in the running on that dealing (every play compared on the
    same luck). It spends ``playouts`` in phases, sequential halving: after each phase
    but the last, the better half of the plays stays in the running (and the house
    robot's play, the reference), so the best plays get the most playouts. It plays the
    best total of the last phase if that beats the house robot's play by more than
    ``CONFIDENCE`` standard errors, else the house robot's play. ``should_stop()``, if
    given, is asked before each dealing after the first; once it says True the search
    stops and decides on what it has. The generator is seeded by ``seed`` and the
    position, so the same view, seed and budget give the same play.
    """
    from .robots import house_of_family, position_key  # robots.py imports this module lazily

    legal = view["legal"]
    if not legal:
        raise ValueError("the robot has nothing to play: it is not its turn")
    if len(legal) == 1:
        return dict(legal[0])
    family = FAMILIES[view["variant"]]
    rules = families.get_ruleset(view["variant"])
    side = rules.side_of(view["seat"])
    rng = random.Random(f"expert/{seed}/{position_key(view)}")
    reference = legal.index(house_of_family(view))
    totals = [0.0] * len(legal)
    squares = [0.0] * len(legal)  # of each play's gain over the reference, dealing by dealing
    alive = list(range(len(legal)))
    phases = max(1, (len(legal) - 1).bit_length())  # ceil(log2(plays))
    dealt = 0
    for phase in range(phases):
        for _ in range(max(1, playouts // (phases * len(alive)))):
            if dealt and should_stop is not None and should_stop():
                break
            state = family.determinize(view, rng)
            moves = family.moves(state)
            assert len(moves) == len(legal)
            dealt += 1
            values = {i: family.playout(state, moves[i], side) for i in alive}
            for i, value in values.items():
                totals[i] += value
                gain = value - values[reference]
                squares[i] += gain * gain
        else:
            if phase < phases - 1:  # keep the better half (ties: the first in the view's order)
                ranked = sorted(alive, key=lambda i: (-totals[i], i))
                alive = sorted(set(ranked[: (len(alive) + 1) // 2]) | {reference})
            continue
        break
    # Every play still in the running has had the same dealings as the reference.
    best = min(alive, key=lambda i: (-totals[i], i))
    if best != reference and dealt > 1:
        mean = (totals[best] - totals[reference]) / dealt
        variance = max(0.0, squares[best] / dealt - mean * mean) / (dealt - 1)
        if mean <= CONFIDENCE * variance**0.5:
            best = reference
    return dict(legal[best])
