/* Which board the table page draws, decided in this one place from what the view holds
   (docs/protocol.md): a line (the double-six games and `chinois`), trains (Train
   mexicain, `round.trains`) or a board of triangles (Triominos, `round.board`). Each board draws itself, says what the board-info line
   shows, takes a tile of the hand clicked and asks where it goes when it fits several
   ways, adds what a seat's place shows of the round, and says what ends the match (a
   target of points, or Train mexicain's number of rounds). */
import { renderBoard as renderLine } from "./board.mjs";
import { dominoImage } from "../tiles.mjs";
import { pick as pickOnLine, renderChoice as lineChoice, showChoice } from "./hand.mjs";
import { lineTarget, renderBoardInfo as lineInfo } from "./scores.mjs";
import { chooseCell, pickTriangle, triangleChoice } from "./placing.mjs";
import { linePasses, passCount } from "./seats.mjs";
import { renderTriangles, tileImage as triangleImage } from "./triangles.mjs";
import { pickTrain, renderTrains, renderTrainsInfo, trainChoice, trainSeatNotes } from "./trains.mjs";
import { state, t } from "./state.mjs";

const domino = (tile) => dominoImage(tile, { upright: true });

const LINE = {
  image: domino,
  render: () => renderLine(),
  info: () => lineInfo(),
  pick: (tile) => pickOnLine(tile),
  renderChoice: () => lineChoice(),
  seatNotes: (round, seat) => linePasses(round, seat),
  targetText: (view) => lineTarget(view),
};

const TRAINS = {
  image: domino,
  render: () => renderTrains(),
  info: () => renderTrainsInfo(),
  pick: (tile) => pickTrain(tile),
  renderChoice: () => trainChoice(),
  seatNotes: (round, seat) => trainSeatNotes(round, seat),
  targetText: (view) => t("target_rounds", { target: view.target }),
};

const TRIANGLES = {
  image: (tile) => triangleImage(tile),
  render: () => renderTriangles(chooseCell),
  info: () => lineInfo(),
  pick: (tile) => pickTriangle(tile),
  renderChoice: () => {
    if (!state.choice) return showChoice();
    const { prompt, buttons } = triangleChoice();
    return showChoice(prompt, buttons);
  },
  seatNotes: (round, seat) => passCount(round, seat),
  targetText: (view) => lineTarget(view),
};

/** The board of a round as its view gives it. */
export function boardOf(round) {
  if (round && Array.isArray(round.trains)) return TRAINS;
  return round && Array.isArray(round.board) ? TRIANGLES : LINE;
}

export function renderBoard() {
  boardOf(state.view && state.view.round).render();
}

export function renderBoardInfo() {
  boardOf(state.view.round).info();
}
