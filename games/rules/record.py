"""The game record (docs/rules.md §7): writing it, and replaying it through the engine."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from .deal import deal
from .errors import RuleError
from .match import Event, apply, new_match, start_round
from .state import DRAW, OVER, PASS, PLAY, PLAYING, Action, Match, action_record, winner_json
from .tiles import Tile, hand_pips, parse_tile, read_tile, tile_str
from .variants import get_ruleset

T = TypeVar("T")
M = TypeVar("M")
P = TypeVar("P", bound=tuple[int, ...])
"""A piece of a set: a domino's or a triomino's numbers."""


class ReplayError(ValueError):
    """A record refused: ``where`` is a path into the record (``rounds[1].actions[4]``)."""

    def __init__(self, where: str, reason: str, code: str = "bad_record") -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason
        self.code = code


def event_action(event: Event, wild: bool = False) -> dict[str, Any] | None:
    """The record form of an engine event that is an action (play, draw or pass), else None.

    ``open`` is written for a play on an end in a variant with wild blanks (R22)."""
    kind = event["type"]
    if kind not in (PLAY, DRAW, PASS):
        return None
    end = event.get("end")
    opened = event.get("open") if wild and kind == PLAY and end is not None else None
    return action_record(event["seat"], kind, event.get("tile"), end, opened)


RoundRow = tuple[Any, str | None, Sequence[Sequence[str]], Sequence[str]]
"""A round as the builder takes it: a key (any value naming it), its seed (None: left
out), its hands and its stock, tiles written as in the record."""


def match_record(
    variant: str,
    seats: int,
    target: int | None,
    rounds: Iterable[RoundRow],
    actions: Iterable[tuple[Any, dict[str, Any]]] = (),
) -> dict[str, Any]:
    """The game record (docs/record.md): the one builder of that form.

    ``rounds`` in the order played; ``actions``: (round key, action) pairs in the order
    played, each action written by ``action_record``. What goes in (which rounds, whether
    their seeds are shown) is the caller's to choose: the API gives the rounds that are
    over, a seat's journal the rounds dealt so far without their seeds."""
    by_round: dict[Any, list[dict[str, Any]]] = {}
    for key, action in actions:
        by_round.setdefault(key, []).append(action)
    out = []
    for key, seed, hands, stock in rounds:
        rnd: dict[str, Any] = {} if seed is None else {"seed": seed}
        rnd["hands"] = [list(hand) for hand in hands]
        rnd["stock"] = list(stock)
        rnd["actions"] = by_round.get(key, [])
        out.append(rnd)
    return {"variant": variant, "seats": seats, "target": target, "rounds": out}


def dealt_round(
    key: Any, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile], seed: str | None
) -> RoundRow:
    """A dealt round as ``match_record`` takes it, each hand written in order of its tiles."""
    return written_round(key, hands, stock, seed, tile_str)


def written_round(
    key: Any, hands: Sequence[Sequence[P]], stock: Sequence[P], seed: str | None, write: Callable[[P], str]
) -> RoundRow:
    """A dealt round as ``match_record`` takes it, for every family: each hand in order of
    its tiles, each tile written by ``write``."""
    return key, seed, [[write(t) for t in sorted(h)] for h in hands], [write(t) for t in stock]


def summary_of(match: Any, hand_value: Callable[[Any], int]) -> dict[str, Any]:
    """How the current (or last) round of ``match`` stands, in the replay's output form,
    for every family: ``hand_value`` gives ``pips_left``, what a hand left counts."""
    rnd = match.round
    assert rnd is not None
    return {
        "result": rnd.result or "unfinished",
        "winner": winner_json(rnd.winner),
        "points": list(rnd.points),
        "pips_left": [hand_value(h) for h in rnd.hands],
    }


def round_summary(match: Match) -> dict[str, Any]:
    """How the current (or last) round of ``match`` stands, in the replay's output form."""
    return summary_of(match, hand_pips)


def read_tiles(value: object, where: str, parse: Callable[[object], T]) -> tuple[T, ...]:
    """A record's list of tiles, each read by ``parse``; ReplayError at ``where`` if not."""
    if not isinstance(value, list):
        raise ReplayError(where, "expected a list of tiles")
    try:
        return tuple(parse(t) for t in value)
    except RuleError as e:
        raise ReplayError(where, e.message, e.code) from None


def read_header(
    record: object,
    get_ruleset: Callable[[object], Any],
    new_match: Callable[[str, int, int | None], M],
) -> M:
    """The match a record's header (variant, seats, target) starts, for every family.

    A record with a ``null`` target is the daily challenge's five rounds (R61), except
    where the target is the number of rounds (Train mexicain's, R71): it must be one."""
    if not isinstance(record, dict):
        raise ReplayError("record", "a record is a JSON object")
    try:
        rules = get_ruleset(record.get("variant"))
    except RuleError as e:
        raise ReplayError("variant", e.message, e.code) from None
    seats = record.get("seats")
    try:
        rules.check_seats(seats)
        target = record["target"] if "target" in record else rules.default_target
        if target is not None or rules.target_is_rounds:
            rules.check_target(target)
    except RuleError as e:
        raise ReplayError("seats" if e.code == "bad_seats" else "target", e.message, e.code) from None
    assert isinstance(seats, int)
    return new_match(rules.id, seats, target)


