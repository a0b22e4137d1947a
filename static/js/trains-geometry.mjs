/* Train mexicain's board, worked out from a seat's view: pure, no page, no rules.

   The view (docs/protocol.md, view.round for a trains game) lists the hub's engine and
   the trains: each seat's own and the Mexican train, each with its tiles from the hub
   outwards (`[inner, outer]`), its end, its owner and its owner's marker. The page never
   works out a rule: which trains a tile goes on comes from the view's `legal`.

   `trainOrder` sorts the trains as a seat reads them (its own first, the Mexican train,
   then the others in play order: the order in which R77 tries them); `layoutTrain` lays
   one train out in a room of a given width: a square for the hub's number, then the
   tiles lengthwise (a double crosswise), in rows that wrap like lines of text, and the
   square where the next tile goes. Units as board-geometry.mjs: one half is 1 × 1. */

export const GAP = 0.12;
export const ROW_GAP = 0.3;

/** A train's key in a view or a record: its owner's seat, or "mexican" (R88). */
export const MEXICAN = "mexican";

/** The trains as `seat` reads them (a spectator reads them as seat 0): its own, the
 * Mexican train, then the other seats' trains in play order from its own. */
export function trainOrder(trains, seat, seats) {
  const me = seat ?? 0;
  const rank = (train) => {
    if (train.train === MEXICAN) return 1;
    const after = (train.train - me + seats) % seats;
    return after === 0 ? 0 : after + 1;
  };
  return [...trains].sort((a, b) => rank(a) - rank(b));
}

/** The trains `tile` may be laid on now, from the view's legal plays, in their order. A
 * legal play that names no train fits exactly one (R88): it is given as `null`. */
export function trainsFor(legal, tile) {
  const out = [];
  for (const entry of legal) {
    if (entry.play !== tile) continue;
    const train = entry.train ?? null;
    if (!out.includes(train)) out.push(train);
  }
  return out;
}

/** The trains the seat may play on now: the view's `open_trains` when it says so, else
 * those its legal plays name. */
export function openTrains(round, legal) {
  if (Array.isArray(round.open_trains)) return round.open_trains;
  return [...new Set(legal.map((entry) => entry.train).filter((train) => train !== undefined))];
}

/**
 * Lay out one train (its view's `tiles`, `[inner, outer]` from the hub) in a room `width`
 * units wide. Returns {hub, tiles, mark, box}: the hub's square (where the train starts),
 * each tile's centre, size, halves in reading order (`first` on the left, or on top) and
 * name; the square where the next tile goes; the bounding box.
 * @param {number[][]} cars
 * @param {number} width
 */
export function layoutTrain(cars, width = Infinity) {
  const room = Math.max(width, 4 + 2 * GAP); // the hub, a tile and the next one's square at least
  const hub = { x: 0.5, y: 0, w: 1, h: 1 };
  const placed = [];
  let row = [];
  let x = 1; // the right edge of what the row holds so far
  let top = 0; // the top of the row under way
  const rows = [];
  const closeRow = () => {
    const height = Math.max(1, ...row.map((tile) => tile.h));
    for (const tile of row) tile.y = top + height / 2;
    rows.push({ top, height });
    top += height + ROW_GAP;
    row = [];
  };
  cars.forEach(([inner, outer], index) => {
    const double = inner === outer;
    const w = double ? 1 : 2;
    const h = double ? 2 : 1;
    // The tile, and beyond it the next one's square, must fit the row; else a new row,
    // indented past the hub's square, continues the train.
    if (row.length && x + GAP + w + GAP + 1 > room) {
      closeRow();
      x = 1;
    }
    const tile = {
      first: inner,
      second: outer,
      x: x + GAP + w / 2,
      y: 0,
      w,
      h,
      upright: double,
      index,
      name: `${Math.min(inner, outer)}-${Math.max(inner, outer)}`,
    };
    placed.push(tile);
    row.push(tile);
    x += GAP + w;
  });
  // The next tile's square: after the last tile, or at the start of a new row when full.
  if (row.length && x + GAP + 1 > room) {
    closeRow();
    x = 1;
  }
  closeRow();
  const last = rows[rows.length - 1];
  const mark = { x: x + GAP + 0.5, y: last.top + last.height / 2, w: 1, h: 1 };
  hub.y = rows[0].top + rows[0].height / 2;
  const boxes = [hub, ...placed, mark];
  const box = {
    minX: Math.min(...boxes.map((item) => item.x - item.w / 2)),
    maxX: Math.max(...boxes.map((item) => item.x + item.w / 2)),
    minY: Math.min(...boxes.map((item) => item.y - item.h / 2)),
    maxY: Math.max(...boxes.map((item) => item.y + item.h / 2)),
  };
  return { hub, tiles: placed, mark, box };
}
