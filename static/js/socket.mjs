/* The websocket of a page (the lobby, a table: docs/protocol.md): connect, come back after
   a lost connection with a growing delay and some jitter, ask for the full state again, and
   say why the server closed it for good. The close codes come from the server
   (games/close_codes.py, rendered in the page as #close-codes). */

/** The close codes by name ({"sanctioned": 4403, ...}), as the page was given them. */
export function closeCodes(doc = globalThis.document) {
  return JSON.parse(doc.getElementById("close-codes").textContent);
}

/** The wait before the `attempt`-th reconnection (from 0): `base` doubled at each attempt up
 * to `max`, and up to a `jitter` fraction more at random, so that a restarted server is not
 * hit by every page at the same moment. */
export function backoff(attempt, { base = 1000, max = 10000, jitter = 0.25, random = Math.random } = {}) {
  const delay = Math.min(base * 2 ** attempt, max);
  return Math.round(delay * (1 + jitter * random()));
}

/** The socket's URL for `path` on the page's own host. */
export function socketUrl(path, where = globalThis.location) {
  return (where.protocol === "https:" ? "wss://" : "ws://") + where.host + path;
}

/** A handshake refused before it opened reaches the browser as an HTTP 403 with no close
 * code (Channels closing before accepting): the page itself says whether this user may
 * still see it (a redirect to the login page: "not_logged_in", a 404: "not_found"); null
 * when it answers as it should (the server was away). */
export async function askPage(url = globalThis.location.href, fetcher = globalThis.fetch) {
  try {
    const response = await fetcher(url, { redirect: "manual", cache: "no-store" });
    if (response.type === "opaqueredirect") return "not_logged_in";
    if (response.status === 404) return "not_found";
  } catch {
    // the server is away: come back later
  }
  return null;
}

/**
 * Open the page's socket on `path` and keep it open.
 *
 * - `onMessage(message, receivedAt)`: each JSON message (receivedAt: performance.now() on
 *   its arrival, for the clocks);
 * - `onOpen({ again })`: the socket is open (`again`: after a lost connection);
 * - `onLost(delay)`: the connection was lost; another try in `delay` ms;
 * - `onRefused(reason, notice)`: the server closed it for good, `reason` being
 *   "sanctioned" (with the `sanctioned` message the server sent before, if any),
 *   "not_logged_in" or "not_found": no coming back.
 * - `whyRefused()`: a promise of the reason a handshake was refused before it opened (or
 *   null: try again), askPage by default.
 *
 * Returns `{ send(message), resync() }`: `send` answers false when no socket is open.
 */
export function openSocket(path, options = {}) {
  const {
    codes = closeCodes(),
    onMessage = () => {},
    onOpen = () => {},
    onLost = () => {},
    onRefused = () => {},
    whyRefused = () => askPage(),
    WebSocketClass = globalThis.WebSocket,
    wait = (callback, delay) => setTimeout(callback, delay),
    now = () => performance.now(),
    backoffOptions = {},
    url = socketUrl(path),
  } = options;
  let socket = null;
  let attempt = 0;
  let everOpened = false;
  let notice = null; // the server's `sanctioned` message, said before it closes with its code

  function lost() {
    const delay = backoff(attempt, backoffOptions);
    attempt += 1;
    onLost(delay);
    wait(connect, delay);
  }

  function connect() {
    let opened = false;
    socket = new WebSocketClass(url);
    socket.addEventListener("open", () => {
      opened = true;
      attempt = 0;
      onOpen({ again: everOpened });
      everOpened = true;
    });
    socket.addEventListener("message", (event) => {
      const receivedAt = now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // the server sends JSON only; anything else is not for this page
      }
      if (message && message.type === "sanctioned") notice = message;
      onMessage(message, receivedAt);
    });
    socket.addEventListener("close", (event) => {
      if (event.code === codes.sanctioned) onRefused("sanctioned", notice);
      else if (event.code === codes.not_logged_in) onRefused("not_logged_in", null);
      else if (event.code === codes.no_such_table) onRefused("not_found", null);
      else if (event.code === codes.presence_lost || opened) lost();
      else {
        Promise.resolve(whyRefused()).then((reason) => (reason ? onRefused(reason, null) : lost()));
      }
    });
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocketClass.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  connect();
  return {
    send,
    /** Ask for the full state again (messages were lost: docs/protocol.md, "sync"). */
    resync: () => send({ type: "sync" }),
  };
}

/** The text (its key and values) a page shows when its socket was closed for good: for a
 * sanction, "banned", or "suspended" with the suspension's end (in `lang`, in the
 * browser's time zone); else the reason itself ("not_logged_in", "not_found"). */
export function refusal(reason, notice, lang = "fr") {
  if (reason !== "sanctioned") return { key: reason, values: {} };
  if (!notice || notice.sanction !== "suspension") return { key: "banned", values: {} };
  if (!notice.until) return { key: "suspended_no_end", values: {} };
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short" });
  return { key: "suspended", values: { until: when.format(new Date(notice.until)) } };
}