def _forced(events: list[Event]) -> deque[Action]:
    """The actions the table did on its own in ``events`` (R5), in order."""
    out: deque[Action] = deque()
    for e in events:
        if e["type"] == PASS:
            out.append(Action(PASS, e["seat"]))
        elif e["type"] in (PLAY, DRAW) and e.get("forced"):
            out.append(Action(e["type"], e["seat"], read_tile(e["tile"])))
    return out


def stands_for_forced(
    written: Any,
    forced: Any,
    where: str,
    write: Callable[[Any], str],
    stock: str = "stock",
    play: Callable[[Any, Any, str], bool] | None = None,
) -> bool:
    """Whether a written action is the table's pending forced action (docs/record.md §7),
    for every family: the same seat and kind; a draw must draw the next tile of the
    ``stock`` (ReplayError, each tile written by ``write``); a forced play (an opening) is
    that very tile, or as the family's ``play`` says."""
    if written.seat != forced.seat or written.kind != forced.kind:
        return False
    if written.kind == PLAY:
        return written.tile == forced.tile if play is None else play(written, forced, where)
    if written.kind == DRAW and written.tile != forced.tile:
        assert forced.tile is not None and written.tile is not None
        raise ReplayError(
            where,
            f"seat {written.seat} draws {write(forced.tile)}, the next tile of the {stock}, "
            f"not {write(written.tile)}",
            "not_next_stock_tile",
        )
    return True


def replay_written(
    match: Any,
    actions: object,
    where: str,
    index: int,
    pending: deque[Any],
    *,
    read: Callable[[object], Any],
    act: Callable[[Any, Any], tuple[Any, list[Event]]],
    forced: Callable[[list[Event]], deque[Any]],
    stands_for: Callable[[Any, Any, str], bool],
    on_state: Callable[[Any], None] | None = None,
    on_events: Callable[[int, list[Event], dict[str, Any] | None], None] | None = None,
) -> Any:
    """Replay the written actions of round ``index`` of a record (docs/record.md §7), for
    every game family: ``read`` reads an action, ``act`` applies it, ``forced`` lists the
    actions the table did on its own in some events (R5), ``stands_for`` says whether a
    written action is the pending forced one. ``pending``: the forced actions of the deal.
    A written forced action is checked and stands for the table's; one left out is done by
    the replay; nothing may follow the end of a round or of the match. Returns the state
    after the last written action (and the forced actions after it)."""
    if not isinstance(actions, list):
        raise ReplayError(f"{where}.actions", "expected a list of actions")
    for ai, data in enumerate(actions):
        at = f"{where}.actions[{ai}]"
        try:
            action = read(data)
        except RuleError as e:
            raise ReplayError(at, e.message, e.code) from None
        if action.seat >= match.seats:
            raise ReplayError(at, f"there is no seat {action.seat} at {match.seats} seats", "bad_seat")
        stood = False
        while pending:
            if stands_for(action, pending.popleft(), at):
                stood = True
                break
        if stood:
            continue
        if match.status != PLAYING:
            if match.status == OVER:
                raise ReplayError(at, "the match is over: nothing may follow its end", "match_over")
            raise ReplayError(at, "the round is over: nothing may follow its end", "round_over")
        try:
            match, events = act(match, action)
        except RuleError as e:
            raise ReplayError(at, e.message, e.code) from None
        if on_state:
            on_state(match)
        if on_events:
            on_events(index, events, data)
        pending = forced(events)
    return match


def journal_of(
    replay_match: Callable[..., Any],
    record: object,
) -> list[list[Event]]:
    """Every round's events of a record, in order, as live play sent them, through a
    family's ``replay_match``; a play the record marks ``auto`` (the table played it when
    the clock ran out, R52) is marked so in its event."""
    rounds: list[list[Event]] = []

    def collect(index: int, events: list[Event], action: dict[str, Any] | None) -> None:
        while len(rounds) <= index:
            rounds.append([])
        if action is not None and action.get("auto"):
            for event in events:
                if event["type"] == PLAY and event["seat"] == action["seat"]:
                    event["auto"] = True
                    break
        rounds[index].extend(events)

    replay_match(record, on_events=collect)
    return rounds


def replay(record: object) -> dict[str, Any]:
    """Replay a record; return each round's outcome, the scores and the winner.

    Raise ReplayError at the first thing the rules refuse.
    """
    return replay_result(*replay_match(record))


