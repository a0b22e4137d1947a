// static/js/trains-geometry.mjs: Train mexicain's trains laid out, their order, the trains
// a tile goes on (from the view's legal plays). Run by tests/site/test_board_geometry.py,
// which also plays seeded matches through the engine and passes the views of their seats
// in the file named by VIEWS; or alone: `node --test` here, on a sample view.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { layoutTrain, openTrains, trainOrder, trainsFor } from "../../static/js/trains-geometry.mjs";

const EPS = 1e-6;
const overlap = (a, b) =>
  Math.abs(a.x - b.x) < (a.w + b.w) / 2 - EPS && Math.abs(a.y - b.y) < (a.h + b.h) / 2 - EPS;

// A long train from the engine 12: doubles and plain tiles, the way a round grows one.
const LONG = [[12, 5], [5, 5], [5, 9], [9, 0], [0, 0], [0, 7], [7, 11], [11, 11], [11, 3], [3, 8], [8, 8], [8, 1], [1, 4]];

test("every tile of a train is laid once, in order, inner number towards the hub", () => {
  for (const width of [6, 9, 13, 20, Infinity]) {
    const { hub, tiles, mark } = layoutTrain(LONG, width);
    assert.equal(tiles.length, LONG.length);
    tiles.forEach((tile, index) => {
      assert.equal(tile.index, index);
      assert.deepEqual([tile.first, tile.second], LONG[index]);
      const double = LONG[index][0] === LONG[index][1];
      assert.equal(tile.upright, double, "a double lies across its train");
      assert.deepEqual([tile.w, tile.h], double ? [1, 2] : [2, 1]);
    });
    const all = [hub, ...tiles, mark];
    for (const [i, a] of all.entries()) {
      for (const b of all.slice(i + 1)) assert.ok(!overlap(a, b), `width ${width}: two boxes overlap`);
    }
  }
});

test("a train wraps like a line of text: within its room, reading left to right, top to bottom", () => {
  const width = 9;
  const { tiles, mark, box } = layoutTrain(LONG, width);
  assert.ok(box.minX >= -EPS && box.maxX <= width + EPS, `the train fits ${width} units: ${box.maxX}`);
  assert.ok(mark.x + mark.w / 2 <= width + EPS);
  const rows = new Set(tiles.map((tile) => tile.y.toFixed(3)));
  assert.ok(rows.size > 2, "a long train on a narrow board takes several rows");
  for (let i = 1; i < tiles.length; i += 1) {
    const [a, b] = [tiles[i - 1], tiles[i]];
    assert.ok(b.y > a.y + EPS || (Math.abs(b.y - a.y) < 1 + EPS && b.x > a.x), "each tile after the one before");
  }
  // Wide enough, a train is a single row with the next tile's square at its end.
  const wide = layoutTrain(LONG, Infinity);
  assert.equal(new Set(wide.tiles.map((tile) => tile.y)).size, 1);
  assert.ok(wide.mark.x > Math.max(...wide.tiles.map((tile) => tile.x)));
});

test("a train not yet started is its hub's square and the square of its first tile", () => {
  const { hub, tiles, mark, box } = layoutTrain([], 9);
  assert.equal(tiles.length, 0);
  assert.deepEqual([hub.x, hub.y], [0.5, 0.5]);
  assert.ok(mark.x > hub.x + 1 - EPS && mark.y === hub.y);
  assert.ok(box.maxX - box.minX < 3);
});

test("the trains as a seat reads them: its own, the Mexican train, then the others in play order", () => {
  const trains = [0, 1, 2, 3, "mexican"].map((train) => ({ train }));
  const order = (seat) => trainOrder(trains, seat, 4).map((train) => train.train);
  assert.deepEqual(order(0), [0, "mexican", 1, 2, 3]);
  assert.deepEqual(order(2), [2, "mexican", 3, 0, 1]);
  assert.deepEqual(order(null), [0, "mexican", 1, 2, 3], "a spectator reads them as seat 0");
});

