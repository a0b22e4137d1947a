// static/js/table/hand.mjs: the hand, a play sent once, the choice of an end or a number.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CHOICE_GUARD_MS, cancelChoice, chooseEnd, pick, renderHand } from "../../static/js/table/hand.mjs";
import { playing, setUp } from "./table-fixture.mjs";

function atTable(options) {
  const setup = setUp();
  Object.assign(setup.state, playing(options), { version: 9 });
  return setup;
}

const tiles = (doc) => doc.getElementById("hand").querySelectorAll("button.hand-tile");

test("on the player's turn the tiles they may play are marked, the others disabled", () => {
  const { doc } = atTable({ legal: [{ play: "6-6", end: "right", open: 6 }] });
  renderHand();
  assert.deepEqual(
    tiles(doc).map((b) => [b.dataset.tile, b.classList.contains("playable"), b.getAttribute("aria-disabled")]),
    [
      ["1-2", false, "true"],
      ["6-6", true, null],
    ],
  );
  assert.ok(doc.getElementById("hand-area").classList.contains("my-turn"));
});

test("on another's turn nothing is playable, and a click sends nothing", () => {
  const { doc, sent } = atTable({ legal: [], turn: 1 }); // the view's legal plays are the seat's on its turn only
  renderHand();
  assert.ok(tiles(doc).every((b) => !b.classList.contains("playable")));
  assert.ok(!doc.getElementById("hand-area").classList.contains("my-turn"));
  tiles(doc)[1].click();
  assert.deepEqual(sent, []);
});

test("a tile that fits one way is played at once, and nothing more until the server answers", () => {
  const { doc, state, sent } = atTable({ legal: [{ play: "6-6", end: "right", open: 6 }] });
  renderHand();
  tiles(doc)[1].click();
  assert.deepEqual(sent, [{ type: "play", version: 9, tile: "6-6", end: "right" }]);
  assert.equal(state.waiting, true);
  pick("6-6");
  assert.equal(sent.length, 1);
});

test("a tile that fits both ends asks where; a click too soon after chooses nothing", () => {
  const legal = [
    { play: "3-6", end: "left", open: 6 },
    { play: "3-6", end: "right", open: 3 },
  ];
  const { doc, state, sent } = atTable({ legal, hand: ["3-6"] });
  pick("3-6");
  assert.equal(sent.length, 0);
  assert.equal(state.choice.tile, "3-6");
  assert.equal(state.choice.end, undefined);
  const box = doc.getElementById("choice");
  assert.equal(box.hidden, false);
  assert.deepEqual(
    box.querySelectorAll("button[data-end]").map((b) => b.dataset.end),
    ["left", "right"],
  );
  chooseEnd("left"); // the second half of a double-click
  assert.equal(sent.length, 0);
  state.choice.shownAt -= CHOICE_GUARD_MS;
  box.querySelector('button[data-end="left"]').click();
  assert.deepEqual(sent, [{ type: "play", version: 9, tile: "3-6", end: "left" }]);
  assert.equal(state.choice, null);
});

test("beside a lone opening double, left and right are one way: played at once", () => {
  const legal = [
    { play: "5-6", end: "left", open: 5 },
    { play: "5-6", end: "right", open: 5 },
  ];
  const { state, sent } = atTable({ legal, hand: ["5-6"] });
  state.view.round.ends_alike = true;
  pick("5-6");
  assert.deepEqual(sent, [{ type: "play", version: 9, tile: "5-6", end: "left" }]);
});

test("a wild blank (R22) asks which number stays open, and sends it", () => {
  const legal = [
    { play: "0-4", end: "right", open: 0 },
    { play: "0-4", end: "right", open: 4 },
  ];
  const { doc, state, sent } = atTable({ legal, hand: ["0-4"] });
  pick("0-4");
  assert.equal(state.choice.end, "right");
  const buttons = doc.getElementById("choice").querySelectorAll("button[data-open]");
  assert.deepEqual(
    buttons.map((b) => b.textContent),
    ["open_choice(n=0)", "open_choice(n=4)"],
  );
  state.choice.shownAt -= CHOICE_GUARD_MS;
  buttons[1].click();
  assert.deepEqual(sent, [{ type: "play", version: 9, tile: "0-4", end: "right", open: 4 }]);
});

test("cancelling the choice sends nothing and hides it", () => {
  const legal = [
    { play: "3-6", end: "left", open: 6 },
    { play: "3-6", end: "right", open: 3 },
  ];
  const { doc, sent } = atTable({ legal, hand: ["3-6"] });
  pick("3-6");
  cancelChoice();
  assert.equal(doc.getElementById("choice").hidden, true);
  assert.equal(sent.length, 0);
});

test("between rounds the hand is not shown (the round's summary shows every hand)", () => {
  const { doc, state } = atTable();
  state.view.status = "round_over";
  renderHand();
  assert.equal(doc.getElementById("hand-area").hidden, true);
});