class RecordForm(NamedTuple):
    """What replaying a record needs of a game family (``replay_rounds``)."""

    get_ruleset: Callable[[object], Any]
    new_match: Callable[[str, int, int | None], Any]
    read_tile: Callable[[object, Any], Any]
    """Read a tile of a record, given the variant's ruleset."""
    read_action: Callable[[object, Any], Any]
    """Read an action of a record, given the variant's ruleset."""
    start_round: Callable[[Any, Any, Any], tuple[Any, list[Event]]]
    deal: Callable[[str, Any, int, int], Any]
    """The deal of a seed: (seed, ruleset, seats, round number) -> its hands and stock."""
    apply: Callable[[Any, Any], tuple[Any, list[Event]]]
    forced: Callable[[list[Event]], deque[Any]]
    stands_for: Callable[[Any, Any, str], bool]
    hand_value: Callable[[Any], int]
    """What a hand left counts, in a round's summary (``pips_left``)."""


def replay_rounds(
    form: RecordForm,
    record: object,
    on_state: Callable[[Any], None] | None = None,
    on_events: Callable[[int, list[Event], dict[str, Any] | None], None] | None = None,
) -> tuple[Any, list[dict[str, Any]]]:
    """Replay a record through the family ``form`` describes (docs/record.md): its header,
    then each round's deal (checked against its seed if it has one, R12) and written
    actions; return the match state it ends in and each round's outcome. ``on_state`` and
    ``on_events`` as in ``replay_match``."""
    match = read_header(record, form.get_ruleset, form.new_match)
    assert isinstance(record, dict)
    rounds = record.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise ReplayError("rounds", "a record has a non-empty list of rounds")
    rules = form.get_ruleset(match.variant)

    def tile(value: object) -> Any:
        return form.read_tile(value, rules)

    summaries = []
    for ri, rd in enumerate(rounds):
        where = f"rounds[{ri}]"
        if match.status == OVER:
            raise ReplayError(where, "the match is already over: nothing may follow its end", "match_over")
        if match.status == PLAYING:
            raise ReplayError(
                where, f"rounds[{ri - 1}] is unfinished: only the last round may be", "unfinished"
            )
        if not isinstance(rd, dict):
            raise ReplayError(where, "a round is a JSON object")
        hands_data = rd.get("hands")
        if not isinstance(hands_data, list):
            raise ReplayError(f"{where}.hands", "expected a list of hands")
        hands = tuple(read_tiles(h, f"{where}.hands[{s}]", tile) for s, h in enumerate(hands_data))
        stock = read_tiles(rd.get("stock", []), f"{where}.stock", tile)
        try:
            match, events = form.start_round(match, hands, stock)  # checks the deal itself first
        except RuleError as e:
            raise ReplayError(where, e.message, e.code) from None
        if "seed" in rd:
            seed = rd["seed"]
            if not isinstance(seed, str) or not seed:
                raise ReplayError(f"{where}.seed", "a seed is a non-empty string")
            dealt = form.deal(seed, rules, match.seats, ri + 1)
            if tuple(tuple(sorted(h)) for h in hands) != dealt.hands or stock != dealt.stock:
                raise ReplayError(
                    f"{where}.seed", "the seed does not deal these hands and stock (R12)", "seed_mismatch"
                )
        if on_state:
            on_state(match)
        if on_events:
            on_events(ri, events, None)
        match = replay_written(
            match,
            rd.get("actions", []),
            where,
            ri,
            form.forced(events),
            read=lambda data: form.read_action(data, rules),
            act=form.apply,
            forced=form.forced,
            stands_for=form.stands_for,
            on_state=on_state,
            on_events=on_events,
        )
        summaries.append(summary_of(match, form.hand_value))
    return match, summaries


def replay_result(match: Any, summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """What ``replay`` returns, for every family: each round's outcome, the scores and the winner."""
    return {"rounds": summaries, "scores": list(match.scores), "winner": winner_json(match.winner)}


RECORD_FORM = RecordForm(
    get_ruleset=get_ruleset,
    new_match=new_match,
    read_tile=lambda value, rules: parse_tile(value, rules.top),
    read_action=lambda data, rules: Action.from_dict(data, rules.top),
    start_round=start_round,
    deal=lambda seed, rules, seats, number: deal(seed, rules, seats),
    apply=apply,
    forced=_forced,
    stands_for=lambda written, forced, where: stands_for_forced(written, forced, where, tile_str),
    hand_value=hand_pips,
)
"""The line games' record."""


def replay_match(
    record: object,
    on_state: Callable[[Match], None] | None = None,
    on_events: Callable[[int, list[Event], dict[str, Any] | None], None] | None = None,
) -> tuple[Match, list[dict[str, Any]]]:
    """Replay a record; return the match state it ends in and each round's outcome.

    ``on_state`` is called with the state after each round's deal and after each
    player's action, the same states as live play went through. ``on_events`` is
    called with the round's index and the events of its deal (action ``None``),
    then of each player's action (with the action as written), as live play sent them.
    """
    return replay_rounds(RECORD_FORM, record, on_state, on_events)


def journal(record: object) -> list[list[Event]]:
    """Every round's events, in order, as live play sent them: its deal, each action and
    the forced actions that followed, its end. A play the record marks ``auto`` (the
    table played it when the clock ran out, R52) is marked so in its event.

    These are the events with every tile drawn in them: show a seat only its own
    (``view_events``, R6).
    """
    return journal_of(replay_match, record)
