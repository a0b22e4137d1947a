/* The live table page (an ES module): it draws what the table's websocket sends (docs/protocol.md)
   and sends the player's plays. The server decides everything: the page never works
   out a rule, it reads the legal plays from the view. Every text comes translated
   from the template (#table-text), so nothing here is in French. */
import { layoutLine, PIP, PIPS } from "./board-geometry.mjs";

(() => {
  const root = document.getElementById("table");
  const page = JSON.parse(document.getElementById("table-data").textContent);
  const flags = {
    public: root.dataset.public === "true",
    teams: root.dataset.teams === "true",
    draws: root.dataset.draws === "true",
    wild: root.dataset.wild === "true",
    exact: root.dataset.exact === "true", // the target must be reached exactly (R35)
    lowWins: root.dataset.lowWins === "true", // the lowest total wins (R32)
  };
  const $ = (id) => document.getElementById(id);
  const END_NAMES = ["left", "right", "up", "down"];

  // Texts ---------------------------------------------------------------------

  const TEXT = Object.fromEntries(
    [...$("table-text").content.querySelectorAll("[data-key]")].map((node) => [
      node.dataset.key,
      node.textContent.trim(),
    ]),
  );
  const lang = document.documentElement.lang || "fr";
  const pluralRules = new Intl.PluralRules(lang);
  const andList = new Intl.ListFormat(lang, { type: "conjunction" });

  function t(key, values = {}) {
    if (!(key in TEXT)) throw new Error(`table.js: no text "${key}" in #table-text`);
    return TEXT[key].replace(/\{(\w+)\}/g, (field, name) => (name in values ? String(values[name]) : field));
  }

  function tileCount(count) {
    return t(pluralRules.select(count) === "one" ? "tiles_one" : "tiles_other", { count });
  }

  /** "3", "3 ni 5", "3, 5 ni 6": the numbers a seat passed on, so holds none of. */
  function norList(numbers) {
    if (numbers.length < 2) return numbers.join("");
    return t("nor", { rest: numbers.slice(0, -1).join(", "), last: numbers[numbers.length - 1] });
  }

  // DOM helpers ---------------------------------------------------------------

  const present = (child) => child !== null && child !== undefined && child !== false;

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    setAttributes(node, attrs);
    node.append(...children.flat(Infinity).filter(present));
    return node;
  }

  /** Replace a node's children; null and false stand for "nothing here". */
  function fill(node, ...children) {
    node.replaceChildren(...children.flat(Infinity).filter(present));
  }

  const SVG_NS = "http://www.w3.org/2000/svg";

  function svgEl(tag, attrs = {}) {
    const node = document.createElementNS(SVG_NS, tag);
    setAttributes(node, attrs);
    return node;
  }

  function setAttributes(node, attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (!present(value)) continue;
      if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
  }

  const classes = (...names) => names.filter(Boolean).join(" ");

  // What the page knows -------------------------------------------------------

  let version = null; // the last state applied (the version rule)
  let table = null; // state.table
  let view = null; // state.view: null until the match starts
  let lastTile = null; // the tile last laid, outlined on the line
  let arriving = null; // the tile just laid, drawn coming from its player's place once
  let arrivingFrom = null;
  let drawnTiles = new Set(); // the tiles this seat drew in the last state's events
  let choice = null; // {tile, end, shownAt}: a tile that fits several ways, waiting for the player's pick
  let roundOvers = {}; // each round's round_over event, by number: what the round's end scored
  let waiting = false; // a command is on its way: no second one until the server answers
  let clock = null; // what the table waits for: {kind, seat, version, endsAt}, see "The clock"

  /** Whether the match is going on: nobody acts at a table that is over, closed or abandoned. */
  function live() {
    return table.status === "playing" || table.status === "round_over";
  }

  function playerName(seat, players = table.players) {
    const player = players[seat];
    return player ? player.name : t("seat_number", { n: seat + 1 });
  }

  function sideName(side) {
    if (!flags.teams) return playerName(side);
    const names = [];
    for (let seat = side; seat < table.seats; seat += 2) names.push(playerName(seat));
    return t("team_name", { n: side + 1, names: andList.format(names) });
  }

  /** A winner is a side, several sides sharing the win (family), or nobody: the text for
   * one (key `one`) or several (`many`), or null. */
  function winnersText(winner, one, many) {
    if (winner === null || winner === undefined) return null;
    const names = [winner].flat().map(sideName);
    return t(names.length > 1 ? many : one, { names: andList.format(names) });
  }

  /** Each side's points: "alice +12, bob +0". */
  function sidePoints(points) {
    return points.map((value, side) => t("side_points", { name: sideName(side), points: value })).join(", ");
  }

  function legalFor(tile) {
    return view.legal.filter((entry) => entry.play === tile);
  }

  const unique = (values) => [...new Set(values)];
  const endOf = (entry) => entry.end ?? null;

  // Dominoes in SVG -----------------------------------------------------------
  // A domino is drawn upright in "tile units" (one half is 1 × 1), centred on 0,0,
  // `first` on top; turned a quarter left, `first` is on the left.
  function domino(first, second, { x = 0, y = 0, upright = true, className = "", tile = null } = {}) {
    const group = svgEl("g", {
      class: classes("domino", className),
      transform: `translate(${x} ${y})${upright ? "" : " rotate(-90)"}`,
      "data-line-tile": tile,
    });
    group.append(
      svgEl("rect", { class: "face", x: -0.5, y: -1, width: 1, height: 2, rx: 0.14 }),
      svgEl("line", { class: "divider", x1: -0.36, y1: 0, x2: 0.36, y2: 0 }),
    );
    for (const [value, centre] of [[first, -0.5], [second, 0.5]]) {
      for (const [dx, dy] of PIPS[value]) {
        group.append(svgEl("circle", { class: "pip", cx: dx * PIP, cy: centre + dy * PIP, r: 0.09 }));
      }
    }
    return group;
  }

  /** A lone domino as an image: upright in the hand, lying in the hands shown at a round's end. */
  function dominoImage(tile, { upright, label }) {
    const [a, b] = tile.split("-").map(Number);
    const image = svgEl("svg", {
      class: upright ? "tile-upright" : "tile-lying",
      viewBox: upright ? "-0.56 -1.06 1.12 2.12" : "-1.06 -0.56 2.12 1.12",
      role: label ? "img" : null,
      "aria-label": label,
      "aria-hidden": label ? null : "true",
      focusable: "false",
    });
    image.append(domino(a, b, { upright }));
    return image;
  }

  // The line ------------------------------------------------------------------
  // Laid out by board-geometry.mjs as on a real table: it turns at the edge of the board
  // instead of running off it, doubles crosswise, the spinner's four arms.

  function renderBoard() {
    const board = $("board");
    const line = view.round && view.round.line;
    if (!line) {
      fill(board, el("p", { class: "board-empty" }, t("board_empty")));
      return;
    }
    // Tiles as large as pips stay easy to count (a phone is seen from closer), and the
    // line turns at the edge of the board, so it never scrolls sideways.
    const room = Math.max(120, board.clientWidth - 24);
    const scale = room < 600 ? 26 : 32;
    const { tiles, marks, box } = layoutLine(line, room / scale);
    const pad = 0.15;
    const minX = box.minX - pad;
    const minY = box.minY - pad;
    const width = box.maxX - box.minX + 2 * pad;
    const height = box.maxY - box.minY + 2 * pad;

    const ordered = [...tiles].sort((p, q) => p.y - q.y || p.x - q.x);
    const image = svgEl("svg", {
      class: "line",
      viewBox: `${minX} ${minY} ${width} ${height}`,
      width: Math.round(width * scale),
      height: Math.round(height * scale),
      role: "img",
      "aria-label": t("board_label", {
        tiles: tiles.map((tile) => `${tile.first}-${tile.second}`).join(", "),
      }),
    });
    for (const tile of ordered) {
      const drawn = domino(tile.first, tile.second, {
        x: tile.x,
        y: tile.y,
        upright: tile.upright,
        tile: tile.name,
        className: classes(tile.name === lastTile && "last", tile.spinner && "spinner"),
      });
      if (tile.name === arriving) {
        // The last play comes from its player's side of the table (off when the system
        // asks for reduced motion: see table.css).
        const from = { bottom: [0, 4], top: [0, -4], left: [-4, 0], right: [4, 0], topleft: [-3, -3], topright: [3, -3] };
        const [dx, dy] = from[arrivingFrom] || [0, 4];
        const wrap = svgEl("g", { class: "arriving" });
        // Through the CSSOM: the site's CSP allows no style attribute.
        wrap.style.setProperty("--from-x", `${dx}px`);
        wrap.style.setProperty("--from-y", `${dy}px`);
        wrap.append(drawn);
        image.append(wrap);
      } else {
        image.append(drawn);
      }
    }
    arriving = null;
    for (const end of choiceEnds()) {
      const mark = marks[end];
      if (!mark) continue;
      // The open end itself is a button: the player lays the tile where they point.
      const choosing = choice.end === undefined;
      const group = svgEl("g", {
        class: classes("end-mark", choosing && "choosable"),
        transform: `translate(${mark.x} ${mark.y})`,
        "data-end": end,
        role: choosing ? "button" : null,
        tabindex: choosing ? "0" : null,
        "aria-label": choosing ? t("put_on", { tile: choice.tile, end: t(`end_${end}`) }) : null,
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
      image.append(group);
    }
    fill(board, image);
  }

  /** The ends to point at on the line while the player chooses where a tile goes. */
  function choiceEnds() {
    if (!choice) return [];
    if (choice.end !== undefined) return [choice.end];
    return unique(waysFor(choice.tile).map(endOf));
  }

  // The hand and the player's choice -------------------------------------------

  function myTurn() {
    return live() && view.status === "playing" && view.seat !== null && view.round.turn === view.seat;
  }

  function renderHand() {
    const area = $("hand-area");
    // Between rounds and at the end, every hand is in the round's summary instead.
    area.hidden = view.hand === null || view.status !== "playing";
    if (area.hidden) return;
    const hand = $("hand");
    area.classList.toggle("my-turn", myTurn());
    const playable = new Set(myTurn() ? view.legal.map((entry) => entry.play) : []);
    fill(
      hand,
      view.hand.map((tile) => {
        const canPlay = playable.has(tile);
        const drawn = drawnTiles.has(tile);
        const selected = Boolean(choice && choice.tile === tile);
        return el(
          "button",
          {
            type: "button",
            class: classes("hand-tile", canPlay && "playable", drawn && "drawn", selected && "selected"),
            "data-tile": tile,
            "aria-disabled": canPlay ? null : "true",
            "aria-pressed": canPlay ? String(selected) : null,
            "aria-label": t(drawn ? "drawn_tile" : "tile_label", { tile }),
            onclick: () => pick(tile),
          },
          dominoImage(tile, { upright: true }),
        );
      }),
    );
    renderChoice();
  }

  // A choice must be the player's own deliberate click: a click that lands within this
  // long of the choice appearing (the second half of a double-click) chooses nothing.
  const CHOICE_GUARD_MS = 300;

  /** The legal plays of `tile`, where the opening double lies alone (its two sides alike,
   * the view says) counting left and right as one. */
  function waysFor(tile) {
    const entries = legalFor(tile);
    if (!view.round.ends_alike) return entries;
    return entries.filter((entry) => entry.end !== "right" || !entries.some((e) => e.end === "left"));
  }

  function pick(tile) {
    const entries = waysFor(tile);
    if (waiting || !entries.length) return;
    if (choice && choice.tile === tile) return; // already asking where it goes: answer there
    const ways = unique(entries.map((entry) => `${endOf(entry)} ${entry.open}`));
    if (ways.length === 1) {
      sendPlay(tile, endOf(entries[0]), entries[0].open);
      return;
    }
    const ends = unique(entries.map(endOf));
    choice = { tile, end: ends.length === 1 ? ends[0] : undefined, shownAt: performance.now() };
    renderHand();
    renderBoard();
    keepEndsInView();
  }

  /** Keep the open ends to choose from in sight, without moving the hand under the
   * pointer: the choice's prompt goes to the top of the screen if it would cover one, and
   * the page scrolls only while the hand is stuck to the bottom of the screen (so that
   * scrolling leaves it where it is). */
  function keepEndsInView() {
    const marks = () => [...$("board").querySelectorAll(".end-mark.choosable")].map((m) => m.getBoundingClientRect());
    if (!marks().length) return;
    const prompt = $("choice");
    const covers = (box, area) =>
      box.left < area.right && box.right > area.left && box.top < area.bottom && box.bottom > area.top;
    prompt.classList.remove("at-top");
    if (marks().some((box) => covers(box, prompt.getBoundingClientRect()))) prompt.classList.add("at-top");
    const hand = $("hand-area").getBoundingClientRect();
    const stuck = Math.abs(hand.bottom - window.innerHeight) < 2;
    if (!stuck) return;
    const ends = marks();
    const limit = prompt.classList.contains("at-top") ? hand.top : Math.min(hand.top, prompt.getBoundingClientRect().top);
    const ceiling = prompt.classList.contains("at-top") ? prompt.getBoundingClientRect().bottom : 0;
    const top = Math.min(...ends.map((box) => box.top));
    const bottom = Math.max(...ends.map((box) => box.bottom));
    const margin = 8;
    let by = 0;
    if (bottom > limit - margin) by = bottom - limit + margin;
    if (top - by < ceiling + margin) by = top - ceiling - margin;
    if (by) window.scrollBy({ top: by, behavior: "instant" });
  }

  /** Whether a click on a choice now is a deliberate one (see CHOICE_GUARD_MS). */
  function deliberate() {
    return choice !== null && performance.now() - choice.shownAt >= CHOICE_GUARD_MS;
  }

  /** The numbers `tile` may leave open on `end`: two only for a wild blank (R22). */
  function opensFor(tile, end) {
    return unique(
      legalFor(tile)
        .filter((entry) => endOf(entry) === end)
        .map((entry) => entry.open),
    );
  }

  function chooseEnd(end) {
    if (!deliberate()) return;
    const opens = opensFor(choice.tile, end);
    if (opens.length === 1) {
      sendPlay(choice.tile, end, opens[0]);
      return;
    }
    choice = { tile: choice.tile, end, shownAt: performance.now() };
    renderHand();
    renderBoard();
  }

  function chooseOpen(tile, end, open) {
    if (deliberate()) sendPlay(tile, end, open);
  }

  function cancelChoice() {
    choice = null;
    renderHand();
    renderBoard();
  }

  function renderChoice() {
    const box = $("choice");
    box.hidden = !choice;
    delete box.dataset.ready;
    if (!choice) {
      fill(box);
      return;
    }
    // Once a click on it counts (CHOICE_GUARD_MS), the choice says so, for tests and styles.
    const shown = choice;
    const ready = () => {
      if (choice === shown) box.dataset.ready = "true";
    };
    setTimeout(ready, Math.max(0, shown.shownAt + CHOICE_GUARD_MS - performance.now()));
    const entries = legalFor(choice.tile);
    let prompt;
    let buttons;
    if (choice.end === undefined) {
      prompt = t("choose_end", { tile: choice.tile });
      const ends = new Set(waysFor(choice.tile).map(endOf));
      buttons = END_NAMES.filter((end) => ends.has(end)).map((end) =>
        el("button", { type: "button", "data-end": end, onclick: () => chooseEnd(end) }, t(`end_${end}`)),
      );
    } else {
      prompt = t("choose_open", { tile: choice.tile });
      const { tile, end } = choice;
      buttons = opensFor(tile, end).map((open) =>
        el(
          "button",
          { type: "button", "data-open": open, onclick: () => chooseOpen(tile, end, open) },
          t("open_choice", { n: open }),
        ),
      );
    }
    const cancel = el("button", { type: "button", class: "secondary", onclick: cancelChoice }, t("cancel"));
    box.setAttribute("aria-labelledby", "choice-prompt");
    fill(
      box,
      el("p", { id: "choice-prompt", class: "choice-prompt" }, prompt),
      el("div", { class: "choice-buttons" }, buttons, cancel),
    );
    buttons[0].focus({ preventScroll: true });
  }

  function sendPlay(tile, end, open) {
    const message = { type: "play", version, tile };
    if (end !== null) message.end = end;
    // `open` only where the server needs it: a wild blank that could leave either number.
    if (opensFor(tile, end).length > 1) message.open = open;
    if (!send(message)) return;
    waiting = true;
    choice = null;
    renderHand();
    renderBoard();
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && choice) cancelChoice();
  });

  // Around the table ----------------------------------------------------------

  function connectionDot(player) {
    if (!player) return null;
    // A house robot (daily challenge) is never connected, and never away.
    if (player.robot) return el("span", { class: "tag robot" }, t("robot"));
    const label = t(player.connected ? "online" : "offline");
    return el("span", {
      class: classes("dot", player.connected ? "online" : "offline"),
      "data-connected": String(player.connected),
      role: "img",
      "aria-label": label,
      title: label,
    });
  }

  function renderSeatList() {
    fill(
      $("seat-list"),
      table.players.map((player, seat) =>
        el(
          "li",
          { class: classes("seat-entry", !player && "free") },
          connectionDot(player),
          el("span", { class: "seat-name player-name", title: player ? player.name : null }, player ? player.name : t("seat_free")),
          seat === 0 && !table.daily ? el("span", { class: "tag" }, t("host")) : null,
          seat === page.seat ? el("span", { class: "tag me" }, t("you")) : null,
        ),
      ),
    );
    const join = $("join");
    if (join) join.closest("form").hidden = table.players.every(Boolean);
  }

  // Where each seat sits around the table, seen from the viewer's seat (at the bottom; a
  // spectator sees seat 0 there), in play order: partners face each other.
  const PLACES = {
    2: ["bottom", "top"],
    3: ["bottom", "left", "right"],
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "left", "topleft", "topright", "right"],
    6: ["bottom", "left", "topleft", "top", "topright", "right"],
  };

  function placeOf(seat) {
    const places = PLACES[table.seats] || PLACES[6];
    const me = view.seat ?? 0;
    return places[(seat - me + table.seats) % table.seats];
  }

  function renderPlayers() {
    const round = view.round;
    $("felt").dataset.seats = String(table.seats);
    fill(
      $("players"),
      table.players.map((player, seat) => {
        const turn = round.turn === seat && view.status === "playing" && live();
        return el(
          "article",
          {
            class: classes(
              "seat-card",
              turn && "to-play",
              seat === view.seat && "me",
              flags.teams && `team-${seat % 2}`,
            ),
            "data-seat": seat,
            "data-place": placeOf(seat),
            "aria-current": turn ? "true" : null,
          },
          el(
            "p",
            { class: "seat-head" },
            connectionDot(player),
            el("strong", { class: "player-name", title: player ? player.name : null }, player ? player.name : t("seat_free")),
            seat === view.seat ? el("span", { class: "tag me" }, t("you")) : null,
            flags.teams ? el("span", { class: "tag" }, t("team", { n: (seat % 2) + 1 })) : null,
          ),
          el("p", { class: "seat-tiles" }, tileCount(round.hand_sizes[seat])),
          round.draws[seat]
            ? el("p", { class: "seat-draws" }, t("drew", { tiles: tileCount(round.draws[seat]) }))
            : null,
          round.passes[seat].length
            ? el("p", { class: "seat-passes" }, t("passed", { numbers: norList(round.passes[seat]) }))
            : null,
          turn
            ? el(
                "p",
                { class: "seat-turn" },
                t("their_turn"),
                turnClock(seat) ? [" · ", countdown("clock_seconds", { class: "seat-clock" })] : null,
              )
            : null,
        );
      }),
    );
  }

  function renderStatus() {
    const round = view && view.round;
    let status;
    if (table.status === "open") {
      status = t("status_open", { taken: table.players.filter(Boolean).length, seats: table.seats });
    } else if (table.status === "closed") {
      status = t("status_closed");
    } else if (table.status === "abandoned") {
      status = t("status_abandoned");
    } else if (view && view.status === "over") {
      status = t("status_over");
    } else if (round) {
      const key = view.status === "round_over" ? "status_round_over" : "status_playing";
      status = t(key, { round: round.number });
    }
    if (view && view.seat === null && !["closed", "abandoned"].includes(table.status)) {
      status = t("status_with_note", { status, note: t("spectating") });
    }
    $("status").textContent = status;
  }

  function renderTurn() {
    const turn = $("turn");
    const mine = myTurn();
    turn.classList.toggle("mine", mine);
    turn.hidden = table.status === "abandoned"; // the status and the notice say it
    if (view.status === "over") turn.textContent = t("turn_over");
    else if (view.status === "round_over") turn.textContent = t("turn_round_over");
    else if (mine) fill(turn, t("turn_you"), " ", el("span", { class: "hint" }, t("hint")));
    else turn.textContent = t("turn_other", { name: playerName(view.round.turn) });
  }

  function renderBoardInfo() {
    const round = view.round;
    const items = [];
    if (flags.draws) items.push(t("stock", { tiles: tileCount(round.stock_size) }));
    if (round.count_parts) {
      items.push(...countInfo(round));
    } else if (round.line) {
      const ends = END_NAMES.filter((end) => end in round.line.ends).map((end) =>
        t("end_value", { end: t(`end_${end}`), n: round.line.ends[end] }),
      );
      items.push(t("ends", { ends: ends.join(", ") }));
    }
    fill(
      $("board-info"),
      items.map((item) => el("span", { class: "info" }, item)),
    );
  }

  /** R41: the count, the ends that make it and why; the ends that count nothing, and why. */
  function countInfo(round) {
    const counting = round.count_parts.filter((part) => part.counts > 0);
    const terms = counting.map((part) =>
      t(["double", "spinner", "lone_double"].includes(part.why) ? "count_part_double" : "count_part", {
        end: t(`end_${part.end}`),
        n: part.number,
        counts: part.counts,
      }),
    );
    const items = [t("count_sum", { count: round.count, terms: terms.join(" + ") || "0" })];
    const empty = round.count_parts.filter((part) => part.why === "empty_arm").map((part) => t(`end_${part.end}`));
    if (empty.length) items.push(t("count_empty_arms", { ends: andList.format(empty) }));
    if (counting.some((part) => part.why === "spinner")) items.push(t("count_spinner"));
    return items;
  }

  function renderCommitment() {
    const dealt = table.rounds.find((entry) => entry.number === view.round.number);
    fill(
      $("commitment"),
      dealt ? el("span", {}, t("commitment", { value: dealt.commitment })) : null,
      dealt && dealt.seed ? el("span", {}, t("seed", { value: dealt.seed })) : null,
    );
  }

  function renderScores() {
    const round = view.round;
    const showRound = round.count !== null; // points scored during play (all_fives, fives_threes)
    const rows = view.scores.map((score, side) =>
      el(
        "tr",
        { class: classes(view.side === side && "me"), "data-side": side },
        el("th", { scope: "row" }, sideName(side)),
        el("td", { class: "score" }, String(score)),
        showRound ? el("td", {}, `+${round.points[side]}`) : null,
      ),
    );
    const target = view.target === null ? null : t(flags.exact ? "target_exact" : "target", view);
    fill(
      $("scores"),
      el(
        "table",
        { class: "score-table" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col" }, t(flags.teams ? "col_side" : "col_player")),
            el("th", { scope: "col" }, t("col_total")),
            showRound ? el("th", { scope: "col" }, t("col_round")) : null,
          ),
        ),
        el("tbody", {}, rows),
      ),
      target ? el("p", { class: "target" }, target) : null,
      flags.lowWins ? el("p", { class: "target" }, t("low_wins")) : null,
    );
  }

  // Round over, match over -----------------------------------------------------

  /** The end of the current round: its result, every hand, the points. */
  function roundSummary() {
    const round = view.round;
    const winnerLine = winnersText(round.winner, "round_winner", "round_winners") ?? t("round_no_winner");
    const hands = table.players.map((player, seat) =>
      el(
        "tr",
        { "data-seat": seat },
        el("th", { scope: "row" }, playerName(seat)),
        el(
          "td",
          {},
          el(
            "div",
            { class: "shown-hand" },
            round.hands[seat].length
              ? round.hands[seat].map((tile) => dominoImage(tile, { upright: false, label: tile }))
              : el("span", { class: "muted" }, t("empty_hand")),
          ),
        ),
        el("td", { class: "pips" }, String(round.pips_left[seat])),
      ),
    );
    return [
      el("p", { class: "result-line" }, t("result", { result: t(`result_${round.result}`) })),
      el("p", { class: "result-line" }, winnerLine),
      el(
        "table",
        { class: "hands-table" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            ["col_player", "col_hand", "col_pips"].map((key) => el("th", { scope: "col" }, t(key))),
          ),
        ),
        el("tbody", {}, hands),
      ),
      el("p", { class: "result-line" }, t("log_round_points", { points: sidePoints(round.points) })),
      differenceLine(roundOvers[round.number]),
    ];
  }

  /** R34: the difference of the hands, and that it was rounded to a multiple of 5 when it was. */
  function differenceLine(event) {
    const difference = event && event.difference;
    if (!difference) return null;
    const key = difference.pips === difference.scored ? "difference" : "difference_rounded";
    return el("p", { class: "result-line difference" }, t(key, difference));
  }

  function roundOverPanel() {
    const host = view.seat === 0;
    // R54: the next round comes by itself after the pause, or sooner from the host's button.
    const pause = live() && clock !== null && clock.kind === "pause";
    let next = null;
    if (live() && host) {
      next = el(
        "button",
        { type: "button", id: "next-round", disabled: waiting, onclick: nextRound },
        t("next_round"),
      );
    } else if (live()) {
      next = el("p", { class: "wait" }, t(pause ? "host_may_start" : "wait_host"));
    }
    return el(
      "section",
      { id: "round-over", class: "panel result" },
      el("h2", {}, t("round_over_title", { round: view.round.number })),
      roundSummary(),
      pause ? pauseClock() : null,
      next,
    );
  }

  function matchOverPanel() {
    const winner = winnersText(view.winner, "match_winner", "match_winners");
    const won = view.side !== null && [view.winner].flat().includes(view.side);
    const finals = view.scores.map((score, side) =>
      el("li", { "data-side": side }, el("strong", {}, sideName(side)), ` ${score}`),
    );
    return el(
      "section",
      { id: "match-over", class: "panel result" },
      el("h2", {}, t("match_over_title")),
      winner ? el("p", { class: "winner" }, winner) : null,
      won ? el("p", { class: "winner" }, t("you_won")) : null,
      el("h3", {}, t("final_scores")),
      el("ul", { class: "final-scores" }, finals),
      view.round && view.round.hands ? [el("h3", {}, t("last_round")), roundSummary()] : null,
      rematchForm(),
      el("p", {}, el("a", { id: "replay-link", href: root.dataset.replay }, t("replay"))),
      el("p", {}, el("a", { href: root.dataset.lobby, class: "button-link" }, t("back_to_lobby"))),
    );
  }

  /** "Revanche" for the players (the form is in the page, with its CSRF token). */
  function rematchForm() {
    const form = $("rematch-form");
    if (!form) return null;
    form.hidden = false;
    if (table.rematch) $("rematch").textContent = t("join_rematch");
    return form;
  }

  function renderRoundArea() {
    const area = $("round-area");
    if (view.status === "round_over") fill(area, roundOverPanel());
    else if (view.status === "over") fill(area, matchOverPanel());
    else fill(area);
  }

  function nextRound() {
    if (waiting || !send({ type: "next_round", version })) return;
    waiting = true;
    $("next-round").disabled = true;
  }

  // The event log -------------------------------------------------------------

  function playLine(event) {
    const name = playerName(event.seat);
    // Beside a lone opening double both sides are alike: no end to name.
    let text =
      event.end && !event.either_end
        ? t("log_play", { name, tile: event.tile, end: t(`end_${event.end}`) })
        : t("log_play_first", { name, tile: event.tile });
    // R22: where the player chose which number stays open, say which.
    if (event.open_chosen) text += ` ${t("log_open_kept", { n: event.open })}`;
    if (event.points) text += ` ${t("log_points", { points: event.points })}`;
    if (event.forced) text += ` ${t("log_forced")}`;
    // R52: the player's clock ran out and the table played for them.
    if (event.auto) return { text: `${text} ${t("log_auto")}`, className: "auto" };
    return text;
  }

  /** Several draws in a row by one seat make one line; another seat's draws carry no tile (R6). */
  function drawLine(seat, draws) {
    const name = playerName(seat);
    const tiles = draws.map((event) => event.tile).filter(Boolean);
    if (tiles.length === draws.length) return t("log_draw_own", { name, tiles: andList.format(tiles) });
    if (draws.length === 1) return t("log_draw", { name });
    return t("log_draws", { name, count: draws.length });
  }

  function eventLines(events, before) {
    const lines = [];
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i];
      switch (event.type) {
        case "seated":
          lines.push(t("log_seated", { name: playerName(event.seat) }));
          break;
        case "left": // the seat is free now: its name is in the table as it was
          lines.push(t("log_left", { name: playerName(event.seat, before) }));
          break;
        case "closed":
          lines.push(t("log_closed"));
          break;
        case "abandoned":
          lines.push(t("log_abandoned"));
          break;
        case "round_started":
          lines.push(t("log_round_started", { round: event.round, name: playerName(event.opener) }));
          break;
        case "play":
          lines.push(playLine(event));
          break;
        case "draw": {
          let last = i;
          const sameDraw = (next) => next && next.type === "draw" && next.seat === event.seat;
          while (sameDraw(events[last + 1])) last += 1;
          lines.push(drawLine(event.seat, events.slice(i, last + 1)));
          i = last;
          break;
        }
        case "pass":
          lines.push(t("log_pass", { name: playerName(event.seat), numbers: norList(event.ends) }));
          break;
        case "round_over":
          lines.push(t("log_round_over", { round: event.round, result: t(`result_${event.result}`) }));
          lines.push(t("log_round_points", { points: sidePoints(event.points) }));
          break;
        case "rematch":
          lines.push(t("log_rematch", { name: playerName(event.seat) }));
          break;
        case "match_over":
          lines.push(t("log_match_over"));
          lines.push(winnersText(event.winner, "match_winner", "match_winners"));
          break;
        default:
          break; // an event this page does not know yet: the state shows its effect anyway
      }
    }
    return lines;
  }

  /** A line is a text, or {text, className} for a line marked apart (a play by the table). */
  function lineItems(all) {
    return all
      .filter(present)
      .map((line) => (typeof line === "string" ? { text: line } : line))
      .map((line) => el("li", { class: line.className }, line.text));
  }

  /** The lines of the round under way go in the log; the rounds before it are folded above. */
  function foldRound(number) {
    const log = $("log");
    if (!log.children.length) return;
    const items = [...log.children];
    $("log-earlier").append(
      el(
        "details",
        { class: "log-round", "data-round": number },
        el("summary", {}, t("log_round_title", { round: number })),
        el("ol", { class: "log" }, items),
      ),
    );
    fill(log);
  }

  /** The journal of the whole match, rebuilt from the server's (on every connection). */
  function rebuildJournal(journal) {
    fill($("log-earlier"));
    fill($("log"));
    roundOvers = {};
    const seated = eventLines(journal.seated, table.players);
    if (!journal.rounds.length) $("log").append(...lineItems(seated));
    journal.rounds.forEach((round, index) => {
      if (index > 0) foldRound(journal.rounds[index - 1].number);
      noteRoundOvers(round.events);
      $("log").append(...lineItems([...(index === 0 ? seated : []), ...eventLines(round.events, table.players)]));
    });
    const current = journal.rounds.length ? journal.rounds[journal.rounds.length - 1].events : [];
    const plays = current.filter((event) => event.type === "play");
    lastTile = plays.length ? plays[plays.length - 1].tile : null;
    const log = $("log");
    log.scrollTop = log.scrollHeight;
  }

  function noteRoundOvers(events) {
    for (const event of events) if (event.type === "round_over") roundOvers[event.round] = event;
  }

  /** The news of a state: its lines go to the log (a new round folds the last one away). */
  function logEvents(events, before) {
    const log = $("log");
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    const all = [];
    let chunk = [];
    const flush = () => {
      const lines = eventLines(chunk, before);
      all.push(...lines);
      log.append(...lineItems(lines));
      chunk = [];
    };
    for (const event of events) {
      if (event.type === "round_started" && event.round > 1) {
        flush();
        foldRound(event.round - 1);
      }
      chunk.push(event);
    }
    flush();
    const shown = all.filter(present).map((line) => (typeof line === "string" ? line : line.text));
    if (!shown.length) return;
    if (atBottom) log.scrollTop = log.scrollHeight;
    const news = $("news");
    news.textContent = shown.join(" · ");
    news.hidden = false;
  }

  // The clock -----------------------------------------------------------------
  // What the table waits for and how long (R52–R54): a seat's turn, or the pause between
  // rounds. The server counts `remaining_ms` when it builds a message; the page counts
  // down from the moment it received it on its own monotonic clock (performance.now()),
  // so the two clocks never need to agree. At zero the page shows 0 and waits: the
  // server plays for the seat, or deals the next round, and says so.

  const TICK_MS = 250;
  const URGENT_SECONDS = 10; // shown apart, and said once to the player whose turn it is
  let ticking = null; // the interval redrawing the countdowns
  let warned = false; // the warning was said for this clock

  /** Take the clock of a message received at `receivedAt` (null: the table waits for nothing). */
  function setClock(data, receivedAt) {
    const next = data
      ? {
          kind: data.kind,
          seat: data.seat,
          version,
          endsAt: receivedAt + Math.max(0, data.remaining_ms),
          // R56: nobody is at the table: it waits, its clock stopped at what is left.
          stopped: data.stopped ? Math.max(0, data.remaining_ms) : null,
        }
      : null;
    const same =
      clock && next && clock.kind === next.kind && clock.seat === next.seat && clock.version === next.version;
    if (!same) {
      warned = false;
      $("clock-alert").textContent = "";
    }
    clock = next;
    if (clock && ticking === null) ticking = setInterval(tick, TICK_MS);
  }

  function secondsLeft() {
    if (clock && clock.stopped !== null) return Math.ceil(clock.stopped / 1000);
    return clock ? Math.max(0, Math.ceil((clock.endsAt - performance.now()) / 1000)) : 0;
  }

  /** Whether the clock now running is that of `seat`'s turn. */
  function turnClock(seat) {
    return (
      clock !== null && clock.kind === "turn" && clock.seat === seat && view.status === "playing" && live()
    );
  }

  /** An element the ticks keep saying `key` (a text with {seconds}) in. */
  function countdown(key, attrs = {}, tag = "span") {
    return el(tag, { ...attrs, "data-clock-text": key });
  }

  function pauseClock() {
    return countdown("clock_pause", { id: "pause-clock", class: "pause-clock", role: "timer" }, "p");
  }

  function renderClock() {
    const box = $("clock");
    const seat = clock && clock.kind === "turn" ? clock.seat : null;
    const shown = seat !== null && view !== null && view.round !== null && turnClock(seat);
    // R53: a seat whose player is away has the short clock.
    const player = shown ? table.players[seat] : null;
    const away = Boolean(player) && !player.connected && !player.robot;
    box.hidden = !shown;
    box.classList.toggle("away", away);
    if (!shown) {
      fill(box);
    } else {
      fill(
        box,
        countdown("clock_seconds", { class: "clock-time" }),
        away ? el("span", { class: "clock-away" }, t("clock_away")) : null,
      );
    }
    const handClock = $("hand-clock");
    handClock.hidden = !(shown && myTurn());
    if (handClock.hidden) handClock.removeAttribute("data-clock-text");
    else handClock.dataset.clockText = "clock_seconds";
    tick();
  }

  /** Redraw every countdown on the page; stop once the clock is gone or at zero. */
  function tick() {
    const seconds = secondsLeft();
    const urgent = clock !== null && clock.kind === "turn" && seconds <= URGENT_SECONDS;
    for (const node of root.querySelectorAll("[data-clock-text]")) {
      const text = t(node.dataset.clockText, { seconds });
      if (node.textContent !== text) node.textContent = text;
      node.classList.toggle("urgent", urgent);
    }
    // One warning, not a countdown read aloud: the clocks themselves are not live regions.
    if (urgent && !warned && seconds > 0 && myTurn()) {
      warned = true;
      $("clock-alert").textContent = t("clock_alert", { seconds });
    }
    if ((clock === null || seconds === 0) && ticking !== null) {
      clearInterval(ticking);
      ticking = null;
    }
  }

  // Applying what the server sends -------------------------------------------

  function render() {
    root.dataset.status = table.status;
    renderSpectators();
    renderStatus();
    $("waiting").hidden = table.status !== "open";
    $("closed").hidden = table.status !== "closed";
    $("abandoned").hidden = table.status !== "abandoned";
    if (table.status === "open") renderSeatList();
    $("game").hidden = view === null;
    if (view === null || view.round === null) return;
    renderClock();
    renderPlayers();
    renderTurn();
    renderBoardInfo();
    renderBoard();
    renderCommitment();
    renderRoundArea();
    renderHand();
    renderScores();
    renderPublicInfo();
    tick();
  }

  /** What every seat may work out from what R6 shows (the server counts it): for each
   * number, its seven tiles, and who showed they hold none of it. */
  function renderPublicInfo() {
    const panel = view.round.public;
    const box = $("public-info");
    if (!panel) {
      fill(box);
      return;
    }
    const mine = view.seat !== null;
    const head = ["col_number", "col_on_line", ...(mine ? ["col_in_hand"] : []), "col_unseen", "col_none"];
    fill(
      box,
      el(
        "table",
        { class: "public-table" },
        el("caption", {}, t("public_caption")),
        el("thead", {}, el("tr", {}, head.map((key) => el("th", { scope: "col" }, t(key))))),
        el(
          "tbody",
          {},
          panel.map((entry) =>
            el(
              "tr",
              { "data-number": entry.number },
              el("th", { scope: "row" }, String(entry.number)),
              el("td", {}, String(entry.on_line)),
              mine ? el("td", {}, String(entry.in_hand)) : null,
              el("td", {}, String(entry.unseen)),
              el("td", { class: "none" }, entry.none.map((seat) => playerName(seat)).join(", ")),
            ),
          ),
        ),
      ),
    );
  }

  function applyState(message, receivedAt) {
    if (version !== null && message.version < version) return; // seen already (around a reconnection)
    if (version !== null && message.version === version) {
      // The same state again (on reconnection, on sync): only who is here and the clock are newer.
      table.players = message.table.players;
      setClock(message.table.clock ?? null, receivedAt);
      if (message.journal) rebuildJournal(message.journal);
      renderAround();
      return;
    }
    const gap = version !== null && message.version > version + 1;
    const before = table ? table.players : [];
    version = message.version;
    table = message.table;
    view = message.view;
    waiting = false;
    choice = null;
    setClock(table.clock ?? null, receivedAt);
    if (message.events.length) {
      for (const event of message.events) {
        if (event.type === "play") {
          lastTile = event.tile;
          arriving = event.tile;
          arrivingFrom = view.round ? placeOf(event.seat) : null;
        }
        if (event.type === "round_started") lastTile = null;
      }
      const draws = message.events.filter((event) => event.type === "draw" && event.tile);
      drawnTiles = new Set(draws.map((event) => event.tile));
      noteRoundOvers(message.events);
    }
    if (message.journal) rebuildJournal(message.journal);
    render();
    logEvents(message.events, before);
    announceTurn();
    root.dataset.version = String(version);
    if (gap) send({ type: "sync" }); // messages were lost: ask for the full view to be sure
  }

  function applyPresence(message, receivedAt) {
    if (!table) return;
    table.players = message.players;
    if ("spectators" in message) table.spectators = message.spectators;
    // R53: a player gone on their own turn has a shorter clock. A clock of another
    // version than the page's belongs to a state the page has not got: not this one.
    if (message.version === version && "clock" in message) setClock(message.clock, receivedAt);
    renderAround();
    // Presence carries the current version: a higher one means a state was lost.
    if (version !== null && message.version > version) send({ type: "sync" });
  }

  function renderSpectators() {
    const box = $("spectators");
    const count = table.spectators ?? 0;
    box.hidden = count === 0;
    box.dataset.count = String(count);
    box.textContent = t(pluralRules.select(count) === "one" ? "spectators_one" : "spectators_other", { count });
  }

  /** Who is here and the clock, without the rest of the table. */
  function renderAround() {
    renderSpectators();
    if (table.status === "open") renderSeatList();
    if (view && view.round) {
      renderClock();
      renderPlayers();
    }
    tick();
  }

  function showError(text) {
    const banner = $("error");
    banner.querySelector(".error-message").textContent = text;
    banner.hidden = false;
  }

  $("error").querySelector(".error-dismiss").addEventListener("click", () => {
    $("error").hidden = true;
  });

  function receive(message, receivedAt) {
    // Other scripts of the page (ratings.js) hear every message too.
    root.dispatchEvent(new CustomEvent("table:message", { detail: message }));
    if (message.type === "state") applyState(message, receivedAt);
    else if (message.type === "presence") applyPresence(message, receivedAt);
    else if (message.type === "error") {
      showError(message.message);
      waiting = false;
      if (view && view.round) {
        renderHand();
        renderRoundArea();
      }
    }
  }

  // The player's turn: a sound and the tab's title ---------------------------------
  // When it becomes the player's turn, a short sound (unless muted: the switch, kept in
  // this browser) and the tab's title say so, for a player looking at another tab.

  const MUTE_KEY = "dominos-muted";
  const baseTitle = document.title;
  let wasMyTurn = false;
  let audio = null;

  function muted() {
    try {
      return localStorage.getItem(MUTE_KEY) === "true";
    } catch {
      return false;
    }
  }

  function renderMute() {
    const button = $("mute");
    if (!button) return;
    button.setAttribute("aria-pressed", String(muted()));
    button.textContent = t(muted() ? "sound_off" : "sound_on");
  }

  function beep() {
    if (muted()) return;
    try {
      audio = audio || new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.35);
    } catch {
      // no sound here (no audio device, or the browser refuses before a first click)
    }
  }

  function announceTurn() {
    const mine = view !== null && view.round !== null && myTurn();
    document.title = mine ? `${t("title_your_turn")} ${baseTitle}` : baseTitle;
    root.dataset.myTurn = String(mine);
    if (mine && !wasMyTurn) {
      root.dataset.turnAnnounced = String(Number(root.dataset.turnAnnounced || 0) + 1);
      beep();
    }
    wasMyTurn = mine;
  }

  const muteButton = $("mute");
  if (muteButton) {
    muteButton.addEventListener("click", () => {
      try {
        localStorage.setItem(MUTE_KEY, String(!muted()));
      } catch {
        // storage refused: the switch cannot be kept
      }
      renderMute();
    });
    renderMute();
  }

  // The websocket -------------------------------------------------------------

  const NOT_LOGGED_IN = 4401;
  const NO_SUCH_TABLE = 4404;
  const PRESENCE_LOST = 4408; // the server forgot this socket (its heartbeat stopped): come back
  const SANCTIONED = 4403; // the account was suspended or banned: the page stays closed
  let socket = null;
  let retries = 0;

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + page.socket;
    let opened = false;
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      opened = true;
      retries = 0;
      $("connection").hidden = true;
    });
    socket.addEventListener("message", (event) => {
      const receivedAt = performance.now(); // the clock's remaining_ms counts from here
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // the server sends JSON only; anything else is not for this page
      }
      receive(message, receivedAt);
    });
    socket.addEventListener("close", (event) => {
      waiting = false;
      if (event.code === SANCTIONED) refused("sanctioned");
      else if (event.code === NOT_LOGGED_IN) refused("not_logged_in");
      else if (event.code === NO_SUCH_TABLE) refused("not_found");
      else if (event.code === PRESENCE_LOST || opened) reconnect();
      else askWhy();
    });
  }

  function reconnect() {
    const notice = $("connection");
    notice.textContent = t("connection_lost");
    notice.hidden = false;
    const delay = Math.min(1000 * 2 ** retries, 10000); // 1 s, 2 s, 4 s… at most 10 s
    retries += 1;
    setTimeout(connect, delay);
  }

  function refused(key) {
    const notice = $("connection");
    notice.classList.add("fatal");
    notice.textContent = t(key);
    notice.hidden = false;
  }

  /** A handshake refused before it opened reaches the browser as an HTTP 403 with no close
   * code (Channels closing before accepting): the page itself says whether this user may
   * still see the table (a redirect to the login page, or a 404); else the server is away. */
  function askWhy() {
    fetch(location.href, { redirect: "manual", cache: "no-store" })
      .then((response) => {
        if (response.type === "opaqueredirect") refused("not_logged_in");
        else if (response.status === 404) refused("not_found");
        else reconnect();
      })
      .catch(reconnect);
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showError(t("no_socket"));
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  // The invitation link (the host of a private table) --------------------------

  const copy = $("copy-invitation");
  if (copy) {
    copy.addEventListener("click", async () => {
      const input = $("invitation-url");
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        $("copy-feedback").textContent = t("copied");
      } catch {
        $("copy-feedback").textContent = t("copy_failed");
      }
    });
  }

  // The line is sized to the board's width.
  let resizing = false;
  window.addEventListener("resize", () => {
    if (resizing || !view || !view.round) return;
    resizing = true;
    requestAnimationFrame(() => {
      resizing = false;
      renderBoard();
    });
  });

  // A private table is watched with its invitation only (the socket's URL carries it),
  // and a closed or abandoned table has nothing more to say: the page as served is all there is.
  const watchable = page.seat !== null || flags.public || page.invited;
  const ended = ["closed", "abandoned"].includes(root.dataset.status);
  if (watchable && !ended) connect();
})();
