/* The table's journal: a line for each event (docs/protocol.md, "Events"), the rounds
   before the one under way folded above it, and the news of the last state said once. */
import { el, fill, present } from "../dom.mjs";
import { $, norList, playerName, sidePoints, state, t, winnersText } from "./state.mjs";

/** Where a play went: a train (Train mexicain: its owner's seat or "mexican"), or an end of the line. */
function playText(event, name) {
  if (event.train !== undefined) {
    const train =
      event.train === "mexican" ? t("log_train_mexican") : t("log_train_of", { name: playerName(event.train) });
    const text = t("log_play_train", { name, tile: event.tile, train });
    return event.covers ? `${text} ${t("log_covers")}` : text;
  }
  // Beside a lone opening double both sides are alike: no end to name.
  return event.end && !event.either_end
    ? t("log_play", { name, tile: event.tile, end: t(`end_${event.end}`) })
    : t("log_play_first", { name, tile: event.tile });
}

function playLine(event) {
  const name = playerName(event.seat);
  let text = playText(event, name);
  // R22: where the player chose which number stays open, say which.
  if (event.open_chosen) text += ` ${t("log_open_kept", { n: event.open })}`;
  if (event.points) text += ` ${t("log_points", { points: event.points })}`;
  // Triominos: the bonus the play earned (a bridge, a hexagon, two, an opening triple: R83, R84).
  if (event.bonus) text += ` ${t(`log_bonus_${event.bonus}`, { points: event.bonus_points })}`;
  if (event.forced) text += ` ${t("log_forced")}`;
  // R52: the player's clock ran out and the table played for them.
  if (event.auto) return { text: `${text} ${t("log_auto")}`, className: "auto" };
  return text;
}

/** Several draws in a row by one seat make one line; another seat's draws carry no tile (R6). */
function drawLine(seat, draws) {
  const name = playerName(seat);
  const tiles = draws.map((event) => event.tile).filter(Boolean);
  if (tiles.length === draws.length) return t("log_draw_own", { name, tiles: state.text.list(tiles) });
  if (draws.length === 1) return t("log_draw", { name });
  return t("log_draws", { name, count: draws.length });
}

/** The journal's lines for `events`; `before`: the players as they were (a seat just left). */
export function eventLines(events, before) {
  const lines = [];
  for (let i = 0; i < events.length; i += 1) {
    const event = events[i];
    switch (event.type) {
      case "seated":
        lines.push(t("log_seated", { name: playerName(event.seat) }));
        break;
      case "left": // the seat is free now: its name is in the table as it was
        lines.push(t("log_left", { name: playerName(event.seat, before) }));
        break;
      case "closed":
        lines.push(t("log_closed"));
        break;
      case "abandoned":
        lines.push(t("log_abandoned"));
        break;
      case "round_started":
        lines.push(t("log_round_started", { round: event.round, name: playerName(event.opener) }));
        break;
      case "play":
        lines.push(playLine(event));
        break;
      case "draw": {
        let last = i;
        const sameDraw = (next) => next && next.type === "draw" && next.seat === event.seat;
        while (sameDraw(events[last + 1])) last += 1;
        lines.push(drawLine(event.seat, events.slice(i, last + 1)));
        i = last;
        break;
      }
      case "pass":
        // A line game's pass names the ends it could not match; a Triominos pass costs
        // points (R84); a train game's names nothing.
        if (event.ends) lines.push(t("log_pass", { name: playerName(event.seat), numbers: norList(event.ends) }));
        else if (event.points) lines.push(t("log_pass_points", { name: playerName(event.seat), points: event.points }));
        else lines.push(t("log_pass_plain", { name: playerName(event.seat) }));
        break;
      case "round_over":
        lines.push(t("log_round_over", { round: event.round, result: t(`result_${event.result}`) }));
        lines.push(t("log_round_points", { points: sidePoints(event.points) }));
        break;
      case "rematch":
        lines.push(t("log_rematch", { name: playerName(event.seat) }));
        break;
      case "match_over":
        lines.push(t("log_match_over"));
        lines.push(winnersText(event.winner, "match_winner", "match_winners"));
        break;
      default:
        break; // an event this page does not know yet: the state shows its effect anyway
    }
  }
  return lines;
}

/** A line is a text, or {text, className} for a line marked apart (a play by the table). */
function lineItems(all) {
  return all
    .filter(present)
    .map((line) => (typeof line === "string" ? { text: line } : line))
    .map((line) => el("li", { class: line.className }, line.text));
}

/** The lines of the round under way go in the log; the rounds before it are folded above. */
function foldRound(number) {
  const log = $("log");
  if (!log.children.length) return;
  const items = [...log.children];
  $("log-earlier").append(
    el(
      "details",
      { class: "log-round", "data-round": number },
      el("summary", {}, t("log_round_title", { round: number })),
      el("ol", { class: "log" }, items),
    ),
  );
  fill(log);
}

/** Keep each round's round_over event: what its end scored (the difference, R34). */
export function noteRoundOvers(events) {
  for (const event of events) if (event.type === "round_over") state.roundOvers[event.round] = event;
}

/** The journal of the whole match, rebuilt from the server's (on every connection). */
export function rebuildJournal(journal) {
  const { table } = state;
  fill($("log-earlier"));
  fill($("log"));
  state.roundOvers = {};
  const seated = eventLines(journal.seated, table.players);
  if (!journal.rounds.length) $("log").append(...lineItems(seated));
  journal.rounds.forEach((round, index) => {
    if (index > 0) foldRound(journal.rounds[index - 1].number);
    noteRoundOvers(round.events);
    $("log").append(...lineItems([...(index === 0 ? seated : []), ...eventLines(round.events, table.players)]));
  });
  const current = journal.rounds.length ? journal.rounds[journal.rounds.length - 1].events : [];
  const plays = current.filter((event) => event.type === "play");
  state.lastTile = plays.length ? plays[plays.length - 1].tile : null;
  const log = $("log");
  log.scrollTop = log.scrollHeight;
}

/** The news of a state: its lines go to the log (a new round folds the last one away),
 * and are said once in #news. */
export function logEvents(events, before) {
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  const all = [];
  let chunk = [];
  const flush = () => {
    const lines = eventLines(chunk, before);
    all.push(...lines);
    log.append(...lineItems(lines));
    chunk = [];
  };
  for (const event of events) {
    if (event.type === "round_started" && event.round > 1) {
      flush();
      foldRound(event.round - 1);
    }
    chunk.push(event);
  }
  flush();
  const shown = all.filter(present).map((line) => (typeof line === "string" ? line : line.text));
  if (!shown.length) return;
  if (atBottom) log.scrollTop = log.scrollHeight;
  const news = $("news");
  news.textContent = shown.join(" · ");
  news.hidden = false;
}
