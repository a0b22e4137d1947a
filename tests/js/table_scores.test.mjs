// static/js/table/scores.mjs: the stock, the ends or the count (R41), the commitment, the scores.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  countInfo,
  renderBoardInfo,
  renderCommitment,
  renderPublicInfo,
  renderScores,
} from "../../static/js/table/scores.mjs";
import { playing, setUp, trainsPlaying } from "./table-fixture.mjs";

function atTable() {
  const setup = setUp();
  Object.assign(setup.state, playing(), { version: 2 });
  return setup;
}

const infos = (doc) => doc.getElementById("board-info").querySelectorAll(".info").map((n) => n.textContent);

test("the board's facts: the stock where the variant draws, and the open ends", () => {
  const { doc, state } = atTable();
  renderBoardInfo();
  assert.deepEqual(infos(doc), ["ends(ends=end_value(end=end_left,n=3), end_value(end=end_right,n=6))"]);
  state.flags.draws = true;
  renderBoardInfo();
  assert.equal(infos(doc)[0], "stock(tiles=tiles_other(count=10))");
});

test("R41: the count, the ends that make it, an empty arm and the spinner said", () => {
  atTable();
  const items = countInfo({
    count: 15,
    count_parts: [
      { end: "left", number: 5, counts: 5, why: "end" },
      { end: "right", number: 5, counts: 10, why: "spinner" },
      { end: "up", number: 0, counts: 0, why: "empty_arm" },
    ],
  });
  assert.deepEqual(items, [
    "count_sum(count=15,terms=count_part(end=end_left,n=5,counts=5) + count_part_double(end=end_right,n=5,counts=10))",
    "count_empty_arms(ends=end_up)",
    "count_spinner",
  ]);
});

test("the round's commitment from its start, its seed once shown (R12)", () => {
  const { doc, state } = atTable();
  renderCommitment();
  assert.equal(doc.getElementById("commitment").textContent, "commitment(value=abc)");
  state.table.rounds[0].seed = "s33d";
  renderCommitment();
  assert.equal(doc.getElementById("commitment").textContent, "commitment(value=abc)seed(value=s33d)");
});

test("the scores, the viewer's side marked, the target and the round's points where play scores", () => {
  const { doc, state } = atTable();
  state.view.scores = [30, 12];
  state.view.round.count = 5;
  state.view.round.points = [5, 0];
  renderScores();
  const rows = doc.getElementById("scores").querySelectorAll("tbody tr");
  assert.deepEqual(
    rows.map((row) => row.textContent),
    ["alice30+5", "bob12+0"],
  );
  assert.ok(rows[0].classList.contains("me"));
  assert.match(doc.getElementById("scores").querySelector(".target").textContent, /^target\(.*target=100/);
});

test("what everyone may know: a row per number, the viewer's own column only for a seat", () => {
  const { doc, state } = atTable();
  state.view.round.public = [{ number: 6, on_line: 1, in_hand: 1, unseen: 5, none: [1] }];
  renderPublicInfo();
  const row = doc.getElementById("public-info").querySelector('tr[data-number="6"]');
  assert.equal(row.children.length, 5);
  assert.equal(row.querySelector(".none").textContent, "bob");
  state.view.seat = null;
  renderPublicInfo();
  assert.equal(doc.getElementById("public-info").querySelector('tr[data-number="6"]').children.length, 4);
  assert.equal(doc.getElementById("public-info").querySelector("caption").textContent, "public_caption");
});

test("the double-twelve set's panel has thirteen numbers of thirteen tiles each (R70)", () => {
  const { doc, state } = atTable();
  state.view.round.public = Array.from({ length: 13 }, (_, number) => ({
    number,
    on_line: 1,
    in_hand: number === 12 ? 2 : 0,
    unseen: number === 12 ? 10 : 12,
    none: [],
  }));
  renderPublicInfo();
  const box = doc.getElementById("public-info");
  assert.equal(box.querySelectorAll("tbody tr").length, 13);
  assert.equal(box.querySelector('tr[data-number="12"]').children[0].textContent, "12");
  assert.equal(box.querySelector("caption").textContent, "public_caption_count(count=13)");
});

test("Train mexicain's panel (R78): thirteen numbers, the tiles laid counted on the table", () => {
  const setup = setUp();
  Object.assign(setup.state, trainsPlaying(), { version: 2 });
  const { doc, state } = setup;
  state.view.round.public = Array.from({ length: 13 }, (_, number) => ({
    number,
    on_line: number === 12 ? 3 : 0,
    in_hand: number === 12 ? 2 : 0,
    unseen: number === 12 ? 8 : 13,
    none: number === 4 ? [1, 3] : [],
  }));
  renderPublicInfo();
  const box = doc.getElementById("public-info");
  assert.deepEqual(
    box.querySelectorAll("thead th").map((th) => th.textContent),
    ["col_number", "col_on_trains", "col_in_hand", "col_unseen", "col_none"],
  );
  assert.equal(box.querySelectorAll("tbody tr").length, 13);
  assert.equal(box.querySelector('tr[data-number="4"] .none').textContent, "bob, dave");
  assert.equal(box.querySelector("caption").textContent, "public_caption_count(count=13)");
});
