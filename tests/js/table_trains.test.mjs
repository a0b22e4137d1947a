// static/js/table/trains.mjs and boards.mjs: Train mexicain's board (the hub, the trains,
// markers, the double to cover, the trains open now), a train chosen in one click, and the
// one place where the page chooses its board from the view.
import assert from "node:assert/strict";
import { test } from "node:test";

import { boardOf, renderBoard, renderBoardInfo } from "../../static/js/table/boards.mjs";
import { CHOICE_GUARD_MS, cancelChoice, renderHand } from "../../static/js/table/hand.mjs";
import { eventLines } from "../../static/js/table/journal.mjs";
import { renderScores } from "../../static/js/table/scores.mjs";
import { renderPlayers } from "../../static/js/table/seats.mjs";
import { chooseTrain, pickTrain, trainName } from "../../static/js/table/trains.mjs";
import { playing, setUp, trainsPlaying } from "./table-fixture.mjs";

function atTable(options) {
  const setup = setUp({ flags: { draws: true } });
  Object.assign(setup.state, trainsPlaying(options), { version: 4 });
  setup.doc.getElementById("board").clientWidth = 350; // a phone's board
  return setup;
}

const trains = (doc) => doc.getElementById("board").querySelectorAll("section.train");

test("the page draws trains for a view with trains, and the line otherwise: one place decides", () => {
  const line = playing().view.round;
  const withTrains = trainsPlaying().view.round;
  assert.notEqual(boardOf(line), boardOf(withTrains));
  assert.equal(boardOf(null), boardOf(line));
  const { doc } = atTable();
  renderBoard();
  assert.equal(doc.getElementById("board").querySelectorAll("svg.line").length, 0);
  assert.equal(trains(doc).length, 5);
});

test("the hub shows its engine; the trains read own, Mexican, then the others in play order", () => {
  const { doc } = atTable();
  renderBoard();
  const board = doc.getElementById("board");
  assert.equal(board.querySelector(".hub .hub-text").textContent, "engine(tile=12-12)");
  assert.deepEqual(
    trains(doc).map((section) => section.dataset.train),
    ["0", "mexican", "1", "2", "3"],
  );
  assert.deepEqual(
    trains(doc).map((section) => section.querySelector(".train-name").textContent),
    ["train_own", "train_mexican", "train_of(name=bob)", "train_of(name=charlie)", "train_of(name=dave)"],
  );
  // Each train starts at the hub's number and ends on a square showing its end.
  const bob = board.querySelector('section[data-train="1"]');
  assert.equal(bob.querySelectorAll("g.domino").length, 2);
  assert.equal(bob.querySelector(".hub-mark text").textContent, "12");
  assert.equal(bob.querySelector(".train-end text").textContent, "7");
  assert.match(bob.querySelector("svg").getAttribute("aria-label"), /12-7, 7-7/);
  assert.ok(Number(bob.querySelector("svg").getAttribute("width")) <= 326, "a train fits a phone's board");
});

test("markers, the double to cover and the trains the player may play on now are marked", () => {
  const { doc, state } = atTable({ double: { train: 1, tile: "7-7" } });
  renderBoard();
  const bob = doc.getElementById("board").querySelector('section[data-train="1"]');
  assert.ok(bob.classList.contains("marker-up"));
  assert.equal(bob.querySelector(".tag.marker").textContent, "marker_up");
  assert.ok(bob.classList.contains("to-cover"));
  assert.equal(bob.querySelector(".tag.cover").textContent, "to_cover(tile=7-7)");
  assert.equal(bob.querySelectorAll("g.uncovered").length, 1);
  const open = trains(doc).filter((section) => section.classList.contains("open"));
  assert.deepEqual(
    open.map((section) => section.dataset.train),
    ["0", "mexican", "1"],
  );
  // Not the player's turn: nothing is open to them.
  state.view.round.turn = 2;
  renderBoard();
  assert.equal(trains(doc).filter((section) => section.classList.contains("open")).length, 0);
});

test("a tile that fits one train is played at once, with its train", () => {
  const { doc, state, sent } = atTable({ legal: [{ seat: 0, play: "2-4", train: "mexican" }] });
  renderHand();
  const tile = doc.getElementById("hand").querySelector('button[data-tile="2-4"]');
  assert.ok(tile.classList.contains("playable"));
  tile.click();
  assert.deepEqual(sent, [{ type: "play", version: 4, tile: "2-4", train: "mexican" }]);
  assert.equal(state.waiting, true);
  pickTrain("2-4");
  assert.equal(sent.length, 1, "nothing more until the server answers");
});

