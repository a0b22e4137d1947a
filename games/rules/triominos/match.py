"""A Triominos match: opening, turns, draws and passes, round ends and the target (R83-R86).

``apply(match, action)`` takes a player's play and returns the new match and the
events it caused, the table's forced draws and passes (R5, R84) included: every
state it returns is over or waiting for a seat that holds a tile that fits.
"""

from __future__ import annotations

from typing import Any

from ..common import check_can_start, check_turn, new_target
from ..errors import RuleError
from ..variants import DAILY_ROUNDS
from .board import BONUS_POINTS, TRIPLE, Layout, Placed, corners, layout, remember
from .deal import check_deal, deal
from .state import (
    DRAW,
    OVER,
    PASS,
    PLAY,
    PLAYING,
    ROUND_OVER,
    Action,
    Match,
    Round,
    Winner,
    winner_json,
)
from .tiles import Tri, hand_value, is_triple, tri_str, turned, value
from .variants import Ruleset, get_ruleset

Event = dict[str, Any]


def new_match(variant: str, seats: int, target: int | str | None = "default") -> Match:
    """A match waiting for its first deal; ``target=None``: the daily challenge's five
    rounds, with no target and no winner."""
    rules = get_ruleset(variant)
    return Match(variant, seats, new_target(rules, seats, target), (0,) * seats)


def plays(rnd: Round) -> tuple[Action, ...]:
    """Every play open to the seat to act: each tile of its hand in the order shown,
    each cell where it fits in order of ``y`` then ``x``, each turn from the smallest
    (one for a triple, R88). The first is what the clock plays (R87)."""
    seat = rnd.turn
    return tuple(
        Action(PLAY, seat, tile, cell, k) for tile, cell, k in layout(rnd.board).plays(rnd.hands[seat])
    )


def legal_actions(match: Match) -> list[Action]:
    """The plays open to the seat whose turn it is (none when no round is in play)."""
    if match.status != PLAYING or match.round is None:
        return []
    return list(match.round.legal)


def table_play(match: Match) -> Action:
    """What the table plays for a seat whose clock ran out (R87): the first tile of its
    hand that fits, on the first free cell where it fits in order of ``y`` then ``x``,
    with its smallest legal turn. Draws and passes need no choosing: the engine did them."""
    if match.status != PLAYING or match.round is None:
        raise RuleError("no_round", "no round is in play")
    return match.round.legal[0]


def start_round(
    match: Match, hands: tuple[tuple[Tri, ...], ...], stock: tuple[Tri, ...]
) -> tuple[Match, list[Event]]:
    """Deal the next round with these hands and pool, and lay the forced opening (R83).

    The deal is refused (RuleError ``bad_deal``) unless it is the 56 distinct tiles
    in hands of the size R81 gives."""
    check_can_start(match)
    rules = get_ruleset(match.variant)
    hands = tuple(tuple(sorted(h)) for h in hands)
    stock = tuple(stock)
    check_deal(rules, match.seats, hands, stock)
    return _start(rules, match, hands, stock)


def deal_round(match: Match, seed: str) -> tuple[Match, list[Event]]:
    """Start the next round with the deal of ``seed`` (R81, R12)."""
    check_can_start(match)
    rules = get_ruleset(match.variant)
    dealt = deal(seed, rules, match.seats)
    return _start(rules, match, dealt.hands, dealt.stock)


def opening(hands: tuple[tuple[Tri, ...], ...]) -> tuple[int, Tri]:
    """The seat that opens and the tile it lays (R83): the highest triple, or else the
    heaviest tile (the later in written order between equal values)."""
    held = [t for h in hands for t in h]
    triples = [t for t in held if is_triple(t)]
    tile = max(triples) if triples else max(held, key=lambda t: (value(t), t))
    return next(s for s, h in enumerate(hands) if tile in h), tile


def _start(
    rules: Ruleset, match: Match, hands: tuple[tuple[Tri, ...], ...], stock: tuple[Tri, ...]
) -> tuple[Match, list[Event]]:
    previous = match.round
    number = previous.number + 1 if previous else 1
    seats = match.seats
    opener, tile = opening(hands)
    rnd = Round(
        number=number,
        hands=hands,
        stock=stock,
        board=(),
        turn=opener,
        opener=opener,
        drawn=0,
        draws=(0,) * seats,
        passes=(0,) * seats,
        points=(0,) * seats,
    )
    match = Match(match.variant, seats, match.target, match.scores, rnd, PLAYING, None)
    events: list[Event] = [
        {
            "type": "round_started",
            "round": number,
            "opener": opener,
            "hand_sizes": [len(h) for h in hands],
            "stock_size": len(stock),
        }
    ]
    match = _lay(rules, match, Action(PLAY, opener, tile, (0, 0), 0), True, events)
    return match, events


