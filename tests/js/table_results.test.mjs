// static/js/table/results.mjs: the end of the match: "Revanche", the replay, and at a
// daily attempt the rank of the moment, the day's ranking and when the replay opens.
import assert from "node:assert/strict";
import { test } from "node:test";

import { renderRoundArea } from "../../static/js/table/results.mjs";
import { playing, setUp } from "./table-fixture.mjs";

function matchOver(page = {}) {
  const setup = setUp({ page: { seat: 0, socket: "/ws/tables/5/", daily: null, ...page } });
  const { doc, state } = setup;
  Object.assign(state, playing(), { version: 40 });
  state.table.status = "over";
  Object.assign(state.view, { status: "over", winner: 0, scores: [101, 40] });
  state.view.round.hands = [[], ["2-3"]];
  state.view.round.pips_left = [0, 5];
  state.view.round.result = "domino";
  state.view.round.winner = 0;
  state.root.dataset.replay = "/tables/5/revoir/";
  state.root.dataset.lobby = "/salon/";
  state.root.dataset.tableUrl = "/tables/0/";
  const form = doc.createElement("form");
  form.setAttribute("id", "rematch-form");
  form.hidden = true;
  const button = doc.createElement("button");
  button.setAttribute("id", "rematch");
  button.textContent = "Revanche";
  form.append(button);
  state.root.append(form);
  return setup;
}

const DAILY = {
  ranking_url: "/defi/2026-12-01/",
  standing_url: "/defi/2026-12-01/classement/",
  replay_opens: "2026-12-01T23:00:00+00:00",
  replay_open: false,
};

const answer = (body) => async () => ({ ok: true, json: async () => body });

test("a finished match offers the rematch and the replay", () => {
  const { doc } = matchOver();
  renderRoundArea();
  const panel = doc.getElementById("match-over");
  assert.equal(doc.getElementById("rematch-form").hidden, false);
  assert.equal(doc.getElementById("rematch").textContent, "Revanche");
  assert.equal(panel.querySelector("#replay-link").getAttribute("href"), "/tables/5/revoir/");
  assert.equal(panel.querySelector("#daily-rank"), null);
});

test("once a player asked for the rematch, the others are offered to join it", () => {
  const { doc, state } = matchOver();
  Object.assign(state.table, { rematch: 9, rematch_status: "open" });
  renderRoundArea();
  assert.equal(doc.getElementById("rematch").textContent, "join_rematch");
  assert.equal(doc.getElementById("rematch-link"), null);
});

test("once the rematch is over, the page links to it instead of offering to join it", () => {
  for (const status of ["over", "closed", "abandoned"]) {
    const { doc, state } = matchOver();
    Object.assign(state.table, { rematch: 9, rematch_status: status });
    renderRoundArea();
    assert.equal(doc.getElementById("rematch-form").hidden, true, status);
    const link = doc.getElementById("rematch-link");
    assert.equal(link.getAttribute("href"), "/tables/9/");
    assert.equal(link.textContent, "see_rematch");
  }
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

test("a daily attempt's end: when the replay opens, the day's ranking, the rank of the moment", async () => {
  const { doc } = matchOver({ daily: DAILY });
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    return answer({ ranked: 7, mine: { rank: 3 } })();
  };
  renderRoundArea();
  const panel = doc.getElementById("match-over");
  assert.equal(panel.querySelector("#replay-link"), null, "no link to a replay that is not open yet");
  assert.match(panel.querySelector("#replay-opens").textContent, /^replay_opens\(when=.*2026.*\)$/);
  assert.equal(panel.querySelector("#daily-ranking-link").getAttribute("href"), "/defi/2026-12-01/");
  assert.equal(panel.querySelector("#daily-rank").textContent, "daily_rank_pending");
  assert.equal(doc.getElementById("rematch-form").hidden, true, "a daily attempt has no rematch");
  renderRoundArea(); // drawn again while the question is on its way: asked once
  await settle();
  assert.deepEqual(asked, ["/defi/2026-12-01/classement/"]);
  assert.equal(doc.getElementById("daily-rank").textContent, "daily_rank(rank=3,total=7)");
  renderRoundArea();
  await settle();
  assert.equal(doc.getElementById("daily-rank").textContent, "daily_rank(rank=3,total=7)");
  assert.equal(asked.length, 1);
});

test("a daily attempt not ranked says so; once the day is over its replay is linked", async () => {
  const { doc } = matchOver({ daily: { ...DAILY, replay_open: true } });
  globalThis.fetch = answer({ ranked: 2, mine: { rank: null } });
  renderRoundArea();
  await settle();
  assert.equal(doc.getElementById("daily-rank").textContent, "daily_unranked");
  assert.equal(doc.getElementById("replay-link").getAttribute("href"), "/tables/5/revoir/");
  assert.equal(doc.getElementById("replay-opens"), null);
});

test("the rank is not known while the network is away: the panel says it is coming", async () => {
  const { doc } = matchOver({ daily: DAILY });
  globalThis.fetch = async () => {
    throw new TypeError("network");
  };
  renderRoundArea();
  await settle();
  assert.equal(doc.getElementById("daily-rank").textContent, "daily_rank_pending");
});
