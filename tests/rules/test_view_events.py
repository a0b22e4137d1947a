"""R6 over the event stream: what each seat is told as the table plays."""

from games.rules import PLAYING, apply, deal_round, new_match, view_events
from games.rules.tiles import parse_tile


def test_r6_drawn_tiles_are_told_only_to_the_seat_that_drew_them():
    """R6: "The number of tiles a seat drew is public; the tiles drawn are not, except the
    one it then plays." Every draw event reaches the other seats (and spectators) without
    its tile, and the drawer with it."""
    draws_seen = 0
    for g in range(40):
        match, events = deal_round(new_match("draw", 3), f"events/{g}")
        while True:
            for e in events:
                if e["type"] != "draw":
                    continue
                draws_seen += 1
                for seat in (0, 1, 2, None):
                    (seen,) = view_events([e], seat)
                    assert seen["seat"] == e["seat"]
                    if seat == e["seat"]:
                        assert parse_tile(seen["tile"]) in match.round.hands[seat] or match.status != PLAYING
                    else:
                        assert "tile" not in seen
            if match.status != PLAYING:
                break
            match, events = apply(match, match.round.legal[0])
    assert draws_seen > 50


def test_r6_plays_passes_and_round_ends_are_public():
    """R6: a pass is public, with the end numbers passed on; at the end of a round every
    hand is shown to everyone."""
    match, events = deal_round(new_match("block", 2), "events/public")
    seen_kinds = set()
    while match.status == PLAYING:
        match, events = apply(match, match.round.legal[0])
        for e in events:
            if e["type"] in ("play", "pass", "round_over"):
                seen_kinds.add(e["type"])
                assert view_events([e], None) == [e]
                assert view_events([e], 1 - match.round.turn) == [e]
    assert {"play", "round_over"} <= seen_kinds
