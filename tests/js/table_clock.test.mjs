// static/js/table/clock.mjs: the countdowns from the moment a message came, the warning said once.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { renderClock, secondsLeft, setClock, tick, turnClock } from "../../static/js/table/clock.mjs";
import { playing, setUp } from "./table-fixture.mjs";

let state;

function atTable(options) {
  const setup = setUp();
  Object.assign(setup.state, playing(options), { version: 3 });
  state = setup.state;
  return setup;
}

afterEach(() => {
  if (state && state.ticking !== null) clearInterval(state.ticking);
});

test("the seconds left count from the message's arrival on the page's own clock", () => {
  atTable();
  setClock({ kind: "turn", seat: 0, remaining_ms: 12300 }, 1000);
  assert.equal(secondsLeft(1000), 13);
  assert.equal(secondsLeft(5000), 9);
  assert.equal(secondsLeft(99999), 0);
  assert.ok(turnClock(0));
  assert.ok(!turnClock(1));
});

test("a stopped clock (R56: nobody at the table) stays at what was left", () => {
  atTable();
  setClock({ kind: "turn", seat: 1, remaining_ms: 30000, stopped: true }, 0);
  assert.equal(secondsLeft(1e9), 30);
});

test("the turn's clock is shown, short for an absent player (R53), and in the hand on one's own turn", () => {
  const { doc } = atTable({ turn: 1 });
  state.table.players[1].connected = false;
  setClock({ kind: "turn", seat: 1, remaining_ms: 5000 }, performance.now());
  renderClock();
  const box = doc.getElementById("clock");
  assert.equal(box.hidden, false);
  assert.ok(box.classList.contains("away"));
  assert.equal(box.querySelector(".clock-time").textContent, "clock_seconds(seconds=5)");
  assert.equal(doc.getElementById("hand-clock").hidden, true);
});

test("under ten seconds on the player's own turn, the warning is said once, not at every tick", () => {
  const { doc } = atTable({ turn: 0 });
  setClock({ kind: "turn", seat: 0, remaining_ms: 8000 }, performance.now());
  renderClock();
  const alert = doc.getElementById("clock-alert");
  assert.match(alert.textContent, /^clock_alert\(seconds=[78]\)$/);
  assert.ok(doc.getElementById("clock").querySelector(".clock-time").classList.contains("urgent"));
  alert.textContent = "";
  tick();
  assert.equal(alert.textContent, "");
  // A new turn's clock may warn again.
  state.version = 4;
  setClock({ kind: "turn", seat: 0, remaining_ms: 8000 }, performance.now());
  tick();
  assert.match(alert.textContent, /clock_alert/);
});

test("no clock: nothing shown, and the ticks stop", () => {
  const { doc } = atTable();
  setClock({ kind: "turn", seat: 0, remaining_ms: 8000 }, performance.now());
  assert.notEqual(state.ticking, null);
  setClock(null, performance.now());
  renderClock();
  assert.equal(doc.getElementById("clock").hidden, true);
  assert.equal(state.ticking, null);
});

test("R58: a robot seated by the host shows no clock (its deadline is a fallback); a daily attempt's robot does", () => {
  const { doc } = atTable({ turn: 1 });
  state.table.players[1].robot = true;
  setClock({ kind: "turn", seat: 1, remaining_ms: 16000 }, performance.now());
  renderClock();
  assert.ok(!turnClock(1));
  assert.equal(doc.getElementById("clock").hidden, true);
  state.table.daily = true;
  renderClock();
  assert.ok(turnClock(1));
  assert.equal(doc.getElementById("clock").hidden, false);
});
