/* Which board the table page draws, decided in this one place from what the view holds
   (docs/protocol.md): a line (the double-six games and `chinois`) or trains (Train
   mexicain, `round.trains`). Each board draws itself, says what the board-info line
   shows, takes a tile of the hand clicked and asks where it goes when it fits several
   ways, adds what a seat's place shows of the round, and says what ends the match (a
   target of points, or Train mexicain's number of rounds). */
import { renderBoard as renderLine } from "./board.mjs";
import { pick as pickOnLine, renderChoice as lineChoice } from "./hand.mjs";
import { lineTarget, renderBoardInfo as lineInfo } from "./scores.mjs";
import { linePasses } from "./seats.mjs";
import { pickTrain, renderTrains, renderTrainsInfo, trainChoice, trainSeatNotes } from "./trains.mjs";
import { state, t } from "./state.mjs";

const LINE = {
  render: () => renderLine(),
  info: () => lineInfo(),
  pick: (tile) => pickOnLine(tile),
  renderChoice: () => lineChoice(),
  seatNotes: (round, seat) => linePasses(round, seat),
  targetText: (view) => lineTarget(view),
};

const TRAINS = {
  render: () => renderTrains(),
  info: () => renderTrainsInfo(),
  pick: (tile) => pickTrain(tile),
  renderChoice: () => trainChoice(),
  seatNotes: (round, seat) => trainSeatNotes(round, seat),
  targetText: (view) => t("target_rounds", { target: view.target }),
};

/** The board of a round as its view gives it. */
export function boardOf(round) {
  return round && Array.isArray(round.trains) ? TRAINS : LINE;
}

export function renderBoard() {
  boardOf(state.view && state.view.round).render();
}

export function renderBoardInfo() {
  boardOf(state.view.round).info();
}
