/* Around the table: the seats before the match, then each player's place with their tiles,
   draws and passes, whose turn it is, the table's status line and its spectators. */
import { classes, el, fill } from "../dom.mjs";
import { boardOf } from "./boards.mjs";
import { countdown, turnClock } from "./clock.mjs";
import { $, live, myTurn, norList, placeOf, playerName, state, t, tileCount } from "./state.mjs";

function connectionDot(player) {
  if (!player) return null;
  // A robot (daily challenge, or seated by the host) is never connected, and never away.
  if (player.robot) return el("span", { class: "tag robot" }, t(state.table.daily ? "robot" : "robot_seated"));
  const label = t(player.connected ? "online" : "offline");
  return el("span", {
    class: classes("dot", player.connected ? "online" : "offline"),
    "data-connected": String(player.connected),
    role: "img",
    "aria-label": label,
    title: label,
  });
}

/** On a line game's place: the numbers its seat passed on (R6). */
export function linePasses(round, seat) {
  if (!round.passes[seat].length) return null;
  return el("p", { class: "seat-passes" }, t("passed", { numbers: norList(round.passes[seat]) }));
}

/** How many times the seat passed this round, where the view counts passes (Triominos). */
export function passCount(round, seat) {
  const count = round.passes[seat];
  return count ? el("p", { class: "seat-passes" }, t("passed_times", { count })) : null;
}

export function renderSeatList() {
  const { table, page } = state;
  fill(
    $("seat-list"),
    table.players.map((player, seat) =>
      el(
        "li",
        { class: classes("seat-entry", !player && "free") },
        connectionDot(player),
        el(
          "span",
          { class: "seat-name player-name", title: player ? player.name : null },
          player ? player.name : t("seat_free"),
        ),
        seat === 0 && !table.daily ? el("span", { class: "tag" }, t("host")) : null,
        seat === page.seat ? el("span", { class: "tag me" }, t("you")) : null,
      ),
    ),
  );
  const join = $("join");
  if (join) join.closest("form").hidden = table.players.every(Boolean);
}

export function renderPlayers() {
  const { table, view, flags } = state;
  const round = view.round;
  $("felt").dataset.seats = String(table.seats);
  fill(
    $("players"),
    table.players.map((player, seat) => {
      const turn = round.turn === seat && view.status === "playing" && live();
      return el(
        "article",
        {
          class: classes("seat-card", turn && "to-play", seat === view.seat && "me", flags.teams && `team-${seat % 2}`),
          "data-seat": seat,
          "data-place": placeOf(seat),
          "aria-current": turn ? "true" : null,
        },
        el(
          "p",
          { class: "seat-head" },
          connectionDot(player),
          el("strong", { class: "player-name", title: player ? player.name : null }, player ? player.name : t("seat_free")),
          seat === view.seat ? el("span", { class: "tag me" }, t("you")) : null,
          flags.teams ? el("span", { class: "tag" }, t("team", { n: (seat % 2) + 1 })) : null,
        ),
        el("p", { class: "seat-tiles" }, tileCount(round.hand_sizes[seat])),
        round.draws[seat] ? el("p", { class: "seat-draws" }, t("drew", { tiles: tileCount(round.draws[seat]) })) : null,
        boardOf(round).seatNotes(round, seat),
        turn
          ? el(
              "p",
              { class: "seat-turn" },
              t("their_turn"),
              turnClock(seat) ? [" · ", countdown("clock_seconds", { class: "seat-clock" })] : null,
            )
          : null,
      );
    }),
  );
}

export function renderStatus() {
  const { table, view } = state;
  const round = view && view.round;
  let status;
  if (table.status === "open") {
    status = t("status_open", { taken: table.players.filter(Boolean).length, seats: table.seats });
  } else if (table.status === "closed") {
    status = t("status_closed");
  } else if (table.status === "abandoned") {
    status = t("status_abandoned");
  } else if (view && view.status === "over") {
    status = t("status_over");
  } else if (round) {
    status = t(view.status === "round_over" ? "status_round_over" : "status_playing", { round: round.number });
  }
  if (view && view.seat === null && !["closed", "abandoned"].includes(table.status)) {
    status = t("status_with_note", { status, note: t("spectating") });
  }
  $("status").textContent = status;
}

export function renderTurn() {
  const { table, view } = state;
  const turn = $("turn");
  const mine = myTurn();
  turn.classList.toggle("mine", mine);
  turn.hidden = table.status === "abandoned"; // the status and the notice say it
  if (view.status === "over") turn.textContent = t("turn_over");
  else if (view.status === "round_over") turn.textContent = t("turn_round_over");
  else if (mine) fill(turn, t("turn_you"), " ", el("span", { class: "hint" }, t("hint")));
  else turn.textContent = t("turn_other", { name: playerName(view.round.turn) });
}

export function renderSpectators() {
  const box = $("spectators");
  const count = state.table.spectators ?? 0;
  box.hidden = count === 0;
  box.dataset.count = String(count);
  box.textContent = state.text.plural("spectators", count);
}