test("the trains a tile goes on come from the legal plays; a play naming none fits one train", () => {
  const legal = [
    { seat: 1, play: "5-7", train: 1 },
    { seat: 1, play: "5-7", train: "mexican" },
    { seat: 1, play: "2-5", train: 1 },
    { seat: 1, play: "3-3" },
  ];
  assert.deepEqual(trainsFor(legal, "5-7"), [1, "mexican"]);
  assert.deepEqual(trainsFor(legal, "2-5"), [1]);
  assert.deepEqual(trainsFor(legal, "3-3"), [null]);
  assert.deepEqual(trainsFor(legal, "0-0"), []);
  // The trains open to the seat: as the view says, else those its legal plays name.
  assert.deepEqual(openTrains({ open_trains: [1, "mexican", 3] }, legal), [1, "mexican", 3]);
  assert.deepEqual(openTrains({}, legal), [1, "mexican"]);
});

const SAMPLE_VIEW = {
  seat: 1,
  seats: 2,
  legal: [{ seat: 1, play: "1-2", train: 0 }, { seat: 1, play: "2-7", train: 0 }],
  round: {
    engine: "12-12",
    trains: [
      { train: 0, owner: 0, tiles: [[12, 2], [2, 2]], end: 2, marker: true },
      { train: 1, owner: 1, tiles: [[12, 6]], end: 6, marker: false },
      { train: "mexican", owner: null, tiles: [], end: 12, marker: false },
    ],
    double: { train: 0, tile: "2-2" },
    open_trains: [0],
  },
};
const VIEWS = process.env.VIEWS ? JSON.parse(readFileSync(process.env.VIEWS, "utf8")) : [SAMPLE_VIEW];

test("every train of every view is laid out whole, within its room, its end where the next tile goes", () => {
  for (const view of VIEWS) {
    const engine = Number(view.round.engine.split("-")[0]);
    for (const train of view.round.trains) {
      // A train starts at the engine's number and each tile touches the one before it.
      let end = engine;
      for (const [inner, outer] of train.tiles) {
        assert.equal(inner, end, "a train's tiles follow one another");
        end = outer;
      }
      assert.equal(train.end, end);
      for (const width of [6, 9, 13, Infinity]) {
        const { hub, tiles, mark, box } = layoutTrain(train.tiles, width);
        assert.equal(tiles.length, train.tiles.length);
        if (Number.isFinite(width)) assert.ok(box.maxX <= width + EPS && box.minX >= -EPS);
        const all = [hub, ...tiles, mark];
        for (const [i, a] of all.entries()) {
          for (const b of all.slice(i + 1)) assert.ok(!overlap(a, b), "two boxes of a train overlap");
        }
      }
    }
  }
});

test("in every view, the trains a tile goes on are trains the seat may play on now", () => {
  for (const view of VIEWS) {
    const { round, legal } = view;
    const order = trainOrder(round.trains, view.seat, view.seats).map((train) => train.train);
    assert.equal(new Set(order).size, view.seats + 1);
    assert.equal(order[0], view.seat ?? 0, "a seat reads its own train first");
    assert.equal(order[1], "mexican");
    const open = openTrains(round, legal);
    const ends = new Map(round.trains.map((train) => [train.train, train.end]));
    for (const tile of new Set(legal.map((entry) => entry.play))) {
      const numbers = tile.split("-").map(Number);
      for (const train of trainsFor(legal, tile)) {
        assert.ok(open.includes(train), `${tile} goes on ${train}, a train open to the seat`);
        assert.ok(numbers.includes(ends.get(train)), `${tile} matches the end of ${train}`);
      }
    }
    // While a double lies uncovered, its train is the only one open (R74).
    if (round.double && view.seat !== null) assert.deepEqual(open, [round.double.train]);
  }
});
