// static/js/socket.mjs: the back-off, the close codes from the page, what a close means.
import assert from "node:assert/strict";
import { test } from "node:test";

import { backoff, closeCodes, openSocket, refusal } from "../../static/js/socket.mjs";
import { installDocument } from "./fake-dom.mjs";

const CODES = { not_logged_in: 4401, sanctioned: 4403, no_such_table: 4404, presence_lost: 4408 };

/** A WebSocket that the test opens, feeds and closes. */
function fakeSockets() {
  const made = [];
  class FakeSocket {
    static OPEN = 1;
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.listeners = {};
      this.sent = [];
      made.push(this);
    }
    addEventListener(type, listener) {
      (this.listeners[type] ||= []).push(listener);
    }
    emit(type, event = {}) {
      if (type === "open") this.readyState = 1;
      if (type === "close") this.readyState = 3;
      for (const listener of this.listeners[type] || []) listener(event);
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
  }
  return { FakeSocket, made };
}

function harness(extra = {}) {
  const { FakeSocket, made } = fakeSockets();
  const log = [];
  const timers = [];
  const socket = openSocket("/ws/tables/7/", {
    codes: CODES,
    url: "ws://test/ws/tables/7/",
    WebSocketClass: FakeSocket,
    wait: (callback, delay) => timers.push({ callback, delay }),
    now: () => 1234,
    backoffOptions: { random: () => 0 },
    onMessage: (message, at) => log.push(["message", message, at]),
    onOpen: (info) => log.push(["open", info]),
    onLost: (delay) => log.push(["lost", delay]),
    onRefused: (reason, notice) => log.push(["refused", reason, notice]),
    ...extra,
  });
  return { socket, made, log, timers };
}

test("the back-off doubles from one second, stops at its ceiling, and adds at most its jitter", () => {
  const none = { random: () => 0 };
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5].map((n) => backoff(n, none)),
    [1000, 2000, 4000, 8000, 10000, 10000],
  );
  assert.equal(backoff(0, { random: () => 1 }), 1250);
  assert.equal(backoff(9, { random: () => 0.5, max: 16000 }), 18000);
  for (let i = 0; i < 50; i += 1) {
    const delay = backoff(2);
    assert.ok(delay >= 4000 && delay <= 5000, `${delay}`);
  }
});

test("the close codes are read from the page (games/close_codes.py renders them)", () => {
  const doc = installDocument([["close-codes", "script"]]);
  doc.getElementById("close-codes").textContent = JSON.stringify(CODES);
  assert.deepEqual(closeCodes(doc), CODES);
});

test("messages are parsed and timed; anything but JSON is dropped; send needs an open socket", () => {
  const { socket, made, log } = harness();
  assert.equal(socket.send({ type: "sync" }), false);
  made[0].emit("open");
  made[0].emit("message", { data: '{"type":"state","version":3}' });
  made[0].emit("message", { data: "not json" });
  assert.deepEqual(log, [
    ["open", { again: false }],
    ["message", { type: "state", version: 3 }, 1234],
  ]);
  assert.equal(socket.resync(), true);
  assert.deepEqual(made[0].sent, [{ type: "sync" }]);
});

test("a lost connection comes back after the back-off, and says it is a new one", () => {
  const { made, log, timers } = harness();
  made[0].emit("open");
  made[0].emit("close", { code: 1006 });
  assert.deepEqual(log.at(-1), ["lost", 1000]);
  timers.shift().callback();
  assert.equal(made.length, 2);
  made[1].emit("close", { code: CODES.presence_lost }); // never opened, but the server says: come back
  assert.deepEqual(log.at(-1), ["lost", 2000]);
  timers.shift().callback();
  made[2].emit("open");
  assert.deepEqual(log.at(-1), ["open", { again: true }]);
  made[2].emit("close", { code: 1006 });
  assert.deepEqual(log.at(-1), ["lost", 1000]); // an open socket starts the back-off again
});

test("4403 is final, with the sanction the server said before closing", () => {
  const { made, log, timers } = harness();
  made[0].emit("open");
  const notice = { type: "sanctioned", sanction: "suspension", until: "2026-12-04T10:00:00+00:00" };
  made[0].emit("message", { data: JSON.stringify(notice) });
  made[0].emit("close", { code: CODES.sanctioned });
  assert.deepEqual(log.at(-1), ["refused", "sanctioned", notice]);
  assert.equal(timers.length, 0);
});

test("4401 and 4404 are final too", () => {
  for (const [code, reason] of [
    [CODES.not_logged_in, "not_logged_in"],
    [CODES.no_such_table, "not_found"],
  ]) {
    const { made, log, timers } = harness();
    made[0].emit("open");
    made[0].emit("close", { code });
    assert.deepEqual(log.at(-1), ["refused", reason, null]);
    assert.equal(timers.length, 0);
  }
});

test("a handshake refused before it opened asks the page why, and tries again if it answers", async () => {
  const answers = ["not_logged_in", null];
  const { made, log, timers } = harness({ whyRefused: async () => answers.shift() });
  made[0].emit("close", { code: 1006 });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(log.at(-1), ["refused", "not_logged_in", null]);
  assert.equal(timers.length, 0);
  const second = harness({ whyRefused: async () => null });
  second.made[0].emit("close", { code: 1006 });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(second.log.at(-1), ["lost", 1000]);
});

test("the refusal's text: banned for a ban, suspended with its end for a suspension", () => {
  assert.deepEqual(refusal("sanctioned", { sanction: "ban", until: null }), { key: "banned", values: {} });
  assert.deepEqual(refusal("sanctioned", null), { key: "banned", values: {} });
  const suspended = refusal("sanctioned", { sanction: "suspension", until: "2026-12-04T10:00:00+00:00" }, "fr");
  assert.equal(suspended.key, "suspended");
  assert.match(suspended.values.until, /2026/);
  assert.match(suspended.values.until, /décembre/);
  assert.deepEqual(refusal("sanctioned", { sanction: "suspension", until: null }), {
    key: "suspended_no_end",
    values: {},
  });
  assert.deepEqual(refusal("not_found", null), { key: "not_found", values: {} });
});
