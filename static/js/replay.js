/* The replay of a finished match (games/replay.py gives every state): step by step, with
   every hand shown or as one seat saw it (the others' hands face down, their drawn tiles
   unnamed). The line is laid out by board-geometry.mjs, as on the live table. */
import { layoutLine, PIP, PIPS } from "./board-geometry.mjs";

const data = JSON.parse(document.getElementById("replay-data").textContent);
const $ = (id) => document.getElementById(id);
const TEXT = Object.fromEntries(
  [...$("replay-text").content.querySelectorAll("[data-key]")].map((node) => [node.dataset.key, node.textContent.trim()]),
);
const t = (key, values = {}) => TEXT[key].replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/** A domino, `first` on top (or on the left when lying), centred on x, y. */
function domino(first, second, { x = 0, y = 0, upright = true } = {}) {
  const group = svg("g", { class: "domino", transform: `translate(${x} ${y})${upright ? "" : " rotate(-90)"}` });
  group.append(
    svg("rect", { class: "face", x: -0.5, y: -1, width: 1, height: 2, rx: 0.14 }),
    svg("line", { class: "divider", x1: -0.36, y1: 0, x2: 0.36, y2: 0 }),
  );
  for (const [value, centre] of [[first, -0.5], [second, 0.5]]) {
    for (const [dx, dy] of PIPS[value]) group.append(svg("circle", { class: "pip", cx: dx * PIP, cy: centre + dy * PIP, r: 0.09 }));
  }
  return group;
}

function tileImage(tile) {
  const [a, b] = tile.split("-").map(Number);
  const image = svg("svg", { class: "tile-upright", viewBox: "-0.56 -1.06 1.12 2.12", role: "img", "aria-label": tile });
  image.append(domino(a, b));
  return image;
}

let index = 0;
let perspective = "all";

for (const [seat, name] of data.players.entries()) {
  const option = document.createElement("option");
  option.value = String(seat);
  option.textContent = t("as_seat", { name });
  $("perspective").append(option);
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

function render() {
  const frame = data.frames[index];
  const seat = perspective === "all" ? null : Number(perspective);
  const inRound = data.frames.filter((f) => f.round === frame.round);
  const step = inRound.indexOf(frame);
  $("step").textContent = t("step", { round: frame.round, step, steps: inRound.length - 1 });
  $("what").textContent = describe(frame, seat);
  const board = $("board");
  board.replaceChildren();
  if (frame.line) {
    const room = Math.max(120, board.clientWidth - 24);
    const scale = room < 600 ? 26 : 32;
    const { tiles, box } = layoutLine(frame.line, room / scale);
    const pad = 0.15;
    const width = box.maxX - box.minX + 2 * pad;
    const height = box.maxY - box.minY + 2 * pad;
    const image = svg("svg", {
      class: "line",
      viewBox: `${box.minX - pad} ${box.minY - pad} ${width} ${height}`,
      width: Math.round(width * scale),
      height: Math.round(height * scale),
      "data-tiles": tiles.length,
    });
    for (const tile of tiles) image.append(domino(tile.first, tile.second, tile));
    board.append(image);
  }
  const hands = $("hands");
  hands.replaceChildren(
    ...frame.hands.map((hand, s) => {
      const shown = seat === null || seat === s || frame.turn === null; // every hand is shown at a round's end
      const row = document.createElement("section");
      row.className = "replay-hand";
      row.dataset.seat = String(s);
      const title = document.createElement("h2");
      title.className = "player-name";
      title.title = data.players[s];
      title.textContent = `${data.players[s]} · ${frame.scores[data.teams ? s % 2 : s]}`;
      const tilesBox = document.createElement("div");
      tilesBox.className = "hand";
      if (shown) tilesBox.append(...hand.map(tileImage));
      else tilesBox.textContent = t("hidden", { count: hand.length });
      row.append(title, tilesBox);
      return row;
    }),
  );
  $("previous").disabled = index === 0;
  $("first").disabled = index === 0;
  $("next").disabled = index === data.frames.length - 1;
  $("last").disabled = index === data.frames.length - 1;
  document.getElementById("replay").dataset.frame = String(index);
}

$("first").addEventListener("click", () => { index = 0; render(); });
$("previous").addEventListener("click", () => { index = Math.max(0, index - 1); render(); });
$("next").addEventListener("click", () => { index = Math.min(data.frames.length - 1, index + 1); render(); });
$("last").addEventListener("click", () => { index = data.frames.length - 1; render(); });
$("perspective").addEventListener("change", (event) => { perspective = event.target.value; render(); });
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") $("next").click();
  if (event.key === "ArrowLeft") $("previous").click();
});
render();