test("a tile that fits several trains asks which: one click on a train, not the second half of a double-click", () => {
  const legal = [
    { seat: 0, play: "5-12", train: 0 },
    { seat: 0, play: "5-12", train: "mexican" },
    { seat: 0, play: "12-3", train: 0 },
  ];
  const { doc, state, sent } = atTable({ legal });
  renderHand();
  doc.getElementById("hand").querySelector('button[data-tile="5-12"]').click();
  assert.equal(sent.length, 0);
  assert.equal(state.choice.tile, "5-12");
  const board = doc.getElementById("board");
  assert.deepEqual(
    board.querySelectorAll("section.train.choosable").map((section) => section.dataset.train),
    ["0", "mexican"],
  );
  const box = doc.getElementById("choice");
  assert.equal(box.hidden, false);
  assert.equal(box.querySelector(".choice-prompt").textContent, "choose_train(tile=5-12)");
  assert.deepEqual(
    box.querySelectorAll("button[data-train]").map((button) => button.textContent),
    ["train_own", "train_mexican"],
  );
  chooseTrain("mexican"); // too soon after the choice appeared
  assert.equal(sent.length, 0);
  state.choice.shownAt -= CHOICE_GUARD_MS;
  board.querySelector('button.train-choose[data-train="mexican"]').click();
  assert.deepEqual(sent, [{ type: "play", version: 4, tile: "5-12", train: "mexican" }]);
  assert.equal(state.choice, null);
  assert.equal(box.hidden, true);
});

test("cancelling the choice of a train sends nothing", () => {
  const legal = [
    { seat: 0, play: "5-12", train: 0 },
    { seat: 0, play: "5-12", train: "mexican" },
  ];
  const { doc, sent } = atTable({ legal });
  pickTrain("5-12");
  cancelChoice();
  assert.equal(doc.getElementById("choice").hidden, true);
  assert.equal(doc.getElementById("board").querySelectorAll("section.train.choosable").length, 0);
  assert.equal(sent.length, 0);
});

test("the board's line says the stock, the engine and the double to cover", () => {
  const { doc } = atTable({ double: { train: "mexican", tile: "1-1" } });
  renderBoardInfo();
  assert.deepEqual(
    doc.getElementById("board-info").querySelectorAll(".info").map((node) => node.textContent),
    ["stock(tiles=tiles_other(count=28))", "engine(tile=12-12)", "double_info(tile=1-1,train=train_mexican)"],
  );
});

test("a seat's place shows its marker and how many times it passed", () => {
  const { doc } = atTable();
  renderPlayers();
  const bob = doc.getElementById("players").querySelector('article[data-seat="1"]');
  assert.equal(bob.querySelector(".seat-marker").textContent, "marker_up");
  assert.equal(bob.querySelector(".seat-passes").textContent, "passes_other(count=2)");
  const alice = doc.getElementById("players").querySelector('article[data-seat="0"]');
  assert.equal(alice.querySelector(".seat-marker"), null);
  assert.equal(alice.querySelector(".seat-passes"), null);
});

test("the journal names the train of a play, a double covered, and a pass without ends", () => {
  const { state } = atTable();
  assert.equal(trainName(1), "train_of(name=bob)");
  assert.equal(trainName(0), "train_own");
  state.view.seat = null; // a spectator owns no train
  assert.equal(trainName(0), "train_of(name=alice)");
  const lines = eventLines([
    { type: "play", seat: 2, tile: "7-9", train: 1, end: 9, covers: true },
    { type: "play", seat: 3, tile: "1-4", train: "mexican", end: 4 },
    { type: "pass", seat: 0, forced: true },
  ]);
  assert.deepEqual(lines, [
    "log_play_train(name=charlie,tile=7-9,train=log_train_of(name=bob)) log_covers",
    "log_play_train(name=dave,tile=1-4,train=log_train_mexican)",
    "log_pass_plain(name=alice)",
  ]);
});

test("the scores say the match's number of rounds, not a target of points", () => {
  const { doc } = atTable();
  renderScores();
  const scores = doc.getElementById("scores");
  assert.equal(scores.querySelector(".target").textContent, "target_rounds(target=5)");
  assert.equal(scores.querySelectorAll("tbody tr").length, 4);
});
