"""What one seat may know of a match (R6): the only way a state leaves the server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .knowledge import public_info
from .line import count, count_parts, lone_double
from .match import legal_actions
from .state import PLAYING, Match, line_to_json, winner_json
from .tiles import hand_pips, tile_str
from .variants import get_ruleset


def view_head(match: Any, seat: int | None, rules: Any) -> dict[str, Any]:
    """What every family's view of a match says before its round (R6): the match's
    variant, seats, target, status, scores and winner, the seat it is for and its side;
    its hand, legal plays and round are left for the family to fill. ValueError for a
    seat that is not at the table (``None``: a spectator)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < match.seats):
        raise ValueError(f"no seat {seat!r} at this table")
    return {
        "variant": match.variant,
        "seats": match.seats,
        "target": match.target,
        "status": match.status,
        "scores": list(match.scores),
        "winner": winner_json(match.winner),
        "seat": seat,
        "side": None if seat is None else rules.side_of(seat),
        "hand": None,
        "legal": [],
        "round": None,
    }


def view(match: Match, seat: int | None, shown: list[list[int]] | None = None) -> dict[str, Any]:
    """The match as ``seat`` sees it; ``None`` for a spectator.

    A seat sees its own hand, the line, every seat's number of tiles, the size of
    the stock, the scores, whose turn it is, the public record of passes and
    draws, and its legal plays on its turn. It never sees another hand, the
    stock's tiles or the tiles set aside, except that every hand is shown once
    the round is over.

    The round's public-information panel comes with it (``round["public"]``,
    knowledge.public_info): ``shown`` is, for each seat, the numbers the round has
    shown it holds none of (``knowledge.advance``'s ``none``, kept on the game);
    None: nothing shown yet.
    """
    rules = get_ruleset(match.variant)
    out = view_head(match, seat, rules)
    rnd = match.round
    if rnd is None:
        return out
    over = bool(rnd.result)
    public: dict[str, Any] = {
        "number": rnd.number,
        "opener": rnd.opener,
        "turn": None if over else rnd.turn,
        "line": None if rnd.line is None else line_to_json(rnd.line),
        "count": count(rnd.line) if rules.play_points and rnd.line is not None else None,
        # R41: what each open end adds to the count, and why (line.count_parts).
        "count_parts": count_parts(rnd.line) if rules.play_points and rnd.line is not None else None,
        # The opening double alone: its two sides are alike, so the end a tile goes on
        # is no choice (R3).
        "ends_alike": rnd.line is not None and lone_double(rnd.line),
        "hand_sizes": [len(h) for h in rnd.hands],
        "stock_size": len(rnd.stock) if rules.draws else 0,
        "drawn": rnd.drawn,
        "draws": list(rnd.draws),
        "passes": [list(p) for p in rnd.passes],
        "points": list(rnd.points),
        "result": rnd.result or None,
        "winner": winner_json(rnd.winner),
        "hands": None,
        "pips_left": None,
    }
    if over:  # R6: at the end of a round every hand is shown to everyone
        public["hands"] = [[tile_str(t) for t in h] for h in rnd.hands]
        public["pips_left"] = [hand_pips(h) for h in rnd.hands]
    none = [set(numbers) for numbers in shown] if shown else [set() for _ in range(match.seats)]
    public["public"] = public_info(match, seat, none)
    out["round"] = public
    if seat is not None:
        out["hand"] = [tile_str(t) for t in rnd.hands[seat]]
        if match.status == PLAYING and rnd.turn == seat:
            out["legal"] = [a.to_dict(with_open=True) for a in legal_actions(match)]
    return out


def frame_of(match: Any, write_tile: Callable[[Any], str], board: dict[str, Any]) -> dict[str, Any]:
    """One state of a finished match for the replay page, for every family: the round's
    number, the family's ``board``, every hand (each tile by ``write_tile``), the stock's
    size, the scores and whose turn it is. Every hand is shown: once the match is over,
    every hand has been shown to everyone (R6)."""
    rnd = match.round
    assert rnd is not None
    return {
        "round": rnd.number,
        **board,
        "hands": [[write_tile(t) for t in hand] for hand in rnd.hands],
        "stock_size": len(rnd.stock),
        "scores": list(match.scores),
        "turn": None if rnd.result else rnd.turn,
    }


def view_event(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """An event as ``seat`` may see it (R6): a drawn tile is shown only to the seat that drew it."""
    if event["type"] == "draw" and event["seat"] != seat:
        return {k: v for k, v in event.items() if k != "tile"}
    return event


def view_events(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    return [view_event(e, seat) for e in events]
