/* Train mexicain's board on the table page (trains-geometry.mjs lays each train out): the
   hub with its engine, one train per seat and the Mexican train, each seat's marker, the
   uncovered double the table must answer, and the trains the player may play on now. A
   tile that fits one train is played at once; one that fits several asks which, on the
   board (a button on each train it fits) and in the choice's box. Which trains a tile
   fits comes from the view's legal plays only. */
import { classes, el, fill } from "../dom.mjs";
import { dominoImage, trainImage } from "../tiles.mjs";
import { MEXICAN, openTrains, trainOrder, trainsFor } from "../trains-geometry.mjs";
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

function tag(text, className) {
  return el("span", { class: classes("tag", className) }, text);
}

export function renderTrains() {
  const board = $("board");
  const { view } = state;
  const round = view.round;
  const width = Math.max(120, board.clientWidth - 40); // the board's and a train's padding
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
      trainImage(train, width, {
        engine,
        label: t("train_label", {
          train: trainName(key),
          tiles: train.tiles.length ? train.tiles.map(([a, b]) => `${a}-${b}`).join(", ") : t("train_empty"),
        }),
        // The train's last tile: outlined when it is the table's last play, red when it is
        // the double to cover.
        className: (tile, index) =>
          index === train.tiles.length - 1 &&
          classes(tile.name === state.lastTile && "last", uncovered && "uncovered"),
      }),
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
