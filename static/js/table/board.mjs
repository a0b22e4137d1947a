/* The line on the table's board (tiles.mjs lays it out), the last tile laid coming from its
   player's side, and the open ends to point at while the player chooses where a tile goes. */
import { classes, el, fill, svgEl } from "../dom.mjs";
import { lineImage } from "../tiles.mjs";
import { chooseEnd } from "./hand.mjs";
import { $, endOf, state, t, unique, waysFor } from "./state.mjs";

// Where the tile just laid comes from, by its player's place (table.css animates it).
const FROM = { bottom: [0, 4], top: [0, -4], left: [-4, 0], right: [4, 0], topleft: [-3, -3], topright: [3, -3],
  bottomleft: [-3, 3], bottomright: [3, 3] };

/** The ends to point at on the line while the player chooses where a tile goes. */
export function choiceEnds() {
  const { choice } = state;
  if (!choice) return [];
  if (choice.end !== undefined) return [choice.end];
  return unique(waysFor(choice.tile).map(endOf));
}

function endMark(end, mark, line) {
  // The open end itself is a button: the player lays the tile where they point.
  const choosing = state.choice.end === undefined;
  const group = svgEl("g", {
    class: classes("end-mark", choosing && "choosable"),
    transform: `translate(${mark.x} ${mark.y})`,
    "data-end": end,
    role: choosing ? "button" : null,
    tabindex: choosing ? "0" : null,
    "aria-label": choosing ? t("put_on", { tile: state.choice.tile, end: t(`end_${end}`) }) : null,
    "aria-hidden": choosing ? null : "true",
    onclick: choosing ? () => chooseEnd(end) : null,
    onkeydown: choosing
      ? (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            chooseEnd(end);
          }
        }
      : null,
  });
  const number = svgEl("text", { x: 0, y: 0.02, "text-anchor": "middle", "dominant-baseline": "middle" });
  number.textContent = String(line.ends[end]);
  group.append(svgEl("rect", { x: -0.45, y: -0.45, width: 0.9, height: 0.9, rx: 0.15 }), number);
  return group;
}

export function renderBoard() {
  const board = $("board");
  const line = state.view.round && state.view.round.line;
  if (!line) {
    fill(board, el("p", { class: "board-empty" }, t("board_empty")));
    return;
  }
  const arriving = state.arriving;
  const { image, marks } = lineImage(line, board.clientWidth, {
    label: (tiles) => t("board_label", { tiles: tiles.map((tile) => `${tile.first}-${tile.second}`).join(", ") }),
    className: (tile) => tile.name === state.lastTile && "last",
    draw: (tile, node) => {
      if (tile.name !== arriving) return node;
      // The last play comes from its player's side of the table (off when the system
      // asks for reduced motion: see table.css).
      const [dx, dy] = FROM[state.arrivingFrom] || [0, 4];
      const wrap = svgEl("g", { class: "arriving" });
      // Through the CSSOM: the site's CSP allows no style attribute.
      wrap.style.setProperty("--from-x", `${dx}px`);
      wrap.style.setProperty("--from-y", `${dy}px`);
      wrap.append(node);
      return wrap;
    },
  });
  state.arriving = null;
  for (const end of choiceEnds()) {
    if (marks[end]) image.append(endMark(end, marks[end], line));
  }
  fill(board, image);
}
