/* The board of a Triominos table (docs/protocol.md, "state at a Triominos table"): the
   tiles laid on their triangles with the number at each corner, centred and zoomable
   (buttons; the frame scrolls when zoomed in, and a phone's pinch works as on any page),
   and, while the player chooses where a tile goes, the cells where it fits, each a
   button, then the turns it may lie with on the chosen cell when more than one fits. */
import { classes, el, fill, svgEl } from "../dom.mjs";
import {
  bounds,
  cellCentre,
  cellPolygon,
  cellsFor,
  cornerLabels,
  isUp,
  turned,
  turnsAt,
  viewBox,
  zoomStep,
} from "../triominos-geometry.mjs";
import { $, state, t } from "./state.mjs";

const PADDING = 24; // the board's padding, both sides (table.css)

const points = (polygon) => polygon.map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).join(" ");

/** Whether the view is of a game of triangles (its round has a board, not a line). */
export function hasTriangles(view = state.view) {
  return Boolean(view && view.round && Array.isArray(view.round.board));
}

/** One triangle with its three numbers: a laid tile, a tile of the hand, a turn to choose. */
export function triangle(x, y, numbers, attrs = {}) {
  const group = svgEl("g", attrs);
  group.append(svgEl("polygon", { class: "tri-face", points: points(cellPolygon(x, y)) }));
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

/** A tile "a-b-c" on its own, pointing up, as the hand shows it (with turn k, as a turn to choose). */
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

/** The cells where the tile being chosen may go, once the player picked it. */
export function choiceCells() {
  const { choice, view } = state;
  if (!choice || !hasTriangles(view)) return [];
  if (choice.at) return [choice.at];
  return cellsFor(view.legal, choice.tile);
}

function cellButton(at, onCell) {
  const [x, y] = at;
  const choosing = !state.choice.at;
  const group = svgEl("g", {
    class: classes("tri-cell", choosing && "choosable", !choosing && "chosen"),
    "data-at": `${x},${y}`,
    role: choosing ? "button" : null,
    tabindex: choosing ? "0" : null,
    "aria-label": choosing ? t("put_at", { tile: state.choice.tile, x, y }) : null,
    onclick: choosing ? () => onCell(at) : null,
    onkeydown: choosing
      ? (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            onCell(at);
          }
        }
      : null,
  });
  group.append(svgEl("polygon", { points: points(cellPolygon(x, y)) }));
  return group;
}

function zoomButtons(render) {
  const zoom = state.zoom || 1;
  const set = (value) => {
    state.zoom = value;
    render();
  };
  return el(
    "div",
    { class: "zoom-buttons" },
    el("button", { type: "button", "data-zoom": "out", "aria-label": t("zoom_out"), disabled: zoom <= 1, onclick: () => set(zoomStep(zoom, -1)) }, "−"),
    el("button", { type: "button", "data-zoom": "fit", "aria-label": t("zoom_fit"), disabled: zoom === 1, onclick: () => set(1) }, "⤢"),
    el("button", { type: "button", "data-zoom": "in", "aria-label": t("zoom_in"), disabled: zoom >= 4, onclick: () => set(zoomStep(zoom, +1)) }, "+"),
  );
}

/** Draw the board into #board; `onCell(at)` is called when the player picks a cell. */
export function renderTriangles(onCell) {
  const board = $("board");
  const { round } = state.view;
  if (!round.board.length) {
    fill(board, el("p", { class: "board-empty" }, t("board_empty")));
    return;
  }
  const width = Math.max(200, (board.clientWidth || 384) - PADDING);
  const zoom = state.zoom || 1;
  const cells = choiceCells();
  const box = bounds([...round.board.map((cell) => cell.at), ...cells]);
  const frame = viewBox(box, width, Math.max(240, Math.min(width, 520)));
  const last = round.board[round.board.length - 1];
  const image = svgEl("svg", {
    class: "tri-board",
    viewBox: `${frame.x.toFixed(3)} ${frame.y.toFixed(3)} ${frame.width.toFixed(3)} ${frame.height.toFixed(3)}`,
    width: Math.round(width * zoom),
    height: Math.round((width * zoom * frame.height) / frame.width),
    role: "img",
    "aria-label": t("tri_board_label", {
      tiles: round.board.map((cell) => `${cell.tile} (${cell.at[0]}, ${cell.at[1]})`).join(", "),
    }),
  });
  for (const cell of round.board) {
    const [x, y] = cell.at;
    image.append(
      triangle(x, y, cell.corners, {
        class: classes("tri-laid", isUp(x, y) ? "up" : "down", cell === last && "last"),
        "data-tile": cell.tile,
        "data-at": `${x},${y}`,
      }),
    );
  }
  for (const at of cells) image.append(cellButton(at, onCell));
  const scroller = el("div", { class: classes("tri-frame", zoom > 1 && "zoomed") }, image);
  fill(board, zoomButtons(() => renderTriangles(onCell)), scroller);
  if (zoom > 1) {
    // Zoomed in: keep the board's middle (or the cells to choose from) in the middle of the frame.
    const focus = cells.length ? cellCentre(...cells[0]) : { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
    const scale = (width * zoom) / frame.width;
    scroller.scrollLeft = Math.max(0, (focus.x - frame.x) * scale - width / 2);
    scroller.scrollTop = Math.max(0, (focus.y - frame.y) * scale - 160);
  }
}

/** The turns the chosen tile may lie with on the chosen cell. */
export function choiceTurns() {
  const { choice, view } = state;
  if (!choice || !choice.at) return [];
  return turnsAt(view.legal, choice.tile, choice.at);
}
