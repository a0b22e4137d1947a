/* What the board and the scores say: the stock, the open ends or the count that scores
   (R41), the round's commitment and seed (R12), the scores, and what every seat may work
   out from what R6 shows. */
import { classes, el, fill } from "../dom.mjs";
import { boardOf } from "./boards.mjs";
import { $, END_NAMES, playerName, sideName, state, t, tileCount } from "./state.mjs";

export function renderBoardInfo() {
  const round = state.view.round;
  const items = [];
  if (state.flags.draws) items.push(t("stock", { tiles: tileCount(round.stock_size) }));
  if (round.count_parts) {
    items.push(...countInfo(round));
  } else if (round.line) {
    const ends = END_NAMES.filter((end) => end in round.line.ends).map((end) =>
      t("end_value", { end: t(`end_${end}`), n: round.line.ends[end] }),
    );
    items.push(t("ends", { ends: ends.join(", ") }));
  }
  fill(
    $("board-info"),
    items.map((item) => el("span", { class: "info" }, item)),
  );
}

/** R41: the count, the ends that make it and why; the ends that count nothing, and why. */
export function countInfo(round) {
  const counting = round.count_parts.filter((part) => part.counts > 0);
  const terms = counting.map((part) =>
    t(["double", "spinner", "lone_double"].includes(part.why) ? "count_part_double" : "count_part", {
      end: t(`end_${part.end}`),
      n: part.number,
      counts: part.counts,
    }),
  );
  const items = [t("count_sum", { count: round.count, terms: terms.join(" + ") || "0" })];
  const empty = round.count_parts.filter((part) => part.why === "empty_arm").map((part) => t(`end_${part.end}`));
  if (empty.length) items.push(t("count_empty_arms", { ends: state.text.list(empty) }));
  if (counting.some((part) => part.why === "spinner")) items.push(t("count_spinner"));
  return items;
}

export function renderCommitment() {
  const dealt = state.table.rounds.find((entry) => entry.number === state.view.round.number);
  fill(
    $("commitment"),
    dealt ? el("span", {}, t("commitment", { value: dealt.commitment })) : null,
    dealt && dealt.seed ? el("span", {}, t("seed", { value: dealt.seed })) : null,
  );
}

/** A line game's target: points to reach (exactly, R35, where the variant says so). */
export function lineTarget(view) {
  return t(state.flags.exact ? "target_exact" : "target", view);
}

export function renderScores() {
  const { view, flags } = state;
  const round = view.round;
  // Points scored during play: all_fives, fives_threes (a count), Triominos (a board).
  const showRound = (round.count !== null && round.count !== undefined) || Array.isArray(round.board);
  const rows = view.scores.map((score, side) =>
    el(
      "tr",
      { class: classes(view.side === side && "me"), "data-side": side },
      el("th", { scope: "row" }, sideName(side)),
      el("td", { class: "score" }, String(score)),
      showRound ? el("td", {}, round.points[side] < 0 ? String(round.points[side]) : `+${round.points[side]}`) : null,
    ),
  );
  const target = view.target === null ? null : boardOf(round).targetText(view);
  fill(
    $("scores"),
    el(
      "table",
      { class: "score-table" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", { scope: "col" }, t(flags.teams ? "col_side" : "col_player")),
          el("th", { scope: "col" }, t("col_total")),
          showRound ? el("th", { scope: "col" }, t("col_round")) : null,
        ),
      ),
      el("tbody", {}, rows),
    ),
    target ? el("p", { class: "target" }, target) : null,
    flags.lowWins ? el("p", { class: "target" }, t("low_wins")) : null,
  );
}

/** The public panel's caption: each number's seven tiles (double-six), or thirteen
 * (double-twelve, R70), counted off the panel itself. */
function caption(panel) {
  const each = Math.max(...panel.map((entry) => entry.on_line + (entry.in_hand ?? 0) + entry.unseen));
  return each === 7 ? t("public_caption") : t("public_caption_count", { count: each });
}

/** What every seat may work out from what R6 shows (the server counts it): for each
 * number, its tiles laid (on the line, or on the trains and the hub in Train mexicain,
 * R78), in the viewer's hand and unseen, and who showed they hold none of it. */
export function renderPublicInfo() {
  const { view } = state;
  const panel = view.round.public;
  const box = $("public-info");
  // A game without the panel (Triominos: its board shows it all) shows no empty section.
  const section = box.closest("section");
  if (section) section.hidden = !panel;
  if (!panel) {
    fill(box);
    return;
  }
  const mine = view.seat !== null;
  const laid = Array.isArray(view.round.trains) ? "col_on_trains" : "col_on_line";
  const head = ["col_number", laid, ...(mine ? ["col_in_hand"] : []), "col_unseen", "col_none"];
  fill(
    box,
    el(
      "table",
      { class: "public-table" },
      el("caption", {}, caption(panel)),
      el("thead", {}, el("tr", {}, head.map((key) => el("th", { scope: "col" }, t(key))))),
      el(
        "tbody",
        {},
        panel.map((entry) =>
          el(
            "tr",
            { "data-number": entry.number },
            el("th", { scope: "row" }, String(entry.number)),
            el("td", {}, String(entry.on_line)),
            mine ? el("td", {}, String(entry.in_hand)) : null,
            el("td", {}, String(entry.unseen)),
            el("td", { class: "none" }, entry.none.map((seat) => playerName(seat)).join(", ")),
          ),
        ),
      ),
    ),
  );
}
