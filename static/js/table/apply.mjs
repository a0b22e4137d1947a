/* Applying what the table's socket sends (docs/protocol.md): a state (the version rule:
   an older one is ignored, a gap asks for the full state again), who is here, an error;
   and what the page says when the server closed the socket for good. */
import { refusal } from "../socket.mjs";
import { renderBoard, renderBoardInfo } from "./boards.mjs";
import { renderClock, setClock, tick } from "./clock.mjs";
import { renderHand } from "./hand.mjs";
import { logEvents, noteRoundOvers, rebuildJournal } from "./journal.mjs";
import { announceTurn } from "./alerts.mjs";
import { renderRoundArea } from "./results.mjs";
import { renderCommitment, renderPublicInfo, renderScores } from "./scores.mjs";
import { renderPlayers, renderSeatList, renderSpectators, renderStatus, renderTurn } from "./seats.mjs";
import { $, placeOf, state, t } from "./state.mjs";

export function render() {
  const { table, view } = state;
  state.root.dataset.status = table.status;
  renderSpectators();
  renderStatus();
  $("waiting").hidden = table.status !== "open";
  $("closed").hidden = table.status !== "closed";
  $("abandoned").hidden = table.status !== "abandoned";
  if (table.status === "open") renderSeatList();
  $("game").hidden = view === null;
  if (view === null || view.round === null) return;
  renderClock();
  renderPlayers();
  renderTurn();
  renderBoardInfo();
  renderBoard();
  renderCommitment();
  renderRoundArea();
  renderHand();
  renderScores();
  renderPublicInfo();
  tick();
}

/** Who is here and the clock, without the rest of the table. */
function renderAround() {
  renderSpectators();
  if (state.table.status === "open") renderSeatList();
  if (state.view && state.view.round) {
    renderClock();
    renderPlayers();
  }
  tick();
}

export function applyState(message, receivedAt) {
  const { version } = state;
  if (version !== null && message.version < version) return; // seen already (around a reconnection)
  if (version !== null && message.version === version) {
    // The same state again (on reconnection, on sync): only who is here and the clock are newer.
    state.table.players = message.table.players;
    setClock(message.table.clock ?? null, receivedAt);
    if (message.journal) rebuildJournal(message.journal);
    renderAround();
    return;
  }
  const gap = version !== null && message.version > version + 1;
  const before = state.table ? state.table.players : [];
  state.version = message.version;
  state.table = message.table;
  state.view = message.view;
  state.waiting = false;
  state.choice = null;
  setClock(state.table.clock ?? null, receivedAt);
  if (message.events.length) {
    for (const event of message.events) {
      if (event.type === "play") {
        state.lastTile = event.tile;
        state.arriving = event.tile;
        state.arrivingFrom = state.view.round ? placeOf(event.seat) : null;
      }
      if (event.type === "round_started") state.lastTile = null;
    }
    const draws = message.events.filter((event) => event.type === "draw" && event.tile);
    state.drawnTiles = new Set(draws.map((event) => event.tile));
    noteRoundOvers(message.events);
  }
  if (message.journal) rebuildJournal(message.journal);
  render();
  logEvents(message.events, before);
  announceTurn();
  state.root.dataset.version = String(state.version);
  if (gap) state.resync(); // messages were lost: ask for the full view to be sure
}

export function applyPresence(message, receivedAt) {
  if (!state.table) return;
  state.table.players = message.players;
  if ("spectators" in message) state.table.spectators = message.spectators;
  // R53: a player gone on their own turn has a shorter clock. A clock of another
  // version than the page's belongs to a state the page has not got: not this one.
  if (message.version === state.version && "clock" in message) setClock(message.clock, receivedAt);
  renderAround();
  // Presence carries the current version: a higher one means a state was lost.
  if (state.version !== null && message.version > state.version) state.resync();
}

export function showError(text) {
  const banner = $("error");
  banner.querySelector(".error-message").textContent = text;
  banner.hidden = false;
}

export function receive(message, receivedAt) {
  // Other scripts of the page (ratings.mjs) hear every message too.
  state.root.dispatchEvent(new CustomEvent("table:message", { detail: message }));
  if (message.type === "state") applyState(message, receivedAt);
  else if (message.type === "presence") applyPresence(message, receivedAt);
  else if (message.type === "error") {
    showError(message.message);
    state.waiting = false;
    if (state.view && state.view.round) {
      renderHand();
      renderRoundArea();
    }
  }
}

/** What the notice says when the server closed the socket for good. */
export function refusalText(reason, notice) {
  const { key, values } = refusal(reason, notice, state.text.lang);
  return t(key, values);
}

