// static/js/tiles.mjs: a domino's pips, a lone tile's image, the line's image.
import assert from "node:assert/strict";
import { test } from "node:test";

import { domino, dominoImage, lineImage, scaleFor, trainImage } from "../../static/js/tiles.mjs";
import { installDocument } from "./fake-dom.mjs";

test("a domino has its face, its divider and as many pips as its two numbers", () => {
  installDocument();
  const tile = domino(6, 5, { x: 2, y: 1, upright: false, className: "last", tile: "5-6" });
  assert.equal(tile.querySelectorAll("circle").length, 11);
  assert.equal(tile.querySelectorAll("rect").length, 1);
  assert.equal(tile.getAttribute("transform"), "translate(2 1) rotate(-90)");
  assert.equal(tile.getAttribute("class"), "domino last");
  assert.equal(tile.getAttribute("data-line-tile"), "5-6");
  assert.equal(domino(0, 0).querySelectorAll("circle").length, 0);
  assert.equal(domino(0, 0).getAttribute("data-line-tile"), null);
});

test("a lone tile stands or lies, and is named only when it is its own label", () => {
  installDocument();
  const upright = dominoImage("3-5");
  assert.equal(upright.getAttribute("class"), "tile-upright");
  assert.equal(upright.getAttribute("viewBox"), "-0.56 -1.06 1.12 2.12");
  assert.equal(upright.getAttribute("aria-hidden"), "true");
  assert.equal(upright.getAttribute("role"), null);
  const lying = dominoImage("3-5", { upright: false, label: "3-5" });
  assert.equal(lying.getAttribute("class"), "tile-lying");
  assert.equal(lying.getAttribute("viewBox"), "-1.06 -0.56 2.12 1.12");
  assert.equal(lying.getAttribute("role"), "img");
  assert.equal(lying.getAttribute("aria-label"), "3-5");
  assert.equal(lying.querySelectorAll("circle").length, 8);
});

test("the line's image holds each tile once, sized to the board at its scale", () => {
  installDocument();
  const line = { center: "6-6", left: [[6, 2]], right: [[6, 1], [1, 1]], up: [], down: [], spinner: "", spinner_at: 0, ends: { left: 2, right: 1 } };
  const seen = [];
  const { image, marks, tiles, scale } = lineImage(line, 400, {
    className: (tile) => tile.name === "1-6" && "last",
    draw: (tile, node) => (seen.push(tile.name), node),
  });
  assert.equal(scale, scaleFor(376));
  assert.equal(scale, 26);
  assert.equal(scaleFor(900), 32);
  assert.deepEqual(seen.sort(), ["1-1", "1-6", "2-6", "6-6"]);
  assert.equal(tiles.length, 4);
  assert.equal(image.getAttribute("data-tiles"), "4");
  assert.equal(image.querySelectorAll("g.domino").length, 4);
  assert.equal(image.querySelectorAll("g.last").length, 1);
  assert.deepEqual(Object.keys(marks).sort(), ["left", "right"]);
  const [, , width, height] = image.getAttribute("viewBox").split(" ").map(Number);
  assert.equal(Number(image.getAttribute("width")), Math.round(width * scale));
  assert.equal(Number(image.getAttribute("height")), Math.round(height * scale));
  assert.ok(Number(image.getAttribute("width")) <= 400, "the line fits its board");
});

test("the line's image is named from its tiles when asked, else left to its page", () => {
  installDocument();
  const line = { center: "2-3", left: [], right: [], up: [], down: [], spinner: "", spinner_at: 0, ends: { left: 2, right: 3 } };
  const named = lineImage(line, 300, { label: (tiles) => tiles.map((tile) => tile.name).join(" ") }).image;
  assert.equal(named.getAttribute("role"), "img");
  assert.equal(named.getAttribute("aria-label"), "2-3");
  const plain = lineImage(line, 300).image;
  assert.equal(plain.getAttribute("role"), null);
  assert.equal(plain.getAttribute("aria-label"), null);
});

test("every number of the double-twelve set has as many pips as it says, the ones above six coloured", () => {
  installDocument();
  for (let value = 0; value <= 12; value += 1) {
    const pips = domino(value, 0).querySelectorAll("circle");
    assert.equal(pips.length, value, `${value}`);
    for (const pip of pips) {
      assert.equal(pip.getAttribute("class"), value > 6 ? `pip pip-${value}` : "pip");
    }
  }
  // 0 to 6 are drawn as they always were: black pips of radius 0.09.
  assert.equal(domino(6, 6).querySelector("circle").getAttribute("r"), "0.09");
  assert.equal(domino(12, 7).querySelectorAll("circle.pip-12").length, 12);
  assert.equal(domino(12, 7).querySelectorAll("circle.pip-7").length, 7);
});

test("a train's image starts at the hub's number, holds its tiles and ends on its end's square", () => {
  installDocument();
  const train = { train: 2, tiles: [[12, 7], [7, 7], [7, 3]], end: 3, marker: false };
  const image = trainImage(train, 350, {
    engine: 12,
    label: "train",
    className: (tile, index) => index === 2 && "last",
  });
  assert.equal(image.getAttribute("class"), "train-line");
  assert.equal(image.getAttribute("aria-label"), "train");
  assert.equal(image.querySelectorAll("g.domino").length, 3);
  assert.equal(image.querySelectorAll("g.last").length, 1);
  assert.equal(image.querySelector("g.hub-mark text").textContent, "12");
  assert.equal(image.querySelector("g.train-end text").textContent, "3");
  assert.ok(Number(image.getAttribute("width")) <= 350, "the train fits its board");
  // A train not started yet: the hub's number and the engine's number as its end.
  const empty = trainImage({ train: "mexican", tiles: [], end: 12, marker: false }, 350, { engine: 12 });
  assert.equal(empty.querySelectorAll("g.domino").length, 0);
  assert.equal(empty.getAttribute("role"), null);
});
