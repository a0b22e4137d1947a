// The lobby: the open public tables, kept live by the websocket /ws/salon/
// (docs/protocol.md, "The lobby"; socket.mjs), and the form that opens a table, whose
// seats and targets follow the chosen variant. Every text comes from the page
// (#lobby-strings), in the page's language.
import { openSocket, refusal } from "./socket.mjs";
import { format } from "./text.mjs";

(function () {
  const page = JSON.parse(document.getElementById("lobby-data").textContent);
  const strings = JSON.parse(document.getElementById("lobby-strings").textContent);
  const list = document.getElementById("tables");
  const empty = document.getElementById("no-tables");
  const status = document.getElementById("live-status");
  const rowTemplate = document.getElementById("table-row");

  // The tables -----------------------------------------------------------

  function fill(row, table) {
    const variant = page.variants[table.variant];
    row.dataset.table = String(table.id);
    row.querySelectorAll("a.variant-name, a.view").forEach((link) => {
      link.href = table.url;
    });
    row.querySelector(".variant-name").textContent = variant ? variant.name : table.variant;
    row.querySelector(".players").textContent = format(strings.players, {
      taken: table.taken,
      seats: table.seats,
    });
    row.querySelector(".host").textContent = format(strings.host, { host: table.host });
    row.querySelector(".target").textContent =
      table.target === null ? "" : format(table.rounds ? strings.target_rounds : strings.target, { target: table.target });
    row.querySelector(".rated").textContent = table.robots
      ? strings.robots
      : table.rated
        ? strings.rated
        : strings.friendly;
    const seated = table.players.includes(page.me);
    row.querySelector(".seated").hidden = !seated;
    const form = row.querySelector(".join-form");
    form.hidden = seated;
    form.action = page.join_url.replace("/0/", "/" + table.id + "/");
    return row;
  }

  function newRow(table) {
    const row = rowTemplate.content.firstElementChild.cloneNode(true);
    return fill(row, table);
  }

  function rowOf(id) {
    return list.querySelector('[data-table="' + id + '"]');
  }

  function showEmpty() {
    empty.hidden = list.children.length > 0;
  }

  function setTables(tables) {
    list.replaceChildren(...tables.map(newRow));
    showEmpty();
  }

  // Show a table while it is open; remove it otherwise.
  function upsert(table) {
    const row = rowOf(table.id);
    if (table.status !== "open") {
      if (row) row.remove();
    } else if (row) {
      fill(row, table);
    } else {
      list.prepend(newRow(table)); // the newest first
    }
    showEmpty();
  }

  // The websocket (socket.mjs): back after a lost connection, never after a sanction ----

  function connect() {
    status.textContent = strings.connecting;
    openSocket(page.socket, {
      onOpen: () => {
        status.classList.remove("fatal");
        status.textContent = strings.live;
      },
      onMessage: (message) => {
        if (message.type === "tables") setTables(message.tables);
        else if (message.type === "table") upsert(message.table);
      },
      // Said once per attempt, not counted down: the status is read out by screen readers.
      onLost: (delay) => {
        status.textContent = format(strings.reconnecting, { seconds: Math.ceil(delay / 1000) });
      },
      // Closed for good (4403: the account was suspended or banned): the list is no longer live.
      onRefused: (reason, notice) => {
        const { key, values } = refusal(reason, notice, document.documentElement.lang || "fr");
        status.classList.add("fatal");
        status.textContent = format(strings[key], values);
      },
    });
  }

  // The form: seats and targets the chosen variant allows ----------------

  const form = document.getElementById("open-table");
  const variantField = form.elements.variant;
  const seatsField = form.elements.seats;
  const targetField = form.elements.target;

  function option(value, label, selected) {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = label;
    element.selected = selected;
    return element;
  }

  function restrictChoices() {
    const allowed = page.variants[variantField.value];
    if (!allowed) return;
    const seats = Number(seatsField.value);
    const keepSeats = seats >= allowed.min_seats && seats <= allowed.max_seats;
    const seatOptions = [];
    for (let n = allowed.min_seats; n <= allowed.max_seats; n++) {
      seatOptions.push(option(n, String(n), keepSeats ? n === seats : n === allowed.min_seats));
    }
    seatsField.replaceChildren(...seatOptions);
    showRobotSeats();

    const target = targetField.value === "" ? null : Number(targetField.value);
    const keepTarget = allowed.targets.includes(target);
    targetField.replaceChildren(
      option("", format(strings.default_target, { target: allowed.default_target }), !keepTarget),
      ...allowed.targets.map((t) => option(t, String(t), keepTarget && t === target)),
    );
  }

  // R58: a robot may take any seat but the host's, of the seats chosen.
  function showRobotSeats() {
    const seats = Number(seatsField.value);
    form.querySelectorAll("[data-robot-seat]").forEach((row) => {
      row.hidden = Number(row.dataset.robotSeat) >= seats;
    });
  }

  // Rated by default at a public table, friendly at a private one, unless the host chose.
  const publicField = form.elements.public;
  let ratedChosen = false;
  form.querySelectorAll('input[name="rated"]').forEach((input) => {
    input.addEventListener("change", () => {
      ratedChosen = true;
    });
  });
  publicField.addEventListener("change", () => {
    if (ratedChosen) return;
    const value = publicField.checked ? "classee" : "amicale";
    form.querySelectorAll('input[name="rated"]').forEach((input) => {
      input.checked = input.value === value;
    });
  });

  variantField.addEventListener("change", restrictChoices);
  seatsField.addEventListener("change", showRobotSeats);
  restrictChoices();
  connect();
})();
