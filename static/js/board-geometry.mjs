/* Where each domino of the line lies on the board: pure geometry, no page, no rules.

   The line (docs/protocol.md, view.round.line) is laid out as on a real table: the
   opening tile in the middle, the left arm running left and the right arm running
   right; an arm that reaches the edge of the room turns a corner (the right arm
   downwards, the left arm upwards) and comes back the other way, so the line never
   runs off the side. Along a run a tile lies lengthwise and a double crosswise (R3).
   The spinner's up and down arms (R40) run straight out of its long sides.

   Units: one half of a domino is 1 × 1; a tile is 2 × 1 lying, 1 × 2 standing.
   `layoutLine(line, width)` returns {tiles, marks, box}: each tile's centre (x, y),
   whether it stands (`upright`) and its halves in reading order (`first` left or
   on top); each open end's mark, the 1 × 1 square where the next tile would go; and
   the bounding box of it all. */

export const GAP = 0.12;

// Where the pips of each number lie on a half, as offsets from its centre in units of PIP
// (the drawing of a tile, on the table and in the replay). 0 to 6 on a 3 × 3 grid; 7 to 12
// (the double-twelve set) in the standard layout of three columns: 7 is 6 and a centre
// pip, 8 and 9 fill the 3 × 3 grid, 10 to 12 stand in columns of up to four rows.
export const PIP = 0.25;
const L = -1.2; // the outer columns and the four rows of 10 to 12
const R = 1.2;
const ROWS4 = [-1.44, -0.48, 0.48, 1.44];
export const PIPS = {
  0: [],
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [-1, 0], [-1, 1], [1, -1], [1, 0], [1, 1]],
  7: [[-1, -1], [-1, 0], [-1, 1], [0, 0], [1, -1], [1, 0], [1, 1]],
  8: [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]],
  9: [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 0], [0, 1], [1, -1], [1, 0], [1, 1]],
  10: [...ROWS4.map((y) => [L, y]), [0, -0.96], [0, 0.96], ...ROWS4.map((y) => [R, y])],
  11: [...ROWS4.map((y) => [L, y]), [0, -0.96], [0, 0], [0, 0.96], ...ROWS4.map((y) => [R, y])],
  12: [...ROWS4.map((y) => [L, y]), ...ROWS4.map((y) => [0, y]), ...ROWS4.map((y) => [R, y])],
};

/** A pip's radius on a half showing `value`: the numbers above six have more pips to a
 * half, so slightly smaller ones (still twice their gap, on a phone's 26 px half). */
export function pipRadius(value) {
  return value > 6 ? 0.075 : 0.09;
}

const DIRECTIONS = {
  east: { dx: 1, dy: 0 },
  west: { dx: -1, dy: 0 },
  south: { dx: 0, dy: 1 },
  north: { dx: 0, dy: -1 },
};

const horizontal = (direction) => direction === "east" || direction === "west";

/** The box of a tile laid running `direction`: a double lies across the run. */
function tileSize(double, direction) {
  const along = double ? 1 : 2;
  const across = double ? 2 : 1;
  return horizontal(direction) ? { w: along, h: across } : { w: across, h: along };
}

function overlaps(a, b) {
  const eps = 1e-6;
  return (
    Math.abs(a.x - b.x) < (a.w + b.w) / 2 - eps && Math.abs(a.y - b.y) < (a.h + b.h) / 2 - eps
  );
}

/** A tile with its two halves `inner` (touching the line) and `outer`, running `direction`
 * from the open end at `end` (the point in the middle of the end's edge). */
function place(inner, outer, direction, end) {
  const { dx, dy } = DIRECTIONS[direction];
  const double = inner === outer;
  const { w, h } = tileSize(double, direction);
  const along = horizontal(direction) ? w : h;
  const x = end.x + dx * (GAP + along / 2);
  const y = end.y + dy * (GAP + along / 2);
  // Reading order: the half on the left, or on top, comes first.
  const innerFirst = dx > 0 || dy > 0;
  return {
    first: innerFirst ? inner : outer,
    second: innerFirst ? outer : inner,
    x,
    y,
    w,
    h,
    upright: h > w,
    next: { x: x + (dx * along) / 2, y: y + (dy * along) / 2 },
  };
}

/**
 * Lay out `line` in a room `width` units wide (the board's width in tile halves).
 * @param {object} line view.round.line
 * @param {number} width
 */
