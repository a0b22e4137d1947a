/* Dominoes drawn in SVG, for the live table and the replay: a lone tile, the line as
   board-geometry.mjs lays it out (it turns at the edge of the board instead of running
   off it, doubles crosswise, the spinner's four arms), and a train of Train mexicain as
   trains-geometry.mjs lays it out. */
import { layoutLine, PIP, PIPS, pipRadius } from "./board-geometry.mjs";
import { classes, svgEl } from "./dom.mjs";
import { layoutTrain } from "./trains-geometry.mjs";

/** A domino drawn upright in "tile units" (one half is 1 × 1), centred on x, y, `first` on
 * top; turned a quarter left (`upright` false), `first` is on the left. */
export function domino(first, second, { x = 0, y = 0, upright = true, className = "", tile = null } = {}) {
  const group = svgEl("g", {
    class: classes("domino", className),
    transform: `translate(${x} ${y})${upright ? "" : " rotate(-90)"}`,
    "data-line-tile": tile,
  });
  group.append(
    svgEl("rect", { class: "face", x: -0.5, y: -1, width: 1, height: 2, rx: 0.14 }),
    svgEl("line", { class: "divider", x1: -0.36, y1: 0, x2: 0.36, y2: 0 }),
  );
  for (const [value, centre] of [
    [first, -0.5],
    [second, 0.5],
  ]) {
    // Above six (the double-twelve set) each number has its own colour too, as on a real
    // set: the colour names the number at a glance, the pips count it (table.css).
    const className = value > 6 ? `pip pip-${value}` : "pip";
    for (const [dx, dy] of PIPS[value]) {
      group.append(svgEl("circle", { class: className, cx: dx * PIP, cy: centre + dy * PIP, r: pipRadius(value) }));
    }
  }
  return group;
}

/** A lone domino ("3-5") as an image: upright in a hand, or lying; named by `label`, else
 * hidden from screen readers (its button names it). */
export function dominoImage(tile, { upright = true, label = null } = {}) {
  const [a, b] = tile.split("-").map(Number);
  const image = svgEl("svg", {
    class: upright ? "tile-upright" : "tile-lying",
    viewBox: upright ? "-0.56 -1.06 1.12 2.12" : "-1.06 -0.56 2.12 1.12",
    role: label ? "img" : null,
    "aria-label": label,
    "aria-hidden": label ? null : "true",
    focusable: "false",
  });
  image.append(domino(a, b, { upright }));
  return image;
}

/** Pixels per tile unit on a board `room` pixels wide: tiles as large as pips stay easy to
 * count (a phone is seen from closer). */
export function scaleFor(room) {
  return room < 600 ? 26 : 32;
}

/** The line (the view's `round.line`) as an SVG image for a board `boardWidth` pixels wide.
 * `label(tiles)` names the image, if given; `className(tile)` marks a tile; `draw(tile,
 * node)` may wrap a drawn tile (it returns what goes in the image). Returns the image, and
 * where the open ends are (`marks`, in tile units) and the tiles. */
export function lineImage(line, boardWidth, { label = null, className = () => "", draw = (tile, node) => node } = {}) {
  const room = Math.max(120, boardWidth - 24);
  const scale = scaleFor(room);
  const { tiles, marks, box } = layoutLine(line, room / scale);
  const pad = 0.15;
  const width = box.maxX - box.minX + 2 * pad;
  const height = box.maxY - box.minY + 2 * pad;
  const image = svgEl("svg", {
    class: "line",
    viewBox: `${box.minX - pad} ${box.minY - pad} ${width} ${height}`,
    width: Math.round(width * scale),
    height: Math.round(height * scale),
    role: label ? "img" : null,
    "aria-label": label ? label(tiles) : null,
    "data-tiles": tiles.length,
  });
  // Top to bottom, left to right: the order a reader's eye follows.
  const ordered = [...tiles].sort((p, q) => p.y - q.y || p.x - q.x);
  for (const tile of ordered) {
    const node = domino(tile.first, tile.second, {
      x: tile.x,
      y: tile.y,
      upright: tile.upright,
      tile: tile.name,
      className: classes(className(tile), tile.spinner && "spinner"),
    });
    image.append(draw(tile, node));
  }
  return { image, marks, tiles, scale };
}

/** A round number in a circle or a square: the hub's number where a train starts, the end
 * where its next tile goes. */
function numberMark(box, number, className) {
  const group = svgEl("g", { class: className, transform: `translate(${box.x} ${box.y})` });
  const text = svgEl("text", { x: 0, y: 0.02, "text-anchor": "middle", "dominant-baseline": "middle" });
  text.textContent = String(number);
  group.append(svgEl("rect", { x: -0.45, y: -0.45, width: 0.9, height: 0.9, rx: 0.45 }), text);
  return group;
}

/** One train (a view's `round.trains` entry) as an SVG image for a board `boardWidth`
 * pixels wide, starting at the hub's number `engine`: its tiles, then its end where the next
 * tile goes. `label` names the image; `className(tile, index)` marks a tile. */
export function trainImage(train, boardWidth, { engine, label = null, className = () => "" } = {}) {
  const room = Math.max(120, boardWidth);
  const scale = scaleFor(room);
  const { hub, tiles, mark, box } = layoutTrain(train.tiles, room / scale);
  const pad = 0.15;
  const width = box.maxX - box.minX + 2 * pad;
  const height = box.maxY - box.minY + 2 * pad;
  const image = svgEl("svg", {
    class: "train-line",
    viewBox: `${box.minX - pad} ${box.minY - pad} ${width} ${height}`,
    width: Math.round(width * scale),
    height: Math.round(height * scale),
    role: label ? "img" : null,
    "aria-label": label,
    "data-tiles": tiles.length,
  });
  image.append(numberMark(hub, engine, "hub-mark"));
  tiles.forEach((tile, index) => {
    image.append(
      domino(tile.first, tile.second, {
        x: tile.x,
        y: tile.y,
        upright: tile.upright,
        tile: tile.name,
        className: className(tile, index),
      }),
    );
  });
  image.append(numberMark(mark, train.end, "end-mark train-end"));
  return image;
}
