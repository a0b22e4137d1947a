/* The live table page: it draws what the table's websocket sends (docs/protocol.md) and
   sends the player's plays. Its parts are modules around one state object (state.mjs):
   the board, the hand, the journal, the clock, the seats, the scores, the results
   (apply.mjs applies each message). Every text comes translated from the template
   (#table-text), so nothing here is in French. */
import { openSocket } from "../socket.mjs";
import { readTexts, translator } from "../text.mjs";
import { setUpAlerts } from "./alerts.mjs";
import { receive, refusalText, showError } from "./apply.mjs";
import { renderBoard } from "./boards.mjs";
import { cancelChoice } from "./hand.mjs";
import { $, resetState, state, t } from "./state.mjs";

// The page ------------------------------------------------------------------

let socket = null; // the table's socket (socket.mjs), once it is opened below
const root = document.getElementById("table");
resetState({
  root,
  page: JSON.parse(document.getElementById("table-data").textContent),
  text: translator(readTexts(document.getElementById("table-text")), document.documentElement.lang || "fr"),
  flags: {
    public: root.dataset.public === "true",
    teams: root.dataset.teams === "true",
    draws: root.dataset.draws === "true",
    wild: root.dataset.wild === "true",
    exact: root.dataset.exact === "true", // the target must be reached exactly (R35)
    lowWins: root.dataset.lowWins === "true", // the lowest total wins (R32)
  },
  send(message) {
    if (socket && socket.send(message)) return true;
    showError(t("no_socket"));
    return false;
  },
  resync: () => socket && socket.resync(),
});
setUpAlerts();

$("error")
  .querySelector(".error-dismiss")
  .addEventListener("click", () => {
    $("error").hidden = true;
  });

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && state.choice) cancelChoice();
});

// The invitation link (the host of a private table).
const copy = $("copy-invitation");
if (copy) {
  copy.addEventListener("click", async () => {
    const input = $("invitation-url");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      $("copy-feedback").textContent = t("copied");
    } catch {
      $("copy-feedback").textContent = t("copy_failed");
    }
  });
}

// The line is sized to the board's width.
let resizing = false;
window.addEventListener("resize", () => {
  if (resizing || !state.view || !state.view.round) return;
  resizing = true;
  requestAnimationFrame(() => {
    resizing = false;
    renderBoard();
  });
});

function notice(text, fatal) {
  const box = $("connection");
  box.classList.toggle("fatal", fatal);
  box.textContent = text;
  box.hidden = false;
}

// A private table is watched with its invitation only (the socket's URL carries it),
// and a closed or abandoned table has nothing more to say: the page as served is all there is.
const watchable = state.page.seat !== null || state.flags.public || state.page.invited;
const ended = ["closed", "abandoned"].includes(root.dataset.status);
if (watchable && !ended) {
  socket = openSocket(state.page.socket, {
    onMessage: receive,
    onOpen: () => {
      $("connection").hidden = true;
    },
    onLost: () => {
      state.waiting = false;
      notice(t("connection_lost"), false);
    },
    onRefused: (reason, sanction) => {
      state.waiting = false;
      notice(refusalText(reason, sanction), true);
    },
  });
}