export function layoutLine(line, width = Infinity) {
  const [a, b] = line.center.split("-").map(Number);
  const tiles = [];
  const marks = {};
  const centerDouble = a === b;
  // The opening tile lies along the line; a double crosswise.
  const center = {
    first: a,
    second: b,
    x: 0,
    y: 0,
    w: centerDouble ? 1 : 2,
    h: centerDouble ? 2 : 1,
    upright: centerDouble,
    arm: "center",
    index: 0,
  };
  tiles.push(center);
  // The room: centred on the opening tile, one square kept at each side for an end's mark.
  const half = Number.isFinite(width) ? Math.max(width / 2, 2.5) : Infinity;
  const minX = -half;
  const maxX = half;

  const fits = (box) => box.x - box.w / 2 >= minX - 1e-6 && box.x + box.w / 2 <= maxX + 1e-6;
  const free = (box) => !tiles.some((tile) => overlaps(tile, box));

  /** Lay the spinner's up and down arms straight out of its long sides. */
  function spinnerArms(spinner, runDirection) {
    const across = horizontal(runDirection) ? ["north", "south"] : ["west", "east"];
    for (const [arm, direction] of [
      ["up", across[0]],
      ["down", across[1]],
    ]) {
      const { dx, dy } = DIRECTIONS[direction];
      let end = { x: spinner.x + (dx * spinner.w) / 2, y: spinner.y + (dy * spinner.h) / 2 };
      line[arm].forEach(([inner, outer], index) => {
        const tile = place(inner, outer, direction, end);
        tiles.push({ ...tile, arm, index });
        end = tile.next;
      });
      if (arm in (line.ends || {})) marks[arm] = markAt(end, direction);
    }
  }

  function markAt(end, direction) {
    const { dx, dy } = DIRECTIONS[direction];
    return { x: end.x + dx * (GAP + 0.5), y: end.y + dy * (GAP + 0.5), w: 1, h: 1 };
  }

  const spinnerAtCenter = line.spinner === "center";
  if (spinnerAtCenter) spinnerArms(center, "east");

  /** Lay one arm: running `start` from the centre, turning `turn` (south or north) at each
   * edge of the room, to come back the other way on a new row. */
  function layArm(arm, start, turn) {
    let direction = start;
    let end = { x: (DIRECTIONS[start].dx * center.w) / 2, y: 0 };
    let rowY = 0;
    line[arm].forEach(([inner, outer], index) => {
      let tile = place(inner, outer, direction, end);
      const { dx } = DIRECTIONS[direction];
      // The tile and, beyond it, a square for the end's mark must be inside the room.
      const reach = { ...tile, x: tile.x + (dx * (1 + GAP)) / 2, w: tile.w + 1 + GAP };
      if (!fits(reach) || !free(tile)) {
        // A corner: the tile goes across, under (or over) the last one's end...
        const dy = DIRECTIONS[turn].dy;
        const corner = place(inner, outer, turn, end);
        corner.x = end.x - (dx * corner.w) / 2;
        // Below (or above) the whole row, whose doubles stand out of it by half a square.
        const edge = rowY + dy;
        corner.y = edge + dy * (GAP + corner.h / 2);
        tiles.push({ ...corner, arm, index });
        if (line.spinner === arm && line.spinner_at === index) spinnerArms(corner, turn);
        // ...and the line comes back the other way from its far half.
        direction = direction === "east" ? "west" : "east";
        const back = DIRECTIONS[direction].dx;
        rowY = corner.y + dy * Math.max(0, corner.h / 2 - 0.5);
        // A row must clear the last one's doubles: rows lie at least 2.5 squares apart.
        rowY = dy > 0 ? Math.max(rowY, edge + 1.5 + GAP) : Math.min(rowY, edge - 1.5 - GAP);
        end = { x: corner.x + (back * corner.w) / 2, y: rowY };
        return;
      }
      tiles.push({ ...tile, arm, index });
      if (line.spinner === arm && line.spinner_at === index) spinnerArms(tile, direction);
      end = tile.next;
    });
    if (arm in (line.ends || {})) marks[arm] = markAt(end, direction);
  }

  layArm("right", "east", "south");
  layArm("left", "west", "north");

  for (const tile of tiles) {
    tile.name = `${Math.min(tile.first, tile.second)}-${Math.max(tile.first, tile.second)}`;
    delete tile.next;
  }
  const spinner = tiles.find(
    (tile) => tile.arm === line.spinner && (line.spinner === "center" || tile.index === line.spinner_at),
  );
  for (const tile of tiles) tile.spinner = tile === spinner;
  const boxes = [...tiles, ...Object.values(marks)];
  const box = {
    minX: Math.min(...boxes.map((item) => item.x - item.w / 2)),
    maxX: Math.max(...boxes.map((item) => item.x + item.w / 2)),
    minY: Math.min(...boxes.map((item) => item.y - item.h / 2)),
    maxY: Math.max(...boxes.map((item) => item.y + item.h / 2)),
  };
  return { tiles, marks, box };
}
