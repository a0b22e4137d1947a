/* Drawing Triominos tiles and boards as SVG (triominos-geometry.mjs places them): a tile
   on its own, as a hand shows it, and a board of laid tiles, each with the number on each
   of its corners. Used by the live table (table/triangles.mjs) and the replay. */
import { svgEl } from "./dom.mjs";
import { bounds, cellPolygon, cornerLabels, isUp, turned, viewBox } from "./triominos-geometry.mjs";

const points = (polygon) => polygon.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).join(" ");

/** The outline of cell (x, y), for an SVG polygon. */
export function cellPoints(x, y) {
  return points(cellPolygon(x, y));
}

/** One triangle on cell (x, y) with its three numbers, clockwise from the cell's first corner. */
export function triangle(x, y, numbers, attrs = {}) {
  const group = svgEl("g", attrs);
  group.append(svgEl("polygon", { class: "tri-face", points: cellPoints(x, y) }));
  cornerLabels(x, y).forEach((p, i) => {
    const label = svgEl("text", {
      x: p.x.toFixed(3),
      y: p.y.toFixed(3),
      "text-anchor": "middle",
      "dominant-baseline": "central",
      class: "tri-number",
    });
    label.textContent = String(numbers[i]);
    group.append(label);
  });
  return group;
}

/** A tile "a-b-c" on its own, pointing up, with turn k (0: as written); `label` names it
    for a screen reader (none: hidden from it, its button or row names it). */
export function tileImage(tile, turn = 0, label = null) {
  const image = svgEl("svg", {
    class: "tri-tile",
    viewBox: "-1.05 -0.92 2.1 0.96",
    role: label ? "img" : null,
    "aria-label": label,
    "aria-hidden": label ? null : "true",
  });
  image.append(triangle(0, 0, turned(tile, turn)));
  return image;
}

/** A board of laid tiles (`cells`: {at, tile, turn, corners}, in the order laid), `width`
    pixels wide at `zoom`, framing also the cells of `around` (cells to point at). The last
    tile laid is outlined. Returns {image, frame}: the SVG, and its view box. */
export function boardImage(cells, width, { around = [], zoom = 1, label = null, height = null } = {}) {
  const box = bounds([...cells.map((cell) => cell.at), ...around]);
  const frame = viewBox(box, width, height ?? Math.max(240, Math.min(width, 520)));
  const image = svgEl("svg", {
    class: "tri-board",
    viewBox: `${frame.x.toFixed(3)} ${frame.y.toFixed(3)} ${frame.width.toFixed(3)} ${frame.height.toFixed(3)}`,
    width: Math.round(width * zoom),
    height: Math.round((width * zoom * frame.height) / frame.width),
    role: "img",
    "aria-label": label,
  });
  cells.forEach((cell, index) => {
    const [x, y] = cell.at;
    const classes = ["tri-laid", isUp(x, y) ? "up" : "down"];
    if (index === cells.length - 1) classes.push("last");
    image.append(
      triangle(x, y, cell.corners ?? turned(cell.tile, cell.turn), {
        class: classes.join(" "),
        "data-tile": cell.tile,
        "data-at": `${x},${y}`,
      }),
    );
  });
  return { image, frame };
}