def apply(match: Match, action: Action) -> tuple[Match, list[Event]]:
    """Apply a player's play; raise RuleError (nothing changes) if it is illegal."""
    rnd = match.round
    if rnd is None or match.status != PLAYING or action not in rnd.legal:
        action = _check(match, action)
    events: list[Event] = []
    return _lay(get_ruleset(match.variant), match, action, False, events), events


def _check(match: Match, action: Action) -> Action:
    """The complete legal play ``action`` stands for, or a RuleError saying why there is none."""
    rnd: Round = check_turn(match, action, "lay it (R84)")
    tile = action.tile
    assert tile is not None
    if tile not in rnd.hands[action.seat]:
        raise RuleError("tile_not_in_hand", f"seat {action.seat} does not hold {tri_str(tile)}")
    lay = layout(rnd.board)
    turn = action.turn
    if turn is not None and is_triple(tile):
        turn = 0  # a triple's three turns are alike (R88)
    if action.at is not None:
        _check_cell(lay, tile, action.at, turn)
    found = [
        (cell, k)
        for cell, k in lay.placements(tile)
        if (action.at is None or cell == action.at) and (turn is None or k == turn)
    ]
    if not found:
        if action.at is not None:
            x, y = action.at
            raise RuleError(
                "corner_mismatch",
                f"{tri_str(tile)} fits cell ({x}, {y}) with no turn: a corner differs (R82)",
            )
        if turn is not None and lay.placements(tile):
            raise RuleError("corner_mismatch", f"{tri_str(tile)} fits nowhere with turn {turn} (R82)")
        raise RuleError("fits_nowhere", f"{tri_str(tile)} fits nowhere on the board (R82)")
    if len(found) > 1:
        raise RuleError(
            "placement_needed",
            f"{tri_str(tile)} fits {len(found)} ways: the play must say where (at) and how (turn) (R88)",
        )
    (cell, k) = found[0]
    return Action(PLAY, action.seat, tile, cell, k)


def _check_cell(lay: Layout, tile: Tri, at: tuple[int, int], turn: int | None) -> None:
    """Say why ``tile`` may not lie on ``at`` (with ``turn``), if it may not (R82)."""
    x, y = at
    if at in lay.cells:
        raise RuleError("cell_taken", f"cell ({x}, {y}) already holds {tri_str(lay.cells[at].tile)}")
    if at not in lay.needs_of:
        raise RuleError("not_touching", f"cell ({x}, {y}) shares no edge with a laid tile (R82)")
    if turn is None:
        return
    need = lay.needs(at)
    shown = turned(tile, turn)
    for point, n, s in zip(corners(x, y), need, shown, strict=True):
        if n is not None and n != s:
            raise RuleError(
                "corner_mismatch",
                f"{tri_str(tile)} with turn {turn} puts {s} on corner {list(point)}, "
                f"where the board shows {n} (R82)",
            )


def _lay(rules: Ruleset, match: Match, play: Action, forced: bool, events: list[Event]) -> Match:
    """Lay a tile, score it, and go on to the next seat that holds a tile that fits, or end the round."""
    rnd = match.round
    assert rnd is not None and play.tile is not None and play.at is not None and play.turn is not None
    seat, tile, (x, y), turn = play.seat, play.tile, play.at, play.turn
    before = layout(rnd.board)
    placed = Placed(x, y, tile, turn)
    board = rnd.board + (placed,)
    remember(board, before.with_tile(placed))
    if rnd.board:
        bonus = before.bonus((x, y))
        extra = BONUS_POINTS[bonus] if bonus else 0
    elif is_triple(tile):  # the opening (R83)
        bonus = TRIPLE
        extra = rules.zero_triple_points if tile == (0, 0, 0) else rules.triple_points
    else:
        bonus, extra = None, 0
    gained = value(tile) + extra
    hand = list(rnd.hands[seat])
    hand.remove(tile)
    hands = rnd.hands[:seat] + (tuple(hand),) + rnd.hands[seat + 1 :]
    points = _add(rnd.points, seat, gained)
    scores = _add(match.scores, seat, gained)
    events.append(
        {
            "type": PLAY,
            "seat": seat,
            "tile": tri_str(tile),
            "at": [x, y],
            "turn": turn,
            "points": gained,
            "bonus": bonus,
            "bonus_points": extra,
            "forced": forced,
        }
    )
    rnd = rnd._replace(hands=hands, board=board, points=points, last=seat, drawn=0, legal=())
    match = match._replace(round=rnd, scores=scores)
    if not hand:
        return _end_round(rules, match, "domino", events)
    return _next_turn(rules, match, (seat + 1) % match.seats, events)


