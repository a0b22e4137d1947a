// static/js/table/board.mjs: the line on the board, the last tile, the ends to choose from.
import assert from "node:assert/strict";
import { test } from "node:test";

import { choiceEnds, renderBoard } from "../../static/js/table/board.mjs";
import { playing, setUp } from "./table-fixture.mjs";

function atTable(options) {
  const setup = setUp();
  Object.assign(setup.state, playing(options), { version: 4 });
  setup.doc.getElementById("board").clientWidth = 500;
  return setup;
}

test("the board draws the line's tiles, outlines the last one and names them all", () => {
  const { doc, state } = atTable();
  state.lastTile = "4-6";
  renderBoard();
  const image = doc.getElementById("board").querySelector("svg");
  assert.deepEqual(
    image.querySelectorAll("g.domino").map((tile) => tile.getAttribute("data-line-tile")),
    ["3-4", "4-6"],
  );
  assert.equal(image.querySelector("g.last").getAttribute("data-line-tile"), "4-6");
  assert.equal(image.getAttribute("aria-label"), "board_label(tiles=3-4, 4-6)");
  assert.equal(image.querySelectorAll(".end-mark").length, 0, "no choice: no end marked");
});

test("no line yet: the board says so", () => {
  const { doc, state } = atTable();
  state.view.round.line = null;
  renderBoard();
  assert.equal(doc.getElementById("board").textContent, "board_empty");
});

test("the tile just laid comes from its player's place, once", () => {
  const { doc, state } = atTable();
  state.arriving = "4-6";
  state.arrivingFrom = "top";
  renderBoard();
  const wrap = doc.getElementById("board").querySelector("g.arriving");
  assert.equal(wrap.querySelector("g.domino").getAttribute("data-line-tile"), "4-6");
  assert.deepEqual(wrap.style.props, { "--from-x": "0px", "--from-y": "-4px" });
  assert.equal(state.arriving, null);
  renderBoard();
  assert.equal(doc.getElementById("board").querySelector("g.arriving"), null);
});

test("while the player chooses, the open ends the tile fits are buttons on the line", () => {
  const legal = [
    { play: "3-6", end: "left", open: 6 },
    { play: "3-6", end: "right", open: 3 },
  ];
  const { doc, state, sent } = atTable({ legal, hand: ["3-6"] });
  state.choice = { tile: "3-6", end: undefined, shownAt: performance.now() - 1000 };
  assert.deepEqual(choiceEnds(), ["left", "right"]);
  renderBoard();
  const marks = doc.getElementById("board").querySelectorAll(".end-mark.choosable");
  assert.deepEqual(
    marks.map((mark) => [mark.getAttribute("data-end"), mark.getAttribute("role"), mark.textContent]),
    [
      ["left", "button", "3"],
      ["right", "button", "6"],
    ],
  );
  assert.equal(marks[1].getAttribute("aria-label"), "put_on(tile=3-6,end=end_right)");
  marks[1].click();
  assert.deepEqual(sent, [{ type: "play", version: 4, tile: "3-6", end: "right" }]);
});

test("once the end is chosen (a wild blank's number to pick), only that end is marked, not as a button", () => {
  const { doc, state } = atTable();
  state.choice = { tile: "0-6", end: "left", shownAt: 0 };
  assert.deepEqual(choiceEnds(), ["left"]);
  renderBoard();
  const marks = doc.getElementById("board").querySelectorAll(".end-mark");
  assert.equal(marks.length, 1);
  assert.equal(marks[0].getAttribute("role"), null);
  assert.equal(marks[0].getAttribute("aria-hidden"), "true");
});
