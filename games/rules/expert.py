"""The expert robot: determinized Monte Carlo on one seat's view (docs/architecture.md, robots).

It never reads a hidden tile. For each playout it deals the tiles its seat cannot see
(the other hands, the stock or the tiles set aside) at random, consistently with what
the seat knows: each hand's size, the stock's size, and the numbers each seat has
shown it holds none of (R6: the passes, and the view's public panel when the caller
gave it). In that dealing it plays one of its legal plays and then the round to its
end with a fast default policy, and it keeps, for each play, the mean of what the
round brought its side. It plays the play with the best mean.

What a round brings a side (``outcome``): the points it scored this round minus the
mean of the other sides' (in ``family``, where each seat scores its pips and low
wins, the mean of the others' minus its own).

A game family plugs in through a ``Family``: how to deal a view's unseen tiles
(``determinize``), how to play a playout (``playout``), and what the playout's end
brings the seat (its return value).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from .match import apply
from .round import legal_plays
from .state import PLAYING, Action, Match, Round, line_from_json
from .tiles import ALL_TILES, Tile, parse_tile
from .variants import VARIANTS, Ruleset, get_ruleset


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
    if rules.no_fit != "draw_one":
        for s, passed in enumerate(rnd["passes"]):
            none[s].update(passed)
            if rules.wild_blanks and passed:
                none[s].add(0)
    return none


def _fits(tile: Tile, none: set[int]) -> bool:
    return tile[0] not in none and tile[1] not in none


def deal_unseen(
    unseen: list[Tile], sizes: dict[int, int], none: list[set[int]], rng: random.Random
) -> tuple[dict[int, list[Tile]], list[Tile]]:
    """Deal ``unseen`` tiles into hands of ``sizes`` (seat: size) so that no seat gets a
    tile showing a number it holds none of; the rest, shuffled, is left over (the stock).

    The most constrained seats are served first from a shuffled pool; if a dealing
    fails (the constraints leave too few tiles), it is tried again, and after a few
    failures the constraints are dropped one seat at a time (a view whose passes
    contradict each other cannot be met)."""
    relaxed: set[int] = set()
    for attempt in range(64):
        if attempt and attempt % 16 == 0:  # drop the tightest remaining constraint
            tight = [s for s in sizes if none[s] and s not in relaxed]
            if tight:
                relaxed.add(max(tight, key=lambda s: len(none[s])))
        pool = unseen[:]
        rng.shuffle(pool)
        order = sorted(
            sizes,
            key=lambda s: sum(1 for t in pool if _fits(t, none[s])) if s not in relaxed else len(pool),
        )
        hands: dict[int, list[Tile]] = {}
        ok = True
        for s in order:
            if s in relaxed or not none[s]:
                take, rest = pool[: sizes[s]], pool[sizes[s] :]
            else:
                take = [t for t in pool if _fits(t, none[s])][: sizes[s]]
                chosen = set(take)
                rest = [t for t in pool if t not in chosen]
            if len(take) < sizes[s]:
                ok = False
                break
            hands[s] = take
            pool = rest
        if ok:
            return hands, pool
    raise AssertionError("unreachable: with every constraint dropped any dealing fits")  # pragma: no cover


def determinize_line(view: dict[str, Any], rng: random.Random) -> Match:
    """A whole state of the line family that the view cannot tell from the true one."""
    rules = get_ruleset(view["variant"])
    rnd = view["round"]
    seat = view["seat"]
    seats = view["seats"]
    line = None if rnd["line"] is None else line_from_json(rnd["line"])
    own = tuple(sorted(parse_tile(t) for t in view["hand"]))
    seen = set(own) | set(line.tiles() if line is not None else ())
    unseen = [t for t in ALL_TILES if t not in seen]
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


def greedy(rules: Ruleset, match: Match) -> Action:
    """The playouts' default policy: the play that scores most now (in the variants that
    score during play), then the heaviest tile, doubles first among equals."""
    rnd = match.round
    assert rnd is not None
    legal = rnd.legal
    if len(legal) == 1:
        return legal[0]
    best = legal[0]
    best_key = -1
    for action in legal:
        tile = action.tile
        assert tile is not None
        key = (tile[0] + tile[1]) * 2 + (tile[0] == tile[1])
        if rules.play_points and rnd.line is not None:
            after, _ = apply(match, action)
            assert after.round is not None
            side = rules.side_of(action.seat)
            gained = after.round.points[side] - rnd.points[side]
            key += 100 * gained
        if key > best_key:
            best, best_key = action, key
    return best


def outcome(rules: Ruleset, match: Match, side: int) -> float:
    """What the round, played out, brought ``side``: its points minus the mean of the
    other sides' (``family``: the others' mean minus its own, low score winning)."""
    rnd = match.round
    assert rnd is not None
    points = rnd.points
    others = [p for s, p in enumerate(points) if s != side]
    mean = sum(others) / len(others)
    if rules.low_score_wins:
        return mean - points[side]
    return points[side] - mean


def playout_line(match: Match, first: Action, side: int) -> float:
    """Play ``first``, then the round to its end with ``greedy``; the ``outcome`` for ``side``."""
    rules = VARIANTS[match.variant]
    match, _ = apply(match, first)
    while match.status == PLAYING:
        match, _ = apply(match, greedy(rules, match))
    return outcome(rules, match, side)


class Family(NamedTuple):
    """What the search needs of a game family."""

    determinize: Callable[[dict[str, Any], random.Random], Match]
    """A whole state the seat's view cannot tell from the true one, dealt with the generator."""
    legal: Callable[[Match], tuple[Action, ...]]
    """The plays of the seat to act, in the order of the view's ``legal``."""
    playout: Callable[[Match, Action, int], float]
    """Play the action, then the round to its end; what it brought the side."""


LINE = Family(determinize_line, lambda m: m.round.legal if m.round else (), playout_line)
FAMILIES: dict[str, Family] = {v: LINE for v in VARIANTS}
"""The family of each variant the expert plays."""


def search(
    view: dict[str, Any], seed: str, playouts: int, should_stop: Callable[[], bool] | None = None
) -> dict[str, Any]:
    """The expert's play (record form, one of ``view["legal"]``): see the module's docstring.

    ``playouts`` bounds the work: the search runs rounds of one playout per legal play,
    each round on a fresh dealing of the unseen tiles (the same dealing for every play,
    so they are compared on equal luck), until ``playouts`` are spent or ``should_stop()``
    says to stop (asked before each round after the first). The generator is seeded by
    ``seed`` and the position, so the same view, seed and budget give the same play.
    """
    from .robots import position_key  # robots.py imports this module lazily

    legal = view["legal"]
    if not legal:
        raise ValueError("the robot has nothing to play: it is not its turn")
    if len(legal) == 1:
        return dict(legal[0])
    family = FAMILIES[view["variant"]]
    rules = get_ruleset(view["variant"])
    side = rules.side_of(view["seat"])
    rng = random.Random(f"expert/{seed}/{position_key(view)}")
    totals = [0.0] * len(legal)
    rounds = max(1, playouts // len(legal))
    for r in range(rounds):
        if r and should_stop is not None and should_stop():
            break
        state = family.determinize(view, rng)
        for i, action in enumerate(family.legal(state)):
            totals[i] += family.playout(state, action, side)
    best = max(range(len(legal)), key=lambda i: (totals[i], -i))
    return dict(legal[best])
