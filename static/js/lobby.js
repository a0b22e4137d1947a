// The lobby: the open public tables, kept live by the websocket /ws/salon/
// (docs/protocol.md, "The lobby"), and the form that opens a table, whose seats
// and targets follow the chosen variant. Every text comes from the page
// (#lobby-strings), in the page's language.
(function () {
  "use strict";

  const page = JSON.parse(document.getElementById("lobby-data").textContent);
  const strings = JSON.parse(document.getElementById("lobby-strings").textContent);
  const list = document.getElementById("tables");
  const empty = document.getElementById("no-tables");
  const status = document.getElementById("live-status");
  const rowTemplate = document.getElementById("table-row");

  // "Objectif : %(target)s points" with {target: 100}.
  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all));
  }

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
      table.target === null ? "" : format(strings.target, { target: table.target });
    row.querySelector(".rated").textContent = table.rated ? strings.rated : strings.friendly;
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

  // The websocket, reconnected with a growing delay ----------------------

  const MIN_DELAY = 1000;
  const MAX_DELAY = 30000;
  let delay = MIN_DELAY;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + page.socket);
    if (delay === MIN_DELAY) status.textContent = strings.connecting; // else: the reconnecting text stays
    socket.addEventListener("open", () => {
      delay = MIN_DELAY;
      status.textContent = strings.live;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      if (message.type === "tables") setTables(message.tables);
      else if (message.type === "table") upsert(message.table);
    });
    socket.addEventListener("close", () => reconnect());
  }

  function reconnect() {
    // Up to a quarter more, at random, so that a restarted server is not hit by every page at once.
    const wait = delay * (1 + Math.random() / 4);
    delay = Math.min(delay * 2, MAX_DELAY);
    // Said once per attempt, not counted down: the status is read out by screen readers.
    status.textContent = format(strings.reconnecting, { seconds: Math.ceil(wait / 1000) });
    setTimeout(connect, wait);
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

    const target = targetField.value === "" ? null : Number(targetField.value);
    const keepTarget = allowed.targets.includes(target);
    targetField.replaceChildren(
      option("", format(strings.default_target, { target: allowed.default_target }), !keepTarget),
      ...allowed.targets.map((t) => option(t, String(t), keepTarget && t === target)),
    );
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
  restrictChoices();
  connect();
})();
