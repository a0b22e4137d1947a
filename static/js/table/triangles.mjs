/* The board of a Triominos table (docs/protocol.md, "state at a Triominos table"): the
   tiles laid on their triangles with the number at each corner, centred and zoomable
   (buttons; the frame scrolls when zoomed in, and a phone's pinch works as on any page),
   and, while the player chooses where a tile goes, the cells where it fits, each a
   button, then the turns it may lie with on the chosen cell when more than one fits. */
import { classes, el, fill, svgEl } from "../dom.mjs";
import { cellCentre, cellsFor, zoomStep } from "../triominos-geometry.mjs";
import { boardImage, cellPoints, tileImage } from "../triominos-image.mjs";
import { $, state, t } from "./state.mjs";

export { tileImage };

const PADDING = 24; // the board's padding, both sides (table.css)

/** Whether the view is of a game of triangles (its round has a board, not a line). */
export function hasTriangles(view = state.view) {
  return Boolean(view && view.round && Array.isArray(view.round.board));
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
  group.append(svgEl("polygon", { points: cellPoints(x, y) }));
  return group;
}

function zoomButtons(render) {
  const zoom = state.zoom || 1;
  const set = (value) => {
    state.zoom = value;
    render();
  };
  const button = (name, label, disabled, to, text) =>
    el("button", { type: "button", "data-zoom": name, "aria-label": t(label), disabled, onclick: () => set(to) }, text);
  return el(
    "div",
    { class: "zoom-buttons" },
    button("out", "zoom_out", zoom <= 1, zoomStep(zoom, -1), "−"),
    button("fit", "zoom_fit", zoom === 1, 1, "⤢"),
    button("in", "zoom_in", zoom >= 4, zoomStep(zoom, +1), "+"),
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
  const { image, frame } = boardImage(round.board, width, {
    around: cells,
    zoom,
    label: t("tri_board_label", {
      tiles: round.board.map((cell) => `${cell.tile} (${cell.at[0]}, ${cell.at[1]})`).join(", "),
    }),
  });
  for (const at of cells) image.append(cellButton(at, onCell));
  const scroller = el("div", { class: classes("tri-frame", zoom > 1 && "zoomed") }, image);
  fill(board, zoomButtons(() => renderTriangles(onCell)), scroller);
  if (zoom > 1) {
    // Zoomed in: keep the board's middle (or the cells to choose from) in the middle of the frame.
    const middle = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
    const focus = cells.length ? cellCentre(...cells[0]) : middle;
    const scale = (width * zoom) / frame.width;
    scroller.scrollLeft = Math.max(0, (focus.x - frame.x) * scale - width / 2);
    scroller.scrollTop = Math.max(0, (focus.y - frame.y) * scale - 160);
  }
}
