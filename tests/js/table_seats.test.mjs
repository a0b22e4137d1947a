// static/js/table/seats.mjs and state.mjs: the places around the table, whose turn, the status.
import assert from "node:assert/strict";
import { test } from "node:test";

import { renderPlayers, renderSpectators, renderStatus, renderTurn } from "../../static/js/table/seats.mjs";
import { myTurn, norList, placeOf, playerName, sideName } from "../../static/js/table/state.mjs";
import { player, playing, setUp } from "./table-fixture.mjs";

function atTable(options) {
  const setup = setUp();
  Object.assign(setup.state, playing(options), { version: 2 });
  return setup;
}

test("the viewer sits at the bottom, the others in play order; partners face each other", () => {
  const { state } = atTable({ seat: 1 });
  assert.deepEqual([0, 1].map(placeOf), ["top", "bottom"]);
  state.table.seats = 4;
  state.view.seat = 2;
  assert.deepEqual([0, 1, 2, 3].map(placeOf), ["top", "right", "bottom", "left"]);
  state.view.seat = null; // a spectator sees seat 0 at the bottom
  assert.deepEqual([0, 1, 2, 3].map(placeOf), ["bottom", "left", "top", "right"]);
});

test("seven and eight seats (the double-twelve games) go round the table, the viewer at the bottom", () => {
  const { state } = atTable();
  state.table.seats = 8;
  state.view.seat = 0;
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 7].map(placeOf),
    ["bottom", "bottomleft", "left", "topleft", "top", "topright", "right", "bottomright"],
  );
  state.view.seat = 5;
  assert.equal(placeOf(5), "bottom");
  assert.equal(placeOf(4), "bottomright");
  state.table.seats = 7;
  state.view.seat = 0;
  const places = [0, 1, 2, 3, 4, 5, 6].map(placeOf);
  assert.equal(new Set(places).size, 7);
  assert.deepEqual(places, ["bottom", "bottomleft", "left", "topleft", "topright", "right", "bottomright"]);
});

test("names: a free seat by its number, a team by its players", () => {
  const { state } = atTable();
  state.table.players = [player(0, "alice"), null];
  assert.equal(playerName(1), "seat_number(n=2)");
  state.flags.teams = true;
  state.table.seats = 4;
  state.table.players = ["a", "b", "c", "d"].map((name, seat) => player(seat, name));
  assert.equal(sideName(1), "team_name(n=2,names=b et d)");
  assert.equal(norList([3]), "3");
});

test("each place shows its tiles, draws and passes; the seat to play is marked with its clock", () => {
  const { doc, state } = atTable({ turn: 1 });
  state.view.round.draws = [0, 2];
  state.view.round.passes = [[], [4, 6]];
  state.clock = { kind: "turn", seat: 1, version: 2, endsAt: 0, stopped: null };
  renderPlayers();
  const cards = doc.getElementById("players").querySelectorAll("article.seat-card");
  assert.deepEqual(
    cards.map((card) => [card.dataset.seat, card.dataset.place, card.getAttribute("aria-current")]),
    [
      ["0", "bottom", null],
      ["1", "top", "true"],
    ],
  );
  const bob = cards[1];
  assert.equal(bob.querySelector(".seat-tiles").textContent, "tiles_other(count=5)");
  assert.equal(bob.querySelector(".seat-draws").textContent, "drew(tiles=tiles_other(count=2))");
  assert.equal(bob.querySelector(".seat-passes").textContent, "passed(numbers=nor(rest=4,last=6))");
  assert.ok(bob.querySelector(".seat-clock"));
  assert.ok(cards[0].classList.contains("me"));
  assert.equal(cards[0].querySelector(".seat-turn"), null);
});

test("a house robot is tagged as one, never as connected or away", () => {
  const { doc, state } = atTable();
  state.table.daily = true;
  state.table.players[1] = player(1, "Robot Anatole", { robot: true, connected: false });
  renderPlayers();
  const robot = doc.getElementById("players").querySelector('[data-seat="1"]');
  assert.equal(robot.querySelector(".tag.robot").textContent, "robot");
  assert.equal(robot.querySelector(".dot"), null);
});

test("R58: a robot the host seated is tagged a robot, its level in its name", () => {
  const { doc, state } = atTable();
  state.table.players[1] = player(1, "Robot Anatole (expert)", { robot: true, connected: false });
  renderPlayers();
  const robot = doc.getElementById("players").querySelector('[data-seat="1"]');
  assert.equal(robot.querySelector(".tag.robot").textContent, "robot_seated");
  assert.equal(robot.querySelector(".dot"), null);
});

test("the turn line and the status say whose turn it is, and that a spectator watches", () => {
  const { doc, state } = atTable();
  assert.ok(myTurn());
  renderTurn();
  assert.match(doc.getElementById("turn").textContent, /^turn_you hint$/);
  state.view.round.turn = 1;
  renderTurn();
  assert.equal(doc.getElementById("turn").textContent, "turn_other(name=bob)");
  state.view.seat = null;
  renderStatus();
  assert.equal(doc.getElementById("status").textContent, "status_with_note(status=status_playing(round=1),note=spectating)");
  state.table.spectators = 1;
  renderSpectators();
  assert.equal(doc.getElementById("spectators").textContent, "spectators_one(count=1)");
  assert.equal(doc.getElementById("spectators").hidden, false);
});
