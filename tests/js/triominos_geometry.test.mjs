// The board of triangles (static/js/triominos-geometry.mjs): the grid of docs/record.md,
// equilateral cells that tile the plane, and the choices a hand's tile offers.
// tests/site/test_board_geometry.py passes the boards of real rounds, played through the
// engine, in the file named by BOARDS; alone, `node --test` here uses a sample.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  bounds,
  cellCentre,
  cellCorners,
  cellPolygon,
  cellsFor,
  cornerLabels,
  isUp,
  turned,
  turnsAt,
  viewBox,
  zoomStep,
} from "../../static/js/triominos-geometry.mjs";

const EPS = 1e-9;
const near = (a, b) => Math.abs(a - b) < EPS;
const dist = (p, q) => Math.hypot(p.x - q.x, p.y - q.y);
const CELLS = [];
for (let x = -4; x <= 4; x++) for (let y = -3; y <= 3; y++) CELLS.push([x, y]);

test("cells point up when x + y is even, with the corners of docs/record.md", () => {
  assert.equal(isUp(0, 0), true);
  assert.equal(isUp(1, 0), false);
  assert.equal(isUp(-1, 0), false);
  assert.equal(isUp(-1, -1), true);
  assert.deepEqual(cellCorners(0, 0), [[-1, 0], [0, 1], [1, 0]]);
  assert.deepEqual(cellCorners(1, 0), [[0, 1], [2, 1], [1, 0]]);
});

test("every cell is an equilateral triangle whose corners go clockwise on the screen", () => {
  for (const [x, y] of CELLS) {
    const [a, b, c] = cellPolygon(x, y, 2);
    for (const [p, q] of [[a, b], [b, c], [c, a]]) assert.ok(near(dist(p, q), 2));
    // Clockwise on a screen whose y grows downward: a positive cross product.
    const cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    assert.ok(cross > 0, `cell ${x},${y}`);
    const up = isUp(x, y);
    const apex = up ? b : c;
    assert.equal(apex.y < a.y, up, `the apex of an up cell is above its base (${x},${y})`);
  }
});

test("no two cells overlap: their centres are at least a triangle's inradius apart twice", () => {
  const inradius = 1 / (2 * Math.sqrt(3));
  const centres = CELLS.map(([x, y]) => cellCentre(x, y));
  for (let i = 0; i < centres.length; i++) {
    for (let j = i + 1; j < centres.length; j++) {
      assert.ok(dist(centres[i], centres[j]) > 2 * inradius - EPS);
    }
  }
});

test("corner numbers are written inside the triangle, nearer their corner", () => {
  const corners = cellPolygon(1, 0);
  const labels = cornerLabels(1, 0);
  labels.forEach((label, i) => {
    const own = dist(label, corners[i]);
    corners.forEach((other, j) => j !== i && assert.ok(own < dist(label, other)));
  });
});

test("a tile with turn k shows its written number k first (R82)", () => {
  assert.deepEqual(turned("1-2-4", 0), [1, 2, 4]);
  assert.deepEqual(turned("1-2-4", 1), [2, 4, 1]);
  assert.deepEqual(turned("1-2-4", 2), [4, 1, 2]);
});

test("the view box holds the board, centred, and zooms in on the same centre", () => {
  const box = bounds([[0, 0], [1, 0], [0, -1], [5, 2]]);
  const whole = viewBox(box, 390, 300);
  assert.ok(whole.x <= box.minX && whole.y <= box.minY);
  assert.ok(whole.x + whole.width >= box.maxX && whole.y + whole.height >= box.maxY);
  assert.ok(near(whole.width / whole.height, 390 / 300));
  const close = viewBox(box, 390, 300, 2);
  assert.ok(near(close.width * 2, whole.width));
  assert.ok(near(close.x + close.width / 2, whole.x + whole.width / 2));
  assert.ok(near(close.scale, 2 * whole.scale));
  const empty = bounds([]);
  assert.ok(empty.maxX > empty.minX);
});

test("zoom buttons step through the zooms and stop at either end", () => {
  assert.equal(zoomStep(1, +1), 1.5);
  assert.equal(zoomStep(1, -1), 1);
  assert.equal(zoomStep(4, +1), 4);
  assert.equal(zoomStep(2, -1), 1.5);
});

test("a tile's cells and turns come from the legal plays", () => {
  const legal = [
    { seat: 0, play: "0-0-5", at: [-1, -1], turn: 1 },
    { seat: 0, play: "0-0-5", at: [1, -1], turn: 1 },
    { seat: 0, play: "1-5-5", at: [-1, 0], turn: 0 },
    { seat: 0, play: "1-5-5", at: [1, 0], turn: 2 },
    { seat: 0, play: "1-5-5", at: [1, 0], turn: 0 },
  ];
  assert.deepEqual(cellsFor(legal, "0-0-5"), [[-1, -1], [1, -1]]);
  assert.deepEqual(cellsFor(legal, "1-5-5"), [[-1, 0], [1, 0]]);
  assert.deepEqual(turnsAt(legal, "1-5-5", [1, 0]), [0, 2]);
  assert.deepEqual(turnsAt(legal, "0-0-5", [0, 0]), []);
});

const SAMPLE = [
  [
    { at: [0, 0], tile: "5-5-5", turn: 0, corners: [5, 5, 5], points: [[-1, 0], [0, 1], [1, 0]] },
    { at: [0, -1], tile: "0-5-5", turn: 1, corners: [5, 5, 0], points: [[-1, 0], [1, 0], [0, -1]] },
  ],
];
const BOARDS = process.env.BOARDS ? JSON.parse(readFileSync(process.env.BOARDS, "utf8")) : SAMPLE;

test("on real boards: the corners and numbers the engine gives are the ones drawn", () => {
  for (const board of BOARDS) {
    const shown = new Map();
    for (const cell of board) {
      assert.deepEqual(cellCorners(...cell.at), cell.points);
      assert.deepEqual(turned(cell.tile, cell.turn), cell.corners);
      cell.points.forEach((point, i) => {
        const screen = JSON.stringify(cellPolygon(...cell.at)[i]);
        // Tiles that share a corner draw it at the same place, showing the same number.
        if (shown.has(screen)) assert.equal(shown.get(screen), cell.corners[i]);
        shown.set(screen, cell.corners[i]);
      });
    }
  }
});
