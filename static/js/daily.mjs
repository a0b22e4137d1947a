// The daily challenge's page: the ranking kept live while the day lasts, by asking the
// server for it every few seconds (a finished attempt's rank appears without a reload).

import { format } from "./text.mjs";

const POLL_MS = 5000;

const page = JSON.parse(document.getElementById("daily-data").textContent);
const strings = JSON.parse(document.getElementById("daily-strings").textContent);

const text = (key, values = {}) => format(strings[key], values);

function cell(content, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  if (content instanceof Node) td.append(content);
  else td.textContent = String(content);
  return td;
}

function row(entry) {
  const tr = document.createElement("tr");
  tr.dataset.name = entry.name;
  if (entry.me) tr.className = "me";
  const name = document.createElement("span");
  const link = document.createElement("a");
  link.href = `/joueurs/${encodeURIComponent(entry.name)}/`;
  link.textContent = entry.name;
  name.append(link);
  if (!entry.complete) {
    const note = document.createElement("span");
    note.className = "muted";
    note.textContent = ` ${strings.unfinished}`;
    name.append(note);
  }
  tr.append(
    cell(entry.rank, "number rank"),
    cell(name),
    cell(entry.points, "number points"),
    cell(entry.robot_points, "number robots"),
  );
  return tr;
}

function render(data) {
  document.getElementById("ranking-rows").replaceChildren(...data.top.map(row));
  document.getElementById("ranking-empty").hidden = data.top.length > 0;
  document.getElementById("daily-players").textContent = String(data.players);
  const mine = document.getElementById("my-rank");
  if (data.mine && data.mine.rank && mine) {
    mine.textContent = text("rank", { rank: data.mine.rank, total: data.ranked });
  }
}

async function poll() {
  try {
    const response = await fetch(page.ranking_url, { headers: { Accept: "application/json" } });
    if (response.ok) {
      const data = await response.json();
      render(data);
      if (data.over) return;
    }
  } catch {
    // the network is away: try again at the next tick
  }
  setTimeout(poll, POLL_MS);
}

if (!page.over) setTimeout(poll, POLL_MS);
