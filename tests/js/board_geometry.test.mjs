// The board's geometry (static/js/board-geometry.mjs), on the lines of real rounds.
// Run by tests/site/test_board_geometry.py, which plays the rounds through the engine
// and passes their lines in the file named by LINES; or alone: `node --test` here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { layoutLine, PIP, PIPS, pipRadius } from "../../static/js/board-geometry.mjs";

const SAMPLE = [
  {
    center: "3-4",
    left: [[3, 5], [5, 5], [5, 1], [1, 2], [2, 2], [2, 6]],
    right: [[4, 4], [4, 0], [0, 6], [6, 6], [6, 1], [1, 3], [3, 3]],
    up: [],
    down: [],
    spinner: "",
    spinner_at: 0,
    ends: { left: 6, right: 3 },
  },
];
const LINES = process.env.LINES ? JSON.parse(readFileSync(process.env.LINES, "utf8")) : SAMPLE;
const WIDTHS = [12, 15, 24, Infinity];
const EPS = 1e-6;

function overlap(a, b) {
  return Math.abs(a.x - b.x) < (a.w + b.w) / 2 - EPS && Math.abs(a.y - b.y) < (a.h + b.h) / 2 - EPS;
}

const count = (line) => 1 + ["left", "right", "up", "down"].reduce((n, arm) => n + line[arm].length, 0);

test("every tile of the line is laid once, with an end's mark for every open end", () => {
  for (const line of LINES) {
    for (const width of WIDTHS) {
      const { tiles, marks } = layoutLine(line, width);
      assert.equal(tiles.length, count(line));
      assert.equal(new Set(tiles.map((tile) => tile.name)).size, tiles.length);
      assert.deepEqual(Object.keys(marks).sort(), Object.keys(line.ends).sort());
    }
  }
});

test("no two dominoes lie on each other, nor on an end's mark", () => {
  for (const line of LINES) {
    for (const width of WIDTHS) {
      const { tiles, marks } = layoutLine(line, width);
      const boxes = [...tiles, ...Object.values(marks)];
      for (let i = 0; i < boxes.length; i += 1) {
        for (let j = i + 1; j < boxes.length; j += 1) {
          // The spinner's straight arms may meet a row that turned back: only the line's own
          // two arms are promised apart.
          const spinnerArm = (box) => box.arm === "up" || box.arm === "down";
          if (spinnerArm(boxes[i]) || spinnerArm(boxes[j])) continue;
          assert.ok(!overlap(boxes[i], boxes[j]), JSON.stringify({ line, width, a: boxes[i], b: boxes[j] }));
        }
      }
    }
  }
});

test("the line turns at the edge of the room instead of running off it", () => {
  for (const line of LINES) {
    for (const width of WIDTHS.filter(Number.isFinite)) {
      const { tiles, marks } = layoutLine(line, width);
      for (const box of [...tiles.filter((tile) => tile.arm !== "up" && tile.arm !== "down"), marks.left, marks.right]) {
        if (!box) continue;
        assert.ok(box.x - box.w / 2 >= -width / 2 - EPS && box.x + box.w / 2 <= width / 2 + EPS, JSON.stringify({ width, box }));
      }
    }
  }
});

test("a double lies across its run and any other tile along it", () => {
  for (const line of LINES) {
    const { tiles } = layoutLine(line, 15);
    for (const tile of tiles) {
      const double = tile.first === tile.second;
      assert.equal(tile.w * tile.h, 2);
      if (tile.arm === "center") assert.equal(tile.upright, double);
    }
  }
});

test("each tile shows its own numbers, and its halves read in the line's order", () => {
  for (const line of LINES) {
    const { tiles } = layoutLine(line, 15);
    for (const arm of ["left", "right", "up", "down"]) {
      line[arm].forEach(([inner, outer], index) => {
        const tile = tiles.find((t) => t.arm === arm && t.index === index);
        assert.deepEqual([tile.first, tile.second].sort(), [inner, outer].sort());
      });
    }
  }
});

test("a long line on a narrow board grows downwards and upwards, not sideways", () => {
  const { box } = layoutLine(SAMPLE[0], 12);
  assert.ok(box.maxX - box.minX <= 12 + EPS);
  assert.ok(box.maxY - box.minY > 3);
  const wide = layoutLine(SAMPLE[0], Infinity).box;
  assert.ok(wide.maxY - wide.minY <= 2 + EPS);
});

test("the pips of 0 to 12 lie inside their half, apart from each other and from its edges", () => {
  for (let value = 0; value <= 12; value += 1) {
    const r = pipRadius(value);
    const pips = PIPS[value].map(([dx, dy]) => ({ x: dx * PIP, y: dy * PIP }));
    assert.equal(pips.length, value);
    for (const [i, p] of pips.entries()) {
      // Inside the half (1 × 1 around its centre), clear of its border and of the divider.
      assert.ok(Math.abs(p.x) + r <= 0.42 && Math.abs(p.y) + r <= 0.45, `${value}: pip ${i} at the edge`);
      for (const q of pips.slice(i + 1)) {
        // At least a quarter of a pip's width between two pips: each one stays a dot of its own.
        assert.ok(Math.hypot(p.x - q.x, p.y - q.y) >= 2.5 * r, `${value}: pips too close`);
      }
    }
    // Symmetric, as on a real tile: turned half a turn, the half looks the same.
    const key = (p) => `${p.x.toFixed(4)},${p.y.toFixed(4)}`;
    const turned = new Set(pips.map((p) => key({ x: -p.x + 0, y: -p.y + 0 })));
    assert.deepEqual(new Set(pips.map(key)), turned, `${value} is symmetric`);
  }
  // Above six, pips are smaller, yet no smaller than four fifths of the others.
  assert.ok(pipRadius(12) < pipRadius(6) && pipRadius(12) >= 0.8 * pipRadius(6));
});
