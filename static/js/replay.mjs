/* The replay of a finished match (games/replay.py gives every state): step by step, with
   every hand shown or as one seat saw it (the others' hands face down, their drawn tiles
   unnamed). The tiles and the line, or Train mexicain's trains (a frame with `trains`, as
   a view's round has them), are drawn by tiles.mjs, as on the live table. */
import { el } from "./dom.mjs";
import { readTexts, translator } from "./text.mjs";
import { dominoImage, lineImage, trainImage } from "./tiles.mjs";
import { MEXICAN, trainOrder } from "./trains-geometry.mjs";
import { boardImage, tileImage } from "./triominos-image.mjs";

const data = JSON.parse(document.getElementById("replay-data").textContent);
const $ = (id) => document.getElementById(id);
const { t } = translator(readTexts($("replay-text")), document.documentElement.lang || "fr");

let index = 0;
let perspective = "all";

for (const [seat, name] of data.players.entries()) {
  $("perspective").append(el("option", { value: String(seat) }, t("as_seat", { name })));
}

function describe(frame, seat) {
  const name = (s) => data.players[s];
  const lines = [];
  for (const event of frame.events) {
    if (event.type === "round_started") lines.push(t("deal", { round: event.round }));
    else if (event.type === "play") lines.push(t("play", { name: name(event.seat), tile: event.tile }));
    else if (event.type === "draw") {
      const own = seat === null || seat === event.seat; // R6: a drawn tile, to its seat only
      lines.push(own ? t("draw_own", { name: name(event.seat), tile: event.tile }) : t("draw", { name: name(event.seat) }));
    } else if (event.type === "pass") lines.push(t("pass", { name: name(event.seat) }));
    else if (event.type === "round_over") lines.push(t("round_over", { round: event.round }));
    else if (event.type === "match_over") lines.push(t("match_over"));
  }
  return lines.join(" · ");
}

/** Train mexicain's trains, a row each, as the table page draws them (table/trains.mjs). */
function trainsBoard(frame, seat) {
  const [engine] = frame.engine.split("-").map(Number);
  const width = Math.max(120, $("board").clientWidth - 40);
  const name = (train) => (train === MEXICAN ? t("train_mexican") : t("train_of", { name: data.players[train] }));
  return el(
    "div",
    { class: "trains" },
    el("div", { class: "hub" }, dominoImage(frame.engine, { upright: false, label: frame.engine })),
    trainOrder(frame.trains, seat, data.players.length).map((train) =>
      el(
        "section",
        { class: "train", "data-train": String(train.train) },
        el("p", { class: "train-head" }, el("span", { class: "train-name" }, name(train.train))),
        trainImage(train, width, { engine, label: name(train.train) }),
      ),
    ),
  );
}

function render() {
  const frame = data.frames[index];
  const seat = perspective === "all" ? null : Number(perspective);
  const inRound = data.frames.filter((f) => f.round === frame.round);
  const step = inRound.indexOf(frame);
  $("step").textContent = t("step", { round: frame.round, step, steps: inRound.length - 1 });
  $("what").textContent = describe(frame, seat);
  const board = $("board");
  board.replaceChildren();
  if (frame.line) board.append(lineImage(frame.line, board.clientWidth).image);
  // Triominos: a board of triangles instead of a line.
  if (frame.board && frame.board.length) board.append(boardImage(frame.board, board.clientWidth || 360).image);
  const tileOf = frame.board ? (tile) => tileImage(tile, 0, tile) : (tile) => dominoImage(tile, { upright: true, label: tile });
  if (frame.trains) board.append(trainsBoard(frame, seat));
  $("hands").replaceChildren(
    ...frame.hands.map((hand, s) => {
      const shown = seat === null || seat === s || frame.turn === null; // every hand is shown at a round's end
      const name = data.players[s];
      return el(
        "section",
        { class: "replay-hand", "data-seat": String(s) },
        el("h2", { class: "player-name", title: name }, `${name} · ${frame.scores[data.teams ? s % 2 : s]}`),
        el(
          "div",
          { class: "hand" },
          shown ? hand.map(tileOf) : t("hidden", { count: hand.length }),
        ),
      );
    }),
  );
  $("previous").disabled = index === 0;
  $("first").disabled = index === 0;
  $("next").disabled = index === data.frames.length - 1;
  $("last").disabled = index === data.frames.length - 1;
  $("replay").dataset.frame = String(index);
}

function go(to) {
  index = Math.max(0, Math.min(data.frames.length - 1, to));
  render();
}

$("first").addEventListener("click", () => go(0));
$("previous").addEventListener("click", () => go(index - 1));
$("next").addEventListener("click", () => go(index + 1));
$("last").addEventListener("click", () => go(data.frames.length - 1));
$("perspective").addEventListener("change", (event) => {
  perspective = event.target.value;
  render();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") $("next").click();
  if (event.key === "ArrowLeft") $("previous").click();
});
render();
