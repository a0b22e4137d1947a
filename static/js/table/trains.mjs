/* Train mexicain's board on the table page (trains-geometry.mjs lays each train out): the
   hub with its engine, one train per seat and the Mexican train, each seat's marker, the
   uncovered double the table must answer, and the trains the player may play on now. A
   tile that fits one train is played at once; one that fits several asks which, on the
   board (a button on each train it fits) and in the choice's box. Which trains a tile
   fits comes from the view's legal plays only. */
import { classes, el, fill, svgEl } from "../dom.mjs";
import { domino, dominoImage, scaleFor } from "../tiles.mjs";
import { MEXICAN, layoutTrain, openTrains, trainOrder, trainsFor } from "../trains-geometry.mjs";
import { deliberate, keepEndsInView, renderHand, showChoice } from "./hand.mjs";
import { $, myTurn, playerName, state, t, tileCount } from "./state.mjs";

/** A train's name as the viewer reads it: "Mon train", "Train de bob", "Train mexicain". */
export function trainName(train) {
  if (train === MEXICAN) return t("train_mexican");
  if (train === state.view.seat) return t("train_own");
  return t("train_of", { name: playerName(train) });
}

/** The trains the tile being chosen fits, from the legal plays (none without a choice). */
function choosing() {
  return state.choice ? trainsFor(state.view.legal, state.choice.tile) : [];
}

/** One train as an SVG image `width` pixels wide at most: the hub's number where it starts,
 * its tiles, the square where its next tile goes showing its end. */
export function trainImage(train, width, { engine, last = null, uncovered = false } = {}) {
  const scale = scaleFor(width);
  const { hub, tiles, mark, box } = layoutTrain(train.tiles, width / scale);
  const pad = 0.15;
  const w = box.maxX - box.minX + 2 * pad;
  const h = box.maxY - box.minY + 2 * pad;
  const image = svgEl("svg", {
    class: "train-line",
    viewBox: `${box.minX - pad} ${box.minY - pad} ${w} ${h}`,
    width: Math.round(w * scale),
    height: Math.round(h * scale),
    role: "img",
    "aria-label": t("train_label", {
      train: trainName(train.train),
      tiles: train.tiles.length ? train.tiles.map(([a, b]) => `${a}-${b}`).join(", ") : t("train_empty"),
    }),
    "data-tiles": tiles.length,
  });
  const square = (box2, number, className) => {
    const group = svgEl("g", { class: className, transform: `translate(${box2.x} ${box2.y})` });
    const text = svgEl("text", { x: 0, y: 0.02, "text-anchor": "middle", "dominant-baseline": "middle" });
    text.textContent = String(number);
    group.append(svgEl("rect", { x: -0.45, y: -0.45, width: 0.9, height: 0.9, rx: 0.45 }), text);
    return group;
  };
  image.append(square(hub, engine, "hub-mark"));
  tiles.forEach((tile, index) => {
    const atEnd = index === tiles.length - 1;
    image.append(
      domino(tile.first, tile.second, {
        x: tile.x,
        y: tile.y,
        upright: tile.upright,
        tile: tile.name,
        className: classes(atEnd && tile.name === last && "last", atEnd && uncovered && "uncovered"),
      }),
    );
  });
  image.append(square(mark, train.end, "end-mark train-end"));
  return image;
}

function tag(text, className) {
  return el("span", { class: classes("tag", className) }, text);
}

export function renderTrains() {
  const board = $("board");
  const { view } = state;
  const round = view.round;
  const width = Math.max(120, board.clientWidth - 24);
  const open = myTurn() ? openTrains(round, view.legal) : [];
  const fits = choosing();
  const double = round.double ?? null;
  const [engine] = round.engine.split("-").map(Number);
  const hub = el(
    "div",
    { class: "hub" },
    dominoImage(round.engine, { upright: false, label: t("engine", { tile: round.engine }) }),
    el("span", { class: "hub-text" }, t("engine", { tile: round.engine })),
  );
  const rows = trainOrder(round.trains, view.seat, view.seats).map((train) => {
    const key = train.train;
    const uncovered = double !== null && double.train === key;
    const mayPlay = open.includes(key);
    const choosable = fits.includes(key);
    return el(
      "section",
      {
        class: classes(
          "train",
          key === MEXICAN && "mexican",
          key === view.seat && "own",
          train.marker && "marker-up",
          uncovered && "to-cover",
          mayPlay && "open",
          choosable && "choosable",
        ),
        "data-train": String(key),
      },
      el(
        "p",
        { class: "train-head" },
        el("span", { class: "train-name" }, trainName(key)),
        train.marker ? tag(t("marker_up"), "marker") : null,
        uncovered ? tag(t("to_cover", { tile: double.tile }), "cover") : null,
        mayPlay ? tag(t("may_play"), "may-play") : null,
        choosable
          ? el(
              "button",
              {
                type: "button",
                class: "train-choose",
                "data-train": String(key),
                "aria-label": t("put_on_train", { tile: state.choice.tile, train: trainName(key) }),
                onclick: () => chooseTrain(key),
              },
              t("put_here"),
            )
          : null,
      ),
      trainImage(train, width, { engine, last: state.lastTile, uncovered }),
    );
  });
  fill(board, el("div", { class: "trains" }, hub, rows));
}

/** The board-info line: the stock, the engine, the double to cover. */
export function renderTrainsInfo() {
  const round = state.view.round;
  const items = [];
  if (state.flags.draws) items.push(t("stock", { tiles: tileCount(round.stock_size) }));
  items.push(t("engine", { tile: round.engine }));
  if (round.double) items.push(t("double_info", { tile: round.double.tile, train: trainName(round.double.train) }));
  fill(
    $("board-info"),
    items.map((item) => el("span", { class: "info" }, item)),
  );
}

/** On a seat's place: its marker (R72) and how many times it passed. */
export function trainSeatNotes(round, seat) {
  const train = round.trains.find((entry) => entry.train === seat);
  return [
    train && train.marker ? el("p", { class: "seat-marker" }, tag(t("marker_up"), "marker")) : null,
    round.passes[seat] ? el("p", { class: "seat-passes" }, state.text.plural("passes", round.passes[seat])) : null,
  ];
}

/** A tile of the hand clicked: played at once on the one train it fits, else the choice. */
export function pickTrain(tile) {
  const trains = trainsFor(state.view.legal, tile);
  if (state.waiting || !trains.length) return;
  if (state.choice && state.choice.tile === tile) return; // already asking which train
  if (trains.length === 1) {
    sendTrainPlay(tile, trains[0]);
    return;
  }
  state.choice = { tile, shownAt: performance.now() };
  renderHand();
  renderTrains();
  keepEndsInView(".train.choosable");
}

export function chooseTrain(train) {
  if (!deliberate()) return;
  sendTrainPlay(state.choice.tile, train);
}

/** The choice's box: which train the tile goes on. */
export function trainChoice() {
  const { choice } = state;
  if (!choice) {
    showChoice();
    return;
  }
  const buttons = choosing().map((train) =>
    el("button", { type: "button", "data-train": String(train), onclick: () => chooseTrain(train) }, trainName(train)),
  );
  showChoice(t("choose_train", { tile: choice.tile }), buttons);
}

/** Send the play; `train` left out only where the legal play names none (it fits one). */
export function sendTrainPlay(tile, train) {
  const message = { type: "play", version: state.version, tile };
  if (train !== null) message.train = train;
  if (!state.send(message)) return;
  state.waiting = true;
  state.choice = null;
  renderHand();
  renderTrains();
}
