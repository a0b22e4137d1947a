// static/js/triominos-image.mjs: a Triominos tile and a board of them, drawn as SVG.
import assert from "node:assert/strict";
import { test } from "node:test";

import { installDocument } from "./fake-dom.mjs";
import { boardImage, tileImage, triangle } from "../../static/js/triominos-image.mjs";

installDocument([]);

const BOARD = [
  { at: [0, 0], tile: "5-5-5", turn: 0, corners: [5, 5, 5] },
  { at: [0, -1], tile: "0-5-5", turn: 1, corners: [5, 5, 0] },
  { at: [1, 0], tile: "1-5-5", turn: 2 },
];

test("a triangle carries its three numbers, clockwise from its first corner", () => {
  const group = triangle(1, 0, [5, 1, 5], { class: "x" });
  assert.equal(group.getAttribute("class"), "x");
  assert.equal(group.querySelectorAll("polygon").length, 1);
  assert.deepEqual(group.querySelectorAll("text").map((n) => n.textContent), ["5", "1", "5"]);
});

test("a tile on its own shows its numbers with the turn asked, named for a screen reader or hidden", () => {
  const named = tileImage("1-2-4", 1, "1-2-4");
  assert.deepEqual(named.querySelectorAll("text").map((n) => n.textContent), ["2", "4", "1"]);
  assert.equal(named.getAttribute("aria-label"), "1-2-4");
  assert.equal(tileImage("1-2-4").getAttribute("aria-hidden"), "true");
});

test("a board draws every tile once, on its cell, the last one outlined", () => {
  const { image, frame } = boardImage(BOARD, 300, { label: "plateau" });
  const laid = image.querySelectorAll("g.tri-laid");
  assert.deepEqual(laid.map((g) => g.getAttribute("data-at")), ["0,0", "0,-1", "1,0"]);
  assert.deepEqual(laid.map((g) => g.getAttribute("class")), ["tri-laid up", "tri-laid down", "tri-laid down last"]);
  // Without the numbers given, they are worked out from the tile and its turn.
  assert.deepEqual(laid[2].querySelectorAll("text").map((n) => n.textContent), ["5", "1", "5"]);
  assert.equal(image.getAttribute("width"), "300");
  assert.equal(image.getAttribute("aria-label"), "plateau");
  assert.ok(frame.width > 2 && frame.height > 0);
  const zoomed = boardImage(BOARD, 300, { zoom: 2 });
  assert.equal(zoomed.image.getAttribute("width"), "600");
});
