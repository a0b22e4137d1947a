/* A rated match's rating changes on its table page: each player's rating before the
   match and the change. Filled in when the table's socket says the match was rated (the
   "ratings" message, docs/protocol.md, relayed by table/apply.mjs as a "table:message"
   event), or fetched once the match is over if that message came while the page was away. */
import { backoff } from "./socket.mjs";

// Asked again at most this many times, less and less often (socket.mjs's back-off).
const TRIES = 5;

(() => {
  const panel = document.getElementById("ratings");
  const root = document.getElementById("table");
  if (!panel || !root) return;
  const rows = document.getElementById("rating-rows");
  const provisionalText = document
    .getElementById("rating-text")
    .content.querySelector('[data-key="provisional"]')
    .textContent.trim();
  let shown = rows.children.length > 0;
  let fetching = false;

  function signed(delta) {
    if (delta > 0) return `+${delta}`;
    return delta < 0 ? `\u2212${-delta}` : "\u00b10";
  }

  function number(className, value, provisional) {
    const td = document.createElement("td");
    td.className = `number ${className}`;
    td.textContent = value;
    if (provisional) {
      const mark = document.createElement("abbr");
      mark.className = "provisional";
      mark.title = provisionalText;
      mark.textContent = "?";
      td.append(mark);
    }
    return td;
  }

  function show(ratings) {
    if (!Array.isArray(ratings) || ratings.length === 0) return false;
    rows.replaceChildren(
      ...ratings.map((row) => {
        const tr = document.createElement("tr");
        tr.dataset.seat = String(row.seat);
        const name = document.createElement("th");
        name.scope = "row";
        name.textContent = row.name;
        const delta = number("delta", signed(row.delta), false);
        if (row.delta !== 0) delta.classList.add(row.delta > 0 ? "delta-up" : "delta-down");
        tr.append(
          name,
          number("before", String(row.before), row.provisional_before),
          delta,
          number("after", String(row.after), row.provisional),
        );
        return tr;
      }),
    );
    panel.hidden = false;
    shown = true;
    return true;
  }

  /** Ask the server, a few times and less and less often, until the match is rated. */
  async function fetchRatings() {
    if (fetching || shown) return;
    fetching = true;
    for (let attempt = 0; attempt < TRIES && !shown; attempt += 1) {
      try {
        const response = await fetch(panel.dataset.url, { headers: { Accept: "application/json" } });
        if (response.ok && show((await response.json()).ratings)) break;
      } catch {
        // The network is away: the next try, or the socket's message, will do.
      }
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt, { max: 16000 })));
    }
    fetching = false;
  }

  root.addEventListener("table:message", (event) => {
    const message = event.detail;
    if (message.type === "ratings") show(message.ratings);
    else if (message.type === "state" && message.table && message.table.status === "over") fetchRatings();
  });
  if (root.dataset.status === "over") fetchRatings();
})();
