/* The end of a round (every hand, the points, the next round) and of the match (the
   winner, the final scores, "Revanche", the replay; at a daily attempt, the player's rank
   of the moment, when the replay opens and the day's ranking). */
import { el, fill } from "../dom.mjs";
import { dominoImage } from "../tiles.mjs";
import { pauseClock } from "./clock.mjs";
import { $, live, playerName, sideName, sidePoints, state, t, winnersText } from "./state.mjs";
import { hasTriangles, tileImage } from "./triangles.mjs";

const shownTile = (tile) =>
  hasTriangles() ? tileImage(tile, 0, tile) : dominoImage(tile, { upright: false, label: tile });

/** The end of the current round: its result, every hand, the points. */
function roundSummary() {
  const { view, table } = state;
  const round = view.round;
  const winnerLine = winnersText(round.winner, "round_winner", "round_winners") ?? t("round_no_winner");
  const hands = table.players.map((player, seat) =>
    el(
      "tr",
      { "data-seat": seat },
      el("th", { scope: "row" }, playerName(seat)),
      el(
        "td",
        {},
        el(
          "div",
          { class: "shown-hand" },
          round.hands[seat].length
            ? round.hands[seat].map(shownTile)
            : el("span", { class: "muted" }, t("empty_hand")),
        ),
      ),
      el("td", { class: "pips" }, String(round.pips_left[seat])),
    ),
  );
  return [
    el("p", { class: "result-line" }, t("result", { result: t(`result_${round.result}`) })),
    el("p", { class: "result-line" }, winnerLine),
    el(
      "table",
      { class: "hands-table" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ["col_player", "col_hand", "col_pips"].map((key) => el("th", { scope: "col" }, t(key))),
        ),
      ),
      el("tbody", {}, hands),
    ),
    el("p", { class: "result-line" }, t("log_round_points", { points: sidePoints(round.points) })),
    differenceLine(state.roundOvers[round.number]),
    hasTriangles() ? endLines(state.roundOvers[round.number]) : null,
  ];
}

/** Triominos: what the round's end itself scored and why (R85), and the bonuses of play (R83, R84). */
function endLines(event) {
  const lines = [];
  const awarded = event && event.awarded;
  if (awarded) {
    const seat = event.winner;
    if (event.result === "domino") {
      lines.push(t("tri_end_domino", { name: playerName(seat), points: awarded[seat], hands: awarded[seat] - 25 }));
    } else if (seat !== null && seat !== undefined) {
      lines.push(t("tri_end_blocked", { name: playerName(seat), points: awarded[seat] }));
    } else {
      lines.push(t("tri_end_tied"));
    }
  }
  lines.push(t("tri_bonuses"));
  return lines.map((line) => el("p", { class: "result-line tri-end" }, line));
}

/** R34: the difference of the hands, and that it was rounded to a multiple of 5 when it was. */
function differenceLine(event) {
  const difference = event && event.difference;
  if (!difference) return null;
  const key = difference.pips === difference.scored ? "difference" : "difference_rounded";
  return el("p", { class: "result-line difference" }, t(key, difference));
}

function roundOverPanel() {
  const { view, clock } = state;
  const host = view.seat === 0;
  // R54: the next round comes by itself after the pause, or sooner from the host's button.
  const pause = live() && clock !== null && clock.kind === "pause";
  let next = null;
  if (live() && host) {
    next = el("button", { type: "button", id: "next-round", disabled: state.waiting, onclick: nextRound }, t("next_round"));
  } else if (live()) {
    next = el("p", { class: "wait" }, t(pause ? "host_may_start" : "wait_host"));
  }
  return el(
    "section",
    { id: "round-over", class: "panel result" },
    el("h2", {}, t("round_over_title", { round: view.round.number })),
    roundSummary(),
    pause ? pauseClock() : null,
    next,
  );
}

function matchOverPanel() {
  const { view, root, page } = state;
  const winner = winnersText(view.winner, "match_winner", "match_winners");
  const won = view.side !== null && [view.winner].flat().includes(view.side);
  const finals = view.scores.map((score, side) =>
    el("li", { "data-side": side }, el("strong", {}, sideName(side)), ` ${score}`),
  );
  const daily = page.daily;
  return el(
    "section",
    { id: "match-over", class: "panel result" },
    el("h2", {}, t("match_over_title")),
    winner ? el("p", { class: "winner" }, winner) : null,
    won ? el("p", { class: "winner" }, t("you_won")) : null,
    el("h3", {}, t("final_scores")),
    el("ul", { class: "final-scores" }, finals),
    view.round && view.round.hands ? [el("h3", {}, t("last_round")), roundSummary()] : null,
    daily ? dailyEnd(daily) : [rematch(), replayLink(root.dataset.replay)],
    el("p", {}, el("a", { href: root.dataset.lobby, class: "button-link" }, t("back_to_lobby"))),
  );
}

const replayLink = (href) => el("p", {}, el("a", { id: "replay-link", href }, t("replay")));

/** A daily attempt's end: the rank of the moment (the day's ranking goes on until its end),
 * the day's ranking, and the replay, which opens when the day is over (its deals are
 * secret until then, R63). */
function dailyEnd(daily) {
  const when = new Intl.DateTimeFormat(state.text.lang, { dateStyle: "long", timeStyle: "short" });
  return [
    el("p", { id: "daily-rank", class: "daily-rank" }, standingText()),
    el("p", {}, el("a", { id: "daily-ranking-link", href: daily.ranking_url }, t("daily_ranking"))),
    daily.replay_open
      ? replayLink(state.root.dataset.replay)
      : el("p", { id: "replay-opens", class: "muted" }, t("replay_opens", { when: when.format(new Date(daily.replay_opens)) })),
  ];
}

function standingText() {
  const { standing } = state;
  if (standing === null) return t("daily_rank_pending");
  if (!standing.rank) return t("daily_unranked");
  return t("daily_rank", { rank: standing.rank, total: standing.total });
}

let asking = false; // a question to the day's ranking is on its way

/** Ask the day's ranking for the player's rank, once the attempt is over. */
export async function fetchStanding(fetcher = globalThis.fetch) {
  const daily = state.page.daily;
  if (!daily || state.standing !== null || asking) return;
  asking = true;
  try {
    const response = await fetcher(daily.standing_url, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const data = await response.json();
    state.standing = { rank: data.mine ? data.mine.rank : null, total: data.ranked };
  } catch {
    return; // the network is away: the panel says the rank is not known yet
  } finally {
    asking = false;
  }
  const line = $("daily-rank");
  if (line) line.textContent = standingText();
}

/** "Revanche" for the players (the form is in the page, with its CSRF token); once the
 * return match has ended, a link to it instead. */
function rematch() {
  const form = $("rematch-form");
  if (!form) return null;
  const { table } = state;
  const ended = ["over", "closed", "abandoned"].includes(table.rematch_status);
  if (table.rematch && ended) {
    form.hidden = true;
    const href = state.root.dataset.tableUrl.replace("/0/", `/${table.rematch}/`);
    return el("p", {}, el("a", { id: "rematch-link", href }, t("see_rematch")));
  }
  form.hidden = false;
  if (table.rematch) $("rematch").textContent = t("join_rematch");
  return form;
}

export function renderRoundArea() {
  const area = $("round-area");
  const { status } = state.view;
  if (status === "round_over") fill(area, roundOverPanel());
  else if (status === "over") {
    fill(area, matchOverPanel());
    fetchStanding();
  } else fill(area);
}

function nextRound() {
  if (state.waiting || !state.send({ type: "next_round", version: state.version })) return;
  state.waiting = true;
  $("next-round").disabled = true;
}
