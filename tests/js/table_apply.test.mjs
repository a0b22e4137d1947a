// static/js/table/apply.mjs: the version rule, a lost state asked again, the notices.
import assert from "node:assert/strict";
import { test } from "node:test";

import { applyPresence, applyState, receive, refusalText } from "../../static/js/table/apply.mjs";
import { playing, setUp } from "./table-fixture.mjs";

function page() {
  const setup = setUp();
  for (const id of ["waiting", "closed", "abandoned", "game"]) {
    const node = setup.doc.createElement("div");
    node.setAttribute("id", id);
    setup.state.root.append(node);
  }
  const error = setup.doc.getElementById("error");
  const message = setup.doc.createElement("p");
  message.setAttribute("class", "error-message");
  error.append(message);
  let resyncs = 0;
  setup.state.resync = () => (resyncs += 1);
  return { ...setup, resyncs: () => resyncs };
}

function stateMessage(version, events = [], options = {}) {
  return { type: "state", version, events, ...playing(options) };
}

test("a state is drawn once; an older one is ignored; a gap asks for the full state", () => {
  const { doc, state, resyncs } = page();
  applyState(stateMessage(5, [{ type: "play", seat: 0, tile: "4-6", end: "right" }]), 0);
  assert.equal(state.version, 5);
  assert.equal(state.root.dataset.version, "5");
  assert.equal(state.lastTile, "4-6");
  assert.equal(doc.getElementById("game").hidden, false);
  assert.equal(doc.getElementById("board").querySelectorAll("g.domino").length, 2);
  applyState(stateMessage(4), 0);
  assert.equal(state.version, 5);
  assert.equal(resyncs(), 0);
  applyState(stateMessage(7), 0);
  assert.equal(state.version, 7);
  assert.equal(resyncs(), 1);
  if (state.ticking !== null) clearInterval(state.ticking);
});

test("presence of a later version than the page's means a lost state: asked again", () => {
  const { state, resyncs } = page();
  applyState(stateMessage(5), 0);
  const players = state.table.players.map((p) => ({ ...p, connected: false }));
  applyPresence({ type: "presence", version: 5, players }, 0);
  assert.equal(state.table.players[1].connected, false);
  assert.equal(resyncs(), 0);
  applyPresence({ type: "presence", version: 6, players }, 0);
  assert.equal(resyncs(), 1);
  if (state.ticking !== null) clearInterval(state.ticking);
});

test("an error is shown and lets the player send again", () => {
  const { doc, state } = page();
  applyState(stateMessage(5), 0);
  state.waiting = true;
  receive({ type: "error", code: "illegal", message: "Coup interdit." }, 0);
  assert.equal(doc.getElementById("error").hidden, false);
  assert.equal(doc.getElementById("error").querySelector(".error-message").textContent, "Coup interdit.");
  assert.equal(state.waiting, false);
  if (state.ticking !== null) clearInterval(state.ticking);
});

test("the notice of a closed socket: banned for a ban, suspended until its end for a suspension", () => {
  page();
  assert.equal(refusalText("sanctioned", { type: "sanctioned", sanction: "ban", until: null }), "banned");
  assert.match(
    refusalText("sanctioned", { type: "sanctioned", sanction: "suspension", until: "2026-12-04T10:00:00+00:00" }),
    /^suspended\(until=.*2026.*\)$/,
  );
  assert.equal(refusalText("not_found", null), "not_found");
});
