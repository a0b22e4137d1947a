/* The player's hand, and their choice when a tile fits several ways: where it goes (an end
   of the line, pointed at on the board or named by a button) and, for a wild blank (R22),
   which number stays open. A play is sent once, then nothing until the server answers. */
import { classes, el, fill } from "../dom.mjs";
import { boardOf, renderBoard } from "./boards.mjs";
import { $, END_NAMES, endOf, myTurn, opensFor, state, t, unique, waysFor } from "./state.mjs";

// A choice must be the player's own deliberate click: a click that lands within this
// long of the choice appearing (the second half of a double-click) chooses nothing.
export const CHOICE_GUARD_MS = 300;

export function renderHand() {
  const { view } = state;
  const area = $("hand-area");
  // Between rounds and at the end, every hand is in the round's summary instead.
  area.hidden = view.hand === null || view.status !== "playing";
  if (area.hidden) return;
  area.classList.toggle("my-turn", myTurn());
  const playable = new Set(myTurn() ? view.legal.map((entry) => entry.play) : []);
  fill(
    $("hand"),
    view.hand.map((tile) => {
      const canPlay = playable.has(tile);
      const drawn = state.drawnTiles.has(tile);
      const selected = Boolean(state.choice && state.choice.tile === tile);
      return el(
        "button",
        {
          type: "button",
          class: classes("hand-tile", canPlay && "playable", drawn && "drawn", selected && "selected"),
          "data-tile": tile,
          "aria-disabled": canPlay ? null : "true",
          "aria-pressed": canPlay ? String(selected) : null,
          "aria-label": t(drawn ? "drawn_tile" : "tile_label", { tile }),
          onclick: () => boardOf(view.round).pick(tile),
        },
        boardOf(view.round).image(tile),
      );
    }),
  );
  boardOf(view.round).renderChoice();
}

/** A tile of the hand clicked: played at once where it fits one way only, else the choice. */
export function pick(tile) {
  const entries = waysFor(tile);
  if (state.waiting || !entries.length) return;
  if (state.choice && state.choice.tile === tile) return; // already asking where it goes: answer there
  const ways = unique(entries.map((entry) => `${endOf(entry)} ${entry.open}`));
  if (ways.length === 1) {
    sendPlay(tile, endOf(entries[0]), entries[0].open);
    return;
  }
  const ends = unique(entries.map(endOf));
  state.choice = { tile, end: ends.length === 1 ? ends[0] : undefined, shownAt: performance.now() };
  renderHand();
  renderBoard();
  keepEndsInView();
}

/** Keep the open ends to choose from in sight, without moving the hand under the
 * pointer: the choice's prompt goes to the top of the screen if it would cover one, and
 * the page scrolls only while the hand is stuck to the bottom of the screen (so that
 * scrolling leaves it where it is). */
export function keepEndsInView(selector = ".end-mark.choosable") {
  const marks = () => [...$("board").querySelectorAll(selector)].map((m) => m.getBoundingClientRect());
  if (!marks().length) return;
  const prompt = $("choice");
  const covers = (box, area) =>
    box.left < area.right && box.right > area.left && box.top < area.bottom && box.bottom > area.top;
  prompt.classList.remove("at-top");
  if (marks().some((box) => covers(box, prompt.getBoundingClientRect()))) prompt.classList.add("at-top");
  const hand = $("hand-area").getBoundingClientRect();
  const stuck = Math.abs(hand.bottom - window.innerHeight) < 2;
  if (!stuck) return;
  const ends = marks();
  const atTop = prompt.classList.contains("at-top");
  const limit = atTop ? hand.top : Math.min(hand.top, prompt.getBoundingClientRect().top);
  const ceiling = atTop ? prompt.getBoundingClientRect().bottom : 0;
  const top = Math.min(...ends.map((box) => box.top));
  const bottom = Math.max(...ends.map((box) => box.bottom));
  const margin = 8;
  let by = 0;
  if (bottom > limit - margin) by = bottom - limit + margin;
  if (top - by < ceiling + margin) by = top - ceiling - margin;
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}

/** Whether a click on a choice now is a deliberate one (see CHOICE_GUARD_MS). */
export function deliberate() {
  return state.choice !== null && performance.now() - state.choice.shownAt >= CHOICE_GUARD_MS;
}

export function chooseEnd(end) {
  if (!deliberate()) return;
  const { tile } = state.choice;
  const opens = opensFor(tile, end);
  if (opens.length === 1) {
    sendPlay(tile, end, opens[0]);
    return;
  }
  state.choice = { tile, end, shownAt: performance.now() };
  renderHand();
  renderBoard();
}

function chooseOpen(tile, end, open) {
  if (deliberate()) sendPlay(tile, end, open);
}

export function cancelChoice() {
  state.choice = null;
  renderHand();
  renderBoard();
}

/** The choice's box (#choice): hidden without a choice, else its prompt, its buttons and
 * "cancel"; it says once a click on it counts (CHOICE_GUARD_MS), for tests and styles. */
export function showChoice(prompt, buttons) {
  const box = $("choice");
  const { choice } = state;
  box.hidden = !choice;
  delete box.dataset.ready;
  if (!choice) {
    fill(box);
    return;
  }
  setTimeout(
    () => {
      if (state.choice === choice) box.dataset.ready = "true";
    },
    Math.max(0, choice.shownAt + CHOICE_GUARD_MS - performance.now()),
  );
  const cancel = el("button", { type: "button", class: "secondary", onclick: cancelChoice }, t("cancel"));
  box.setAttribute("aria-labelledby", "choice-prompt");
  fill(
    box,
    el("p", { id: "choice-prompt", class: "choice-prompt" }, prompt),
    el("div", { class: "choice-buttons" }, buttons, cancel),
  );
  (buttons[0] || cancel).focus({ preventScroll: true });
}

/** The line's choice: which end, then (a wild blank, R22) which number stays open. */
export function renderChoice() {
  const { choice } = state;
  if (!choice) {
    showChoice();
    return;
  }
  let prompt;
  let buttons;
  if (choice.end === undefined) {
    prompt = t("choose_end", { tile: choice.tile });
    const ends = new Set(waysFor(choice.tile).map(endOf));
    buttons = END_NAMES.filter((end) => ends.has(end)).map((end) =>
      el("button", { type: "button", "data-end": end, onclick: () => chooseEnd(end) }, t(`end_${end}`)),
    );
  } else {
    prompt = t("choose_open", { tile: choice.tile });
    const { tile, end } = choice;
    buttons = opensFor(tile, end).map((open) =>
      el(
        "button",
        { type: "button", "data-open": open, onclick: () => chooseOpen(tile, end, open) },
        t("open_choice", { n: open }),
      ),
    );
  }
  showChoice(prompt, buttons);
}

/** Send the play; `open` only where the server needs it: a wild blank that could leave either number. */
export function sendPlay(tile, end, open) {
  const message = { type: "play", version: state.version, tile };
  if (end !== null) message.end = end;
  if (opensFor(tile, end).length > 1) message.open = open;
  if (!state.send(message)) return;
  state.waiting = true;
  state.choice = null;
  renderHand();
  renderBoard();
}