def _add(values: tuple[int, ...], seat: int, n: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] + n,) + values[seat + 1 :]


def _next_turn(rules: Ruleset, match: Match, seat: int, events: list[Event]) -> Match:
    """Give the turn to ``seat``; play the table's forced draws and passes (R84) until a
    seat holds a tile that fits, or end the round blocked (R85)."""
    rnd = match.round
    assert rnd is not None
    lay = layout(rnd.board)
    hands, stock, draws, passes, points, scores = (
        rnd.hands,
        rnd.stock,
        rnd.draws,
        rnd.passes,
        rnd.points,
        match.scores,
    )
    drawn = 0
    while True:
        rnd = rnd._replace(
            hands=hands, stock=stock, turn=seat, drawn=drawn, draws=draws, passes=passes, points=points
        )
        match = match._replace(round=rnd, scores=scores)
        if lay.any_fit(hands[seat]):
            return match._replace(round=rnd._replace(legal=plays(rnd)))
        if not stock and not any(lay.any_fit(h) for h in hands):
            return _end_round(rules, match, "blocked", events)  # R85: its passes are not played out
        if stock and drawn < rules.draw_limit:
            tile = stock[0]
            stock = stock[1:]
            hands = hands[:seat] + (tuple(sorted(hands[seat] + (tile,))),) + hands[seat + 1 :]
            draws = _add(draws, seat, 1)
            points = _add(points, seat, rules.draw_points)
            scores = _add(scores, seat, rules.draw_points)
            drawn += 1
            events.append(
                {
                    "type": DRAW,
                    "seat": seat,
                    "tile": tri_str(tile),
                    "points": rules.draw_points,
                    "forced": True,
                }
            )
            continue
        passes = _add(passes, seat, 1)
        points = _add(points, seat, rules.pass_points)
        scores = _add(scores, seat, rules.pass_points)
        events.append({"type": PASS, "seat": seat, "points": rules.pass_points, "forced": True})
        seat = (seat + 1) % match.seats
        drawn = 0


def round_end(
    hands: tuple[tuple[Tri, ...], ...], result: str, last: int, rules: Ruleset
) -> tuple[Winner, list[int]]:
    """The round's winner and what each seat scores at its end (R85)."""
    values = [hand_value(h) for h in hands]
    awarded = [0] * len(hands)
    if result == "domino":
        awarded[last] = rules.domino_points + sum(values)
        return last, awarded
    low = min(values)
    lightest = [s for s, v in enumerate(values) if v == low]
    if len(lightest) > 1:
        return None, awarded  # tied lightest hands score nothing
    awarded[lightest[0]] = sum(values) - 2 * low
    return lightest[0], awarded


def match_winner(scores: tuple[int, ...], target: int) -> Winner:
    """The seat with the highest total once some seat has reached the target (R86);
    several when they share it; None while nobody has reached it."""
    if max(scores) < target:
        return None
    high = max(scores)
    best = tuple(s for s, v in enumerate(scores) if v == high)
    return best[0] if len(best) == 1 else best


def _end_round(rules: Ruleset, match: Match, result: str, events: list[Event]) -> Match:
    rnd = match.round
    assert rnd is not None
    winner, awarded = round_end(rnd.hands, result, rnd.last, rules)
    scores = tuple(a + b for a, b in zip(match.scores, awarded, strict=True))
    rnd = rnd._replace(
        points=tuple(a + b for a, b in zip(rnd.points, awarded, strict=True)),
        result=result,
        winner=winner,
        legal=(),
        drawn=0,
    )
    events.append(
        {
            "type": "round_over",
            "round": rnd.number,
            "result": result,
            "winner": winner_json(winner),
            "points": list(rnd.points),
            "awarded": awarded,
            "pips_left": [hand_value(h) for h in rnd.hands],
            "hands": [[tri_str(t) for t in h] for h in rnd.hands],
        }
    )
    if match.target is None:  # the daily challenge's five rounds: scores, no winner
        won: Winner = None
        status = OVER if rnd.number >= DAILY_ROUNDS else ROUND_OVER
    else:
        won = match_winner(scores, match.target)
        status = OVER if won is not None else ROUND_OVER
    if status == OVER:
        events.append({"type": "match_over", "winner": winner_json(won), "scores": list(scores)})
    return match._replace(round=rnd, scores=scores, status=status, winner=won)
