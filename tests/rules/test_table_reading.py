"""What the engine tells a table page to read: the count explained (R41), the open
number said where the player chose it (R22), no end named beside a lone opening
double (R3), the end-of-round difference and its rounding (R34), and the journal
rebuilt from a record."""

from __future__ import annotations

from games.rules import apply, deal_round, new_match, table_play, view
from games.rules.line import count, count_parts, lone_double, open_line, place
from games.rules.record import dealt_round, journal, match_record
from tests.rules.helpers import t

SEEDS = [f"reading-{i}" for i in range(30)]


def test_r41_the_count_explained_adds_up_to_the_count_in_every_state_of_many_rounds():
    """R41: each open end's part, summed, is the count: in all_fives and fives_threes,
    over every state of thirty rounds each."""
    for variant in ("all_fives", "fives_threes"):
        for seed in SEEDS:
            match, _ = deal_round(new_match(variant, 2), seed)
            while match.status == "playing":
                line = match.round.line
                if line is not None:
                    parts = count_parts(line)
                    assert sum(p["counts"] for p in parts) == count(line), (variant, seed, line)
                    assert [p["end"] for p in parts] == [name for name, _ in line.ends]
                match, _ = apply(match, table_play(match))


def test_r41_an_arm_of_the_spinner_with_no_tile_counts_nothing_and_says_why():
    """R41: "an arm of the spinner that carries no tile yet counts nothing"; the spinner
    counts nothing once both its long sides carry a tile."""
    line = open_line(t("5-5"), True)
    line = place(line, "left", 5, 2, True)
    line = place(line, "right", 5, 6, True)
    parts = {p["end"]: p for p in count_parts(line)}
    assert parts["up"] == {"end": "up", "number": 5, "counts": 0, "why": "empty_arm"}
    assert parts["down"]["counts"] == 0 and parts["down"]["why"] == "empty_arm"
    assert (parts["left"]["counts"], parts["right"]["counts"]) == (2, 6)
    assert count(line) == 8


def test_r41_a_lone_opening_double_counts_both_halves_once():
    """R41: "5-5 alone counts 10"; its other side counts nothing more."""
    parts = count_parts(open_line(t("5-5"), True))
    assert [(p["end"], p["counts"], p["why"]) for p in parts] == [
        ("left", 10, "lone_double"),
        ("right", 0, "same_double"),
    ]


def test_r41_the_spinner_with_one_long_side_covered_counts_both_halves():
    line = place(open_line(t("4-4"), True), "left", 4, 1, True)
    parts = {p["end"]: p for p in count_parts(line)}
    assert parts["right"]["counts"] == 8 and parts["right"]["why"] == "spinner"
    assert parts["left"]["counts"] == 1


def test_the_view_says_the_count_parts_and_when_the_ends_are_alike():
    """R3: beside a lone opening double its two sides are alike; the view says so."""
    match, _ = deal_round(new_match("all_fives", 2), "reading-0")
    seen = view(match, 0)["round"]
    line = match.round.line
    assert seen["ends_alike"] == (line is not None and line.center[0] == line.center[1] and not line.left)
    if line is None:
        assert seen["count_parts"] is None
    else:
        assert sum(p["counts"] for p in seen["count_parts"]) == seen["count"]
    assert view(deal_round(new_match("draw", 2), "reading-0")[0], 0)["round"]["count_parts"] is None


def plays_of(variant: str, seeds: list[str]) -> list[dict]:
    out = []
    for seed in seeds:
        match, events = deal_round(new_match(variant, 4 if variant == "family" else 2), seed)
        out += [e for e in events if e["type"] == "play"]
        while match.status == "playing":
            before = match
            action = table_play(match)
            match, events = apply(match, action)
            for event in events:
                if event["type"] == "play":
                    event["_before"] = (
                        before if event["seat"] == action.seat and not event["forced"] else None
                    )
                    out.append(event)
    return out


def test_r22_the_open_number_is_said_only_where_the_player_chose_it():
    """R22: "When a tile could attach by either half, the player chooses which number stays
    open": the play event says it was chosen then, and only then."""
    chosen = 0
    for event in plays_of("family", SEEDS):
        before = event.pop("_before", None)
        if before is None or event["end"] is None:
            assert "open_chosen" not in event or event["end"] is not None
            continue
        opens = {
            a.open
            for a in before.round.legal
            if a.tile is not None and "-".join(map(str, a.tile)) == event["tile"] and a.end == event["end"]
        }
        assert event.get("open_chosen", False) == (len(opens) > 1), event
        chosen += len(opens) > 1
    assert chosen > 0, "no play with a choice of the open number in thirty rounds"


def test_r3_a_tile_laid_beside_a_lone_opening_double_names_no_end():
    """R3: both sides of a lone opening double are alike; the event says the end made no difference."""
    beside = 0
    for event in plays_of("draw", SEEDS):
        before = event.pop("_before", None)
        if before is not None and event["end"] is not None:
            assert event.get("either_end", False) == lone_double(before.round.line), event
            beside += lone_double(before.round.line)
    assert beside > 0, "no tile laid beside a lone opening double in thirty rounds"
    for event in plays_of("classic", SEEDS[:5]):
        event.pop("_before", None)
        assert set(event) <= {"type", "seat", "tile", "end", "open", "points", "forced", "either_end"}


def test_r34_the_round_over_event_says_the_difference_and_what_it_scored_rounded():
    """R34: "the difference of the two hands, as R33, rounded to the nearest multiple of 5
    (1–2 round down, 3–4 up), goes to the lighter hand". Over thirty rounds, whose
    differences leave every remainder by 5, each one rounded as the rule says."""
    remainders = set()
    for seed in SEEDS:
        match, _ = deal_round(new_match("all_fives", 2), seed)
        events: list[dict] = []
        while match.status == "playing":
            match, new = apply(match, table_play(match))
            events += new
        over = next(e for e in events if e["type"] == "round_over")
        pips = over["pips_left"]
        if over["result"] == "unfinished" or pips[0] == pips[1]:
            # the match ended during the round, or equal hands: nothing to round
            assert "difference" not in over, seed
            continue
        d = abs(pips[0] - pips[1])
        assert over["difference"] == {"pips": d, "scored": 5 * ((d + 2) // 5)}, seed
        remainders.add(d % 5)
    assert remainders == {0, 1, 2, 3, 4}, "the seeds do not round every way"


def test_the_journal_of_a_record_is_the_events_of_live_play():
    """The journal rebuilt from a record (deal plus actions) is, event for event, what
    live play sent, the table's plays marked."""
    from games.rules.deal import deal
    from games.rules.record import event_action
    from games.rules.variants import get_ruleset

    match, live = deal_round(new_match("draw", 2), "reading-3")
    dealt = deal("reading-3", get_ruleset("draw"), 2)
    actions = [a for a in (event_action(e) for e in live) if a]
    first = True
    while match.status == "playing":
        match, events = apply(match, table_play(match))
        if first:
            events[0]["auto"] = True
        live += events
        written = [a for a in (event_action(e) for e in events) if a]
        if first:
            written[0]["auto"] = True
            first = False
        actions += written
    record = match_record(
        "draw",
        2,
        get_ruleset("draw").default_target,
        [dealt_round(1, dealt.hands, dealt.stock, None)],
        [(1, a) for a in actions],
    )
    assert journal(record) == [live]
