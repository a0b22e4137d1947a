// static/js/table/journal.mjs: the journal's lines, rounds folded, the news said once.
import assert from "node:assert/strict";
import { test } from "node:test";

import { eventLines, logEvents, rebuildJournal } from "../../static/js/table/journal.mjs";
import { playing, setUp } from "./table-fixture.mjs";

function atTable() {
  const setup = setUp();
  Object.assign(setup.state, playing());
  return setup;
}

const items = (list) => list.children.map((li) => li.textContent);

test("each event has its line; a run of draws by one seat is one line; a play by the table is marked", () => {
  atTable();
  const lines = eventLines(
    [
      { type: "round_started", round: 1, opener: 1 },
      { type: "play", seat: 1, tile: "3-4" },
      { type: "play", seat: 0, tile: "4-6", end: "right", points: 10, forced: true },
      { type: "draw", seat: 0, tile: "1-2" },
      { type: "draw", seat: 0, tile: "2-2" },
      { type: "draw", seat: 1 },
      { type: "draw", seat: 1 },
      { type: "pass", seat: 1, ends: [3, 5, 6] },
      { type: "play", seat: 1, tile: "5-6", end: "left", auto: true },
      { type: "something_new" },
    ],
    [],
  );
  assert.deepEqual(lines, [
    "log_round_started(round=1,name=bob)",
    "log_play_first(name=bob,tile=3-4)",
    "log_play(name=alice,tile=4-6,end=end_right) log_points(points=10) log_forced",
    "log_draw_own(name=alice,tiles=1-2 et 2-2)",
    "log_draws(name=bob,count=2)",
    "log_pass(name=bob,numbers=nor(rest=3, 5,last=6))",
    { text: "log_play(name=bob,tile=5-6,end=end_left) log_auto", className: "auto" },
  ]);
});

test("a seat that left is named as it was", () => {
  const { state } = atTable();
  const before = state.table.players;
  state.table.players = [before[0], null];
  assert.deepEqual(eventLines([{ type: "left", seat: 1 }], before), ["log_left(name=bob)"]);
});

test("the news of a state goes to the log and #news; a new round folds the last one away", () => {
  const { doc } = atTable();
  logEvents([{ type: "play", seat: 0, tile: "4-6", end: "right" }], []);
  assert.deepEqual(items(doc.getElementById("log")), ["log_play(name=alice,tile=4-6,end=end_right)"]);
  logEvents(
    [
      { type: "round_over", round: 1, result: "domino", points: [12, 0] },
      { type: "round_started", round: 2, opener: 1 },
    ],
    [],
  );
  const folded = doc.getElementById("log-earlier").querySelector("details");
  assert.equal(folded.dataset.round, "1");
  assert.equal(folded.querySelector("summary").textContent, "log_round_title(round=1)");
  assert.equal(folded.querySelectorAll("li").length, 3);
  assert.deepEqual(items(doc.getElementById("log")), ["log_round_started(round=2,name=bob)"]);
  const news = doc.getElementById("news");
  assert.equal(news.hidden, false);
  assert.match(news.textContent, /log_round_over.* · log_round_points.* · log_round_started/);
});

test("the journal is rebuilt from the server's: earlier rounds folded, the last tile laid known", () => {
  const { doc, state } = atTable();
  rebuildJournal({
    seated: [{ type: "seated", seat: 0 }, { type: "seated", seat: 1 }],
    rounds: [
      { number: 1, events: [{ type: "round_over", round: 1, result: "blocked", points: [0, 5], difference: { pips: 5, scored: 5 } }] },
      { number: 2, events: [{ type: "play", seat: 0, tile: "2-5" }, { type: "play", seat: 1, tile: "5-5", end: "right" }] },
    ],
  });
  assert.equal(doc.getElementById("log-earlier").querySelectorAll("details").length, 1);
  assert.equal(doc.getElementById("log").children.length, 2);
  assert.equal(state.lastTile, "5-5");
  assert.equal(state.roundOvers[1].difference.pips, 5);
});
