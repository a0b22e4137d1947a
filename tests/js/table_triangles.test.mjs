// static/js/table/triangles.mjs and placing.mjs: the board of a Triominos table, its zoom,
// and laying a tile with two clicks at most (its cell, then its turn when several fit).
import assert from "node:assert/strict";
import { test } from "node:test";

import { renderBoard } from "../../static/js/table/boards.mjs";
import { renderHand } from "../../static/js/table/hand.mjs";
import { eventLines } from "../../static/js/table/journal.mjs";
import { chooseCell, chooseTurn, pickTriangle } from "../../static/js/table/placing.mjs";
import { choiceCells, hasTriangles } from "../../static/js/table/triangles.mjs";
import { player, setUp } from "./table-fixture.mjs";

// The view of docs/protocol.md ("state at a Triominos table"): seat 0 to play.
const LEGAL = [
  { seat: 0, play: "0-0-5", at: [-1, -1], turn: 1 },
  { seat: 0, play: "0-0-5", at: [1, -1], turn: 1 },
  { seat: 0, play: "1-5-5", at: [-1, 0], turn: 0 },
  { seat: 0, play: "1-5-5", at: [1, 0], turn: 2 },
  { seat: 0, play: "1-5-5", at: [1, 0], turn: 0 },
  { seat: 0, play: "2-3-5", at: [1, -1], turn: 0 },
];

function triominos({ legal = LEGAL, hand = ["0-0-5", "1-5-5", "2-3-5", "4-4-5"] } = {}) {
  return {
    table: {
      id: 1,
      variant: "triominos",
      seats: 2,
      status: "playing",
      players: [player(0, "alice"), player(1, "bob")],
      daily: false,
      clock: { kind: "turn", seat: 0, remaining_ms: 45000 },
      spectators: 0,
      rematch: null,
      rematch_status: null,
      rounds: [{ number: 1, commitment: "abc", seed: null }],
    },
    view: {
      variant: "triominos",
      seat: 0,
      side: 0,
      status: "playing",
      hand,
      legal,
      scores: [25, 10],
      target: 200,
      winner: null,
      round: {
        number: 1,
        opener: 0,
        turn: 0,
        board: [
          { at: [0, 0], tile: "5-5-5", turn: 0, up: true, corners: [5, 5, 5], points: [[-1, 0], [0, 1], [1, 0]] },
          { at: [0, -1], tile: "0-5-5", turn: 1, up: false, corners: [5, 5, 0], points: [[-1, 0], [1, 0], [0, -1]] },
        ],
        candidates: [[-1, -1], [1, -1], [-1, 0], [1, 0]],
        hand_sizes: [4, 8],
        stock_size: 38,
        drawn: 0,
        draws: [0, 0],
        passes: [0, 0],
        points: [25, 10],
        last: 1,
        result: null,
        winner: null,
        hands: null,
        pips_left: null,
      },
    },
  };
}

function atTable(options) {
  const setup = setUp();
  Object.assign(setup.state, triominos(options), { version: 7 });
  setup.doc.getElementById("board").clientWidth = 414; // 390 for the image, within the padding
  return setup;
}

const settled = (state) => {
  state.choice.shownAt = performance.now() - 1000; // past the guard against double clicks
};

test("the board draws every laid tile with its three numbers, the last one outlined", () => {
  const { doc, state } = atTable();
  assert.equal(hasTriangles(), true);
  renderBoard();
  const image = doc.getElementById("board").querySelector("svg.tri-board");
  const laid = image.querySelectorAll("g.tri-laid");
  assert.deepEqual(laid.map((g) => g.getAttribute("data-tile")), ["5-5-5", "0-5-5"]);
  assert.deepEqual(laid[1].querySelectorAll("text").map((n) => n.textContent), ["5", "5", "0"]);
  assert.equal(image.querySelector("g.last").getAttribute("data-at"), "0,-1");
  assert.equal(image.getAttribute("width"), "390");
  assert.equal(image.querySelectorAll(".tri-cell").length, 0, "no tile chosen: no cell offered");
  assert.equal(state.view.round.board.length, 2);
});

test("the zoom buttons draw the board closer, and back to the whole board", () => {
  const { doc, state } = atTable();
  renderBoard();
  const button = (name) => doc.getElementById("board").querySelector(`button[data-zoom="${name}"]`);
  assert.equal(button("out").hasAttribute("disabled"), true);
  button("in").click();
  assert.equal(state.zoom, 1.5);
  assert.equal(doc.getElementById("board").querySelector("svg").getAttribute("width"), "585");
  button("in").click();
  button("fit").click();
  assert.equal(state.zoom, 1);
  assert.equal(doc.getElementById("board").querySelector("svg").getAttribute("width"), "390");
});

