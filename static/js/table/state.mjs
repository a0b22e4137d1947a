/* What the table page knows, in one object the table's modules share (board, hand,
   journal, clock, ...: static/js/table/), and what is read off it: whose turn, the names.
   The server decides everything: the page never works out a rule, it reads the legal
   plays from the view (docs/protocol.md). */

export const END_NAMES = ["left", "right", "up", "down"];

function initial() {
  return {
    root: null, // the #table element
    page: null, // #table-data: the socket's path, the viewer's seat, the daily challenge's links
    flags: {}, // the variant's options the page shows (teams, draws, ...)
    text: null, // the page's texts (text.mjs translator)
    send: () => false, // sends a message on the table's socket (main.mjs)
    resync: () => false, // asks the socket for the full state again (main.mjs)
    version: null, // the last state applied (the version rule)
    table: null, // state.table
    view: null, // state.view: null until the match starts
    lastTile: null, // the tile last laid, outlined on the line
    arriving: null, // the tile just laid, drawn coming from its player's place once
    arrivingFrom: null,
    drawnTiles: new Set(), // the tiles this seat drew in the last state's events
    choice: null, // {tile, end, shownAt} ({tile, at, shownAt} in Triominos): a tile that fits several ways, waiting for the player's pick
    zoom: 1, // how close the board of triangles is drawn (triangles.mjs)
    roundOvers: {}, // each round's round_over event, by number: what the round's end scored
    waiting: false, // a command is on its way: no second one until the server answers
    clock: null, // what the table waits for: {kind, seat, version, endsAt, stopped}, see clock.mjs
    ticking: null, // the interval redrawing the countdowns
    warned: false, // the clock's warning was said for this clock
    wasMyTurn: false, // the turn was announced (alerts.mjs)
    standing: null, // a daily attempt's rank of the moment, once asked (results.mjs)
  };
}

export const state = initial();

/** Start again from nothing, with `values` (the page's own): at the page's start, and in tests. */
export function resetState(values = {}) {
  Object.assign(state, initial(), values);
  return state;
}

export const $ = (id) => document.getElementById(id);

export const t = (key, values) => state.text.t(key, values);

export const unique = (values) => [...new Set(values)];
export const endOf = (entry) => entry.end ?? null;

/** Whether the match is going on: nobody acts at a table that is over, closed or abandoned. */
export function live() {
  return state.table.status === "playing" || state.table.status === "round_over";
}

export function myTurn() {
  const { view } = state;
  return live() && view.status === "playing" && view.seat !== null && view.round.turn === view.seat;
}

export function playerName(seat, players = state.table.players) {
  const player = players[seat];
  return player ? player.name : t("seat_number", { n: seat + 1 });
}

export function sideName(side) {
  if (!state.flags.teams) return playerName(side);
  const names = [];
  for (let seat = side; seat < state.table.seats; seat += 2) names.push(playerName(seat));
  return t("team_name", { n: side + 1, names: state.text.list(names) });
}

/** A winner is a side, several sides sharing the win (family), or nobody: the text for
 * one (key `one`) or several (`many`), or null. */
export function winnersText(winner, one, many) {
  if (winner === null || winner === undefined) return null;
  const names = [winner].flat().map(sideName);
  return t(names.length > 1 ? many : one, { names: state.text.list(names) });
}

/** Each side's points: "alice +12, bob +0". */
export function sidePoints(points) {
  return points.map((value, side) => t("side_points", { name: sideName(side), points: value })).join(", ");
}

export function tileCount(count) {
  return state.text.plural("tiles", count);
}

/** "3", "3 ni 5", "3, 5 ni 6": the numbers a seat passed on, so holds none of. */
export function norList(numbers) {
  if (numbers.length < 2) return numbers.join("");
  return t("nor", { rest: numbers.slice(0, -1).join(", "), last: numbers[numbers.length - 1] });
}

export function legalFor(tile) {
  return state.view.legal.filter((entry) => entry.play === tile);
}

/** The legal plays of `tile`, where the opening double lies alone (its two sides alike,
 * the view says) counting left and right as one. */
export function waysFor(tile) {
  const entries = legalFor(tile);
  if (!state.view.round.ends_alike) return entries;
  return entries.filter((entry) => entry.end !== "right" || !entries.some((e) => e.end === "left"));
}

/** The numbers `tile` may leave open on `end`: two only for a wild blank (R22). */
export function opensFor(tile, end) {
  return unique(
    legalFor(tile)
      .filter((entry) => endOf(entry) === end)
      .map((entry) => entry.open),
  );
}

// Where each seat sits around the table, seen from the viewer's seat (at the bottom; a
// spectator sees seat 0 there), in play order: partners face each other.
const PLACES = {
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "topleft", "topright", "right"],
  6: ["bottom", "left", "topleft", "top", "topright", "right"],
  7: ["bottom", "bottomleft", "left", "topleft", "topright", "right", "bottomright"],
  8: ["bottom", "bottomleft", "left", "topleft", "top", "topright", "right", "bottomright"],
};

export function placeOf(seat) {
  const seats = state.table.seats;
  const places = PLACES[seats] || PLACES[6];
  const me = state.view.seat ?? 0;
  return places[(seat - me + seats) % seats];
}
