/* The board of triangles of Triominos, as pure geometry (docs/record.md, "The grid").

   Cell (x, y) points up when x + y is even, with corners (x-1, y), (x, y+1), (x+1, y)
   clockwise; down when odd, with corners (x-1, y+1), (x+1, y+1), (x, y). Corners are
   points of a lattice; on screen a point (px, py) lies at (px * side / 2, -py * height),
   height being the triangle's, side * sqrt(3) / 2: every cell is an equilateral triangle
   of the given side, y growing upward on the board and downward on the screen. */

export const HEIGHT = Math.sqrt(3) / 2;

/** Whether cell (x, y) points up. */
export function isUp(x, y) {
  return (((x + y) % 2) + 2) % 2 === 0;
}

/** The cell's three corners, clockwise from its first, as lattice points [px, py]. */
export function cellCorners(x, y) {
  if (isUp(x, y)) return [[x - 1, y], [x, y + 1], [x + 1, y]];
  return [[x - 1, y + 1], [x + 1, y + 1], [x, y]];
}

/** A lattice point on the screen, for triangles of side `side`. */
export function pointXY([px, py], side = 1) {
  return { x: (px * side) / 2, y: -py * side * HEIGHT };
}

/** The cell's triangle on the screen: its three corners, clockwise from the first. */
export function cellPolygon(x, y, side = 1) {
  return cellCorners(x, y).map((p) => pointXY(p, side));
}

/** The centre of the cell's triangle on the screen. */
export function cellCentre(x, y, side = 1) {
  const [a, b, c] = cellPolygon(x, y, side);
  return { x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3 };
}

/** Where to write the number of each corner, inside the triangle, towards its corner. */
export function cornerLabels(x, y, side = 1, inset = 0.62) {
  const centre = cellCentre(x, y, side);
  return cellPolygon(x, y, side).map((p) => ({
    x: centre.x + (p.x - centre.x) * inset,
    y: centre.y + (p.y - centre.y) * inset,
  }));
}

/** The numbers a tile "a-b-c" shows on a cell's corners with turn k (R82): its written
    number k on the first corner, and the next ones clockwise. */
export function turned(tile, turn) {
  const numbers = tile.split("-").map(Number);
  return [0, 1, 2].map((i) => numbers[(turn + i) % 3]);
}

/** The box around the given cells, on the screen: {minX, minY, maxX, maxY}. */
export function bounds(cells, side = 1) {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of cells) {
    for (const p of cellPolygon(x, y, side)) {
      box.minX = Math.min(box.minX, p.x);
      box.minY = Math.min(box.minY, p.y);
      box.maxX = Math.max(box.maxX, p.x);
      box.maxY = Math.max(box.maxY, p.y);
    }
  }
  if (box.minX === Infinity) return { minX: -side, minY: -side, maxX: side, maxY: side };
  return box;
}

/** The view box that shows `box`, centred, in a frame of `width` by `height` pixels,
    at `zoom` (1: the whole box fits with `margin` around it; 2: twice as close, on the
    same centre moved by `pan` {x, y} in board units). {x, y, width, height, scale}: scale
    is pixels per board unit. */
export function viewBox(box, width, height, zoom = 1, pan = { x: 0, y: 0 }, margin = 0.5) {
  const w = box.maxX - box.minX + 2 * margin;
  const h = box.maxY - box.minY + 2 * margin;
  const ratio = width > 0 && height > 0 ? width / height : w / h;
  let vw = Math.max(w, h * ratio);
  let vh = vw / ratio;
  vw /= zoom;
  vh /= zoom;
  const cx = (box.minX + box.maxX) / 2 + pan.x;
  const cy = (box.minY + box.maxY) / 2 + pan.y;
  return { x: cx - vw / 2, y: cy - vh / 2, width: vw, height: vh, scale: width > 0 ? width / vw : 1 };
}

const key = ([x, y]) => `${x},${y}`;

/** The cells where `tile` may go among the legal plays, by y then x, as listed. */
export function cellsFor(legal, tile) {
  const seen = new Map();
  for (const play of legal) {
    if (play.play === tile && play.at && !seen.has(key(play.at))) seen.set(key(play.at), play.at);
  }
  return [...seen.values()];
}

/** The turns with which `tile` may lie on cell `at`, from the smallest. */
export function turnsAt(legal, tile, at) {
  return legal
    .filter((play) => play.play === tile && play.at && key(play.at) === key(at))
    .map((play) => play.turn)
    .sort((a, b) => a - b);
}

/** The zoom steps of the board's buttons, and the next one either way. */
export const ZOOMS = [1, 1.5, 2, 3, 4];

export function zoomStep(zoom, direction) {
  const index = ZOOMS.indexOf(zoom);
  const at = index < 0 ? 0 : index;
  return ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, at + direction))];
}