test("the hand shows triangles; a tile that fits several cells offers them on the board", () => {
  const { doc, state, sent } = atTable();
  renderHand();
  const tiles = doc.getElementById("hand").querySelectorAll("button.hand-tile");
  assert.equal(tiles[0].querySelector("svg.tri-tile") !== null, true);
  assert.deepEqual(tiles.filter((b) => b.getAttribute("class").includes("playable")).length, 3);
  tiles[0].click(); // the hand's tile goes to the board of triangles (boards.mjs)
  assert.deepEqual(choiceCells(), [[-1, -1], [1, -1]]);
  const cells = doc.getElementById("board").querySelectorAll(".tri-cell.choosable");
  assert.deepEqual(cells.map((c) => c.getAttribute("data-at")), ["-1,-1", "1,-1"]);
  assert.equal(cells[0].getAttribute("aria-label"), "put_at(tile=0-0-5,x=-1,y=-1)");
  assert.equal(doc.getElementById("choice").hidden, false);
  settled(state);
  cells[1].click(); // one turn fits there: laid at once, the second click
  assert.deepEqual(sent, [{ type: "play", version: 7, tile: "0-0-5", at: [1, -1], turn: 1 }]);
  assert.equal(state.choice, null);
  assert.equal(state.waiting, true);
});

test("a cell the tile fits two ways: the turns are offered, drawn as the tile would lie", () => {
  const { doc, state, sent } = atTable();
  pickTriangle("1-5-5");
  settled(state);
  chooseCell([1, 0]);
  assert.deepEqual(state.choice.at, [1, 0]);
  const turns = doc.getElementById("choice").querySelectorAll("button.turn-choice");
  assert.deepEqual(turns.map((b) => b.getAttribute("data-turn")), ["0", "2"]);
  assert.equal(turns[1].getAttribute("aria-label"), "turn_choice(numbers=5, 1, 5)");
  assert.deepEqual(doc.getElementById("board").querySelectorAll(".tri-cell.chosen").length, 1);
  settled(state);
  chooseTurn(2);
  assert.deepEqual(sent, [{ type: "play", version: 7, tile: "1-5-5", at: [1, 0], turn: 2 }]);
});

test("a tile that fits one place only is laid on the first click", () => {
  const { sent } = atTable();
  pickTriangle("2-3-5");
  assert.deepEqual(sent, [{ type: "play", version: 7, tile: "2-3-5", at: [1, -1], turn: 0 }]);
});

test("a click in the wake of the pick's double click chooses nothing", () => {
  const { state, sent } = atTable();
  pickTriangle("0-0-5");
  chooseCell([1, -1]);
  assert.deepEqual(sent, []);
  assert.equal(state.choice.tile, "0-0-5");
});

test("the journal says each play's points and bonus, and what a pass cost", () => {
  const { state } = atTable();
  const lines = eventLines([
    { type: "play", seat: 0, tile: "5-5-5", at: [0, 0], turn: 0, points: 25, bonus: "triple", bonus_points: 10, forced: true },
    { type: "play", seat: 1, tile: "0-0-1", at: [1, 0], turn: 1, points: 41, bonus: "bridge", bonus_points: 40, forced: false },
    { type: "pass", seat: 0, points: -10, forced: true },
  ]);
  assert.deepEqual(lines, [
    "log_play_first(name=alice,tile=5-5-5) log_points(points=25) log_bonus_triple(points=10) log_forced",
    "log_play_first(name=bob,tile=0-0-1) log_points(points=41) log_bonus_bridge(points=40)",
    "log_pass_points(name=alice,points=-10)",
  ]);
  assert.equal(state.view.variant, "triominos");
});

test("the round's end shows every hand as triangles and says what the end scored, and the bonuses", async () => {
  const { renderRoundArea } = await import("../../static/js/table/results.mjs");
  const { doc, state } = atTable();
  Object.assign(state.view, { status: "round_over" });
  Object.assign(state.view.round, {
    result: "domino",
    winner: 0,
    hands: [[], ["2-3-4", "5-5-5"]],
    pips_left: [0, 24],
    points: [50, 0],
  });
  state.roundOvers[1] = { type: "round_over", round: 1, result: "domino", winner: 0, awarded: [49, 0] };
  renderRoundArea();
  const area = doc.getElementById("round-area");
  assert.equal(area.querySelectorAll("svg.tri-tile").length, 2);
  assert.deepEqual(
    area.querySelectorAll("p.tri-end").map((p) => p.textContent),
    ["tri_end_domino(name=alice,points=49,hands=24)", "tri_bonuses"],
  );
});

test("a Triominos seat's passes are counted, and each seat's points this round shown, below zero too", async () => {
  const { renderPlayers } = await import("../../static/js/table/seats.mjs");
  const { renderScores } = await import("../../static/js/table/scores.mjs");
  const { doc, state } = atTable();
  state.view.round.passes = [0, 2];
  state.view.round.points = [25, -25];
  renderPlayers();
  const cards = doc.getElementById("players").querySelectorAll("article.seat-card");
  assert.equal(cards[1].querySelector(".seat-passes").textContent, "passed_times(count=2)");
  assert.equal(cards[0].querySelector(".seat-passes"), null);
  renderScores();
  const cells = doc.getElementById("scores").querySelectorAll("td");
  assert.deepEqual(cells.map((c) => c.textContent), ["25", "+25", "10", "-25"]);
});
