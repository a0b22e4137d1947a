// What the table modules' node tests share: a document with the table page's parts, the
// state reset with texts whose values name their key (so that a test reads which text was
// chosen), and a state as the server sends it (docs/protocol.md).
import { installDocument } from "./fake-dom.mjs";
import { resetState } from "../../static/js/table/state.mjs";
import { translator } from "../../static/js/text.mjs";

export const PARTS = [
  "table", "board", "hand-area", "hand", "choice", "log", "log-earlier", "news", "clock", "clock-alert",
  "hand-clock", "players", "felt", "status", "turn", "spectators", "seat-list", "round-area", "scores",
  "board-info", "commitment", "public-info", "connection", "error",
];

function echoTranslator() {
  const base = translator({}, "fr");
  const t = (key, values = {}) => {
    const fields = Object.entries(values)
      .map(([name, value]) => `${name}=${value}`)
      .join(",");
    return fields ? `${key}(${fields})` : key;
  };
  return { ...base, t, has: () => true, plural: (key, count) => t(`${key}_${count === 1 ? "one" : "other"}`, { count }) };
}

export function setUp(values = {}) {
  const doc = installDocument(PARTS);
  const root = doc.getElementById("table");
  for (const id of PARTS.slice(1)) root.append(doc.getElementById(id)); // the page's parts are in #table
  globalThis.window = { innerHeight: 800, scrolled: [], scrollBy: (by) => globalThis.window.scrolled.push(by) };
  const sent = [];
  const state = resetState({
    root: doc.getElementById("table"),
    page: { seat: 0, socket: "/ws/tables/1/", daily: null },
    flags: {},
    text: echoTranslator(),
    send: (message) => {
      sent.push(message);
      return true;
    },
    ...values,
  });
  return { doc, state, sent };
}

export function player(seat, name, extra = {}) {
  return { seat, name, connected: true, robot: false, ...extra };
}

/** A two-seat draw game's table and seat 0's view, in play, the line `3-4` then `4-6`. */
export function playing({ legal = [], hand = ["1-2", "6-6"], turn = 0, seat = 0 } = {}) {
  return {
    table: {
      id: 1,
      variant: "draw",
      seats: 2,
      status: "playing",
      players: [player(0, "alice"), player(1, "bob")],
      daily: false,
      clock: { kind: "turn", seat: turn, remaining_ms: 45000 },
      spectators: 0,
      rematch: null,
      rematch_status: null,
      rounds: [{ number: 1, commitment: "abc", seed: null }],
    },
    view: {
      seat,
      side: seat,
      status: "playing",
      hand,
      legal,
      scores: [0, 0],
      target: 100,
      winner: null,
      round: {
        number: 1,
        turn,
        line: {
          center: "3-4",
          left: [],
          right: [[4, 6]],
          up: [],
          down: [],
          spinner: "",
          spinner_at: 0,
          ends: { left: 3, right: 6 },
        },
        ends_alike: false,
        hand_sizes: [2, 5],
        draws: [0, 0],
        passes: [[], []],
        stock_size: 10,
        count: null,
        count_parts: null,
        points: [0, 0],
        public: null,
      },
    },
  };
}

/** A four-seat Train mexicain table and seat 0's view (the view of docs/protocol.md for a
 * trains game): round 1, the engine 12-12; bob's train and the Mexican train started,
 * bob's marker up; seat 0 to play. */
export function trainsPlaying({ legal = [], hand = ["5-12", "12-3", "2-4"], turn = 0, seat = 0, double = null } = {}) {
  const names = ["alice", "bob", "charlie", "dave"];
  const train = (key, tiles, marker = false) => ({
    train: key,
    owner: key === "mexican" ? null : key,
    tiles,
    end: tiles.length ? tiles[tiles.length - 1][1] : 12,
    marker,
  });
  return {
    table: {
      id: 2,
      variant: "mexican",
      seats: 4,
      status: "playing",
      players: names.map((name, s) => player(s, name)),
      daily: false,
      clock: { kind: "turn", seat: turn, remaining_ms: 45000 },
      spectators: 0,
      rematch: null,
      rematch_status: null,
      rounds: [{ number: 1, commitment: "abc", seed: null }],
    },
    view: {
      variant: "mexican",
      seats: 4,
      seat,
      side: seat,
      status: "playing",
      hand,
      legal,
      scores: [0, 0, 0, 0],
      target: 5,
      winner: null,
      round: {
        number: 1,
        opener: 0,
        turn,
        engine: "12-12",
        trains: [
          train(0, []),
          train(1, [[12, 7], [7, 7]], true),
          train(2, []),
          train(3, []),
          train("mexican", [[12, 1]]),
        ],
        markers: [false, true, false, false],
        double,
        open_trains: seat === turn ? [0, "mexican", 1] : [],
        hand_sizes: [3, 14, 15, 15],
        stock_size: 28,
        drawn: 0,
        draws: [0, 1, 0, 0],
        passes: [0, 2, 0, 0],
        points: [0, 0, 0, 0],
        result: null,
        winner: null,
        hands: null,
        pips_left: null,
      },
    },
  };
}
