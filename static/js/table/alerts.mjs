/* The player's turn: when it becomes theirs, a short sound (unless muted: the switch, kept
   in this browser) and the tab's title say so, for a player looking at another tab. */
import { $, myTurn, state, t } from "./state.mjs";

const MUTE_KEY = "dominos-muted";
let baseTitle = null;
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

export function announceTurn() {
  const { view, root } = state;
  const mine = view !== null && view.round !== null && myTurn();
  document.title = mine ? `${t("title_your_turn")} ${baseTitle}` : baseTitle;
  root.dataset.myTurn = String(mine);
  if (mine && !state.wasMyTurn) {
    root.dataset.turnAnnounced = String(Number(root.dataset.turnAnnounced || 0) + 1);
    beep();
  }
  state.wasMyTurn = mine;
}

/** The mute switch, and the page's own title to come back to. */
export function setUpAlerts() {
  baseTitle = document.title;
  const button = $("mute");
  if (!button) return;
  button.addEventListener("click", () => {
    try {
      localStorage.setItem(MUTE_KEY, String(!muted()));
    } catch {
      // storage refused: the switch cannot be kept
    }
    renderMute();
  });
  renderMute();
}
