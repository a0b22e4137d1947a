/* The clock: what the table waits for and how long (R52–R54): a seat's turn, or the pause
   between rounds. The server counts `remaining_ms` when it builds a message; the page counts
   down from the moment it received it on its own monotonic clock (performance.now()), so
   the two clocks never need to agree. At zero the page shows 0 and waits: the server plays
   for the seat, or deals the next round, and says so. */
import { el, fill } from "../dom.mjs";
import { $, live, myTurn, state, t } from "./state.mjs";

const TICK_MS = 250;
export const URGENT_SECONDS = 10; // shown apart, and said once to the player whose turn it is

/** Take the clock of a message received at `receivedAt` (null: the table waits for nothing). */
export function setClock(data, receivedAt) {
  const next = data
    ? {
        kind: data.kind,
        seat: data.seat,
        version: state.version,
        endsAt: receivedAt + Math.max(0, data.remaining_ms),
        // R56: nobody is at the table: it waits, its clock stopped at what is left.
        stopped: data.stopped ? Math.max(0, data.remaining_ms) : null,
      }
    : null;
  const { clock } = state;
  const same = clock && next && clock.kind === next.kind && clock.seat === next.seat && clock.version === next.version;
  if (!same) {
    state.warned = false;
    $("clock-alert").textContent = "";
  }
  state.clock = next;
  if (next && state.ticking === null) state.ticking = setInterval(tick, TICK_MS);
}

export function secondsLeft(now = performance.now()) {
  const { clock } = state;
  if (clock && clock.stopped !== null) return Math.ceil(clock.stopped / 1000);
  return clock ? Math.max(0, Math.ceil((clock.endsAt - now) / 1000)) : 0;
}

/** Whether the clock now running is that of `seat`'s turn. */
export function turnClock(seat) {
  const { clock, view, table } = state;
  // R58: a robot a host seated plays when its worker has thought; its deadline is only
  // the fallback, not a clock to show. (A daily attempt's robots show their short one.)
  const player = table.players[seat];
  if (player && player.robot && !table.daily) return false;
  return clock !== null && clock.kind === "turn" && clock.seat === seat && view.status === "playing" && live();
}

/** An element the ticks keep saying `key` (a text with {seconds}) in. */
export function countdown(key, attrs = {}, tag = "span") {
  return el(tag, { ...attrs, "data-clock-text": key });
}

export function pauseClock() {
  return countdown("clock_pause", { id: "pause-clock", class: "pause-clock", role: "timer" }, "p");
}

export function renderClock() {
  const { clock, view, table } = state;
  const box = $("clock");
  const seat = clock && clock.kind === "turn" ? clock.seat : null;
  const shown = seat !== null && view !== null && view.round !== null && turnClock(seat);
  // R53: a seat whose player is away has the short clock.
  const player = shown ? table.players[seat] : null;
  const away = Boolean(player) && !player.connected && !player.robot;
  box.hidden = !shown;
  box.classList.toggle("away", away);
  if (!shown) {
    fill(box);
  } else {
    fill(
      box,
      countdown("clock_seconds", { class: "clock-time" }),
      away ? el("span", { class: "clock-away" }, t("clock_away")) : null,
    );
  }
  const handClock = $("hand-clock");
  handClock.hidden = !(shown && myTurn());
  if (handClock.hidden) handClock.removeAttribute("data-clock-text");
  else handClock.dataset.clockText = "clock_seconds";
  tick();
}

/** Redraw every countdown on the page; stop once the clock is gone or at zero. */
export function tick() {
  const { clock } = state;
  const seconds = secondsLeft();
  const urgent = clock !== null && clock.kind === "turn" && seconds <= URGENT_SECONDS;
  for (const node of state.root.querySelectorAll("[data-clock-text]")) {
    const text = t(node.dataset.clockText, { seconds });
    if (node.textContent !== text) node.textContent = text;
    node.classList.toggle("urgent", urgent);
  }
  // One warning, not a countdown read aloud: the clocks themselves are not live regions.
  if (urgent && !state.warned && seconds > 0 && state.view && state.view.round && myTurn()) {
    state.warned = true;
    $("clock-alert").textContent = t("clock_alert", { seconds });
  }
  if ((clock === null || seconds === 0) && state.ticking !== null) {
    clearInterval(state.ticking);
    state.ticking = null;
  }
}
