/* Laying a Triominos tile: the player picks a tile of the hand, then a cell where it fits
   (on the board, triangles.mjs), then, when it fits that cell more than one way, a turn
   (buttons showing the tile as it would lie). Two clicks at most once the tile is picked;
   none more when the tile fits one place only. The server decides what fits: the page
   reads the legal plays of the view. */
import { tileImage } from "./triangles.mjs";
import { renderBoard } from "./boards.mjs";
import { deliberate, renderHand } from "./hand.mjs";
import { state, t } from "./state.mjs";
import { cellsFor, turnsAt, turned } from "../triominos-geometry.mjs";
import { el } from "../dom.mjs";

const same = (a, b) => a[0] === b[0] && a[1] === b[1];

/** A tile of the hand picked: laid at once where it fits one place only, else the choice
    of its cell (or of its turn, when it fits one cell only). */
export function pickTriangle(tile) {
  const { view } = state;
  const cells = cellsFor(view.legal, tile);
  if (state.waiting || !cells.length) return;
  if (state.choice && state.choice.tile === tile) return;
  if (cells.length === 1) {
    const turns = turnsAt(view.legal, tile, cells[0]);
    if (turns.length === 1) {
      sendPlace(tile, cells[0], turns[0]);
      return;
    }
    state.choice = { tile, at: cells[0], shownAt: performance.now() };
  } else {
    state.choice = { tile, at: null, shownAt: performance.now() };
  }
  renderHand();
  renderBoard();
}

/** A cell picked on the board: the tile is laid there, or its turns are offered. */
export function chooseCell(at) {
  if (!deliberate()) return;
  const { tile } = state.choice;
  const turns = turnsAt(state.view.legal, tile, at);
  if (!turns.length) return;
  if (turns.length === 1) {
    sendPlace(tile, at, turns[0]);
    return;
  }
  state.choice = { tile, at, shownAt: performance.now() };
  renderHand();
  renderBoard();
}

export function chooseTurn(turn) {
  if (!deliberate()) return;
  const { tile, at } = state.choice;
  if (turnsAt(state.view.legal, tile, at).includes(turn)) sendPlace(tile, at, turn);
}

/** The choice's prompt and buttons (hand.mjs shows them with a cancel button). */
export function triangleChoice() {
  const { tile, at } = state.choice;
  if (!at) return { prompt: t("choose_cell", { tile }), buttons: [] };
  const buttons = turnsAt(state.view.legal, tile, at).map((turn) => {
    const numbers = turned(tile, turn).join(", ");
    return el(
      "button",
      {
        type: "button",
        class: "turn-choice",
        "data-turn": turn,
        "aria-label": t("turn_choice", { numbers }),
        onclick: () => chooseTurn(turn),
      },
      tileImage(tile, turn),
    );
  });
  return { prompt: t("choose_turn", { tile }), buttons };
}

/** Send the play: the tile, its cell and its turn (R88). */
export function sendPlace(tile, at, turn) {
  const fits = state.view.legal.some((play) => play.play === tile && same(play.at, at) && play.turn === turn);
  if (!fits) return;
  if (!state.send({ type: "play", version: state.version, tile, at: [at[0], at[1]], turn })) return;
  state.waiting = true;
  state.choice = null;
  renderHand();
  renderBoard();
}
