// The player's settings: what the next match uses (rules, bots, deal number) and how the
// table looks and behaves (language, speed, dimming, counters, clock, four-colour deck).
// Rules are passed to Python as they are; Python validates them (the page holds no rule).

import { browserLang, LANGS } from "./i18n.js";
import * as storage from "./storage.js";

export const SPEEDS = ["slow", "calm", "normal", "fast", "instant"];
export const CLOCKS = [30, 60, 90, 120, 0]; // seconds; 0 = no clock
export const MAX_SEATS = 6;

export const DEFAULTS = Object.freeze({
  lang: /** @type {string | null} */ (null), // null until the player picks one: the host page's (?lang=), else the browser's
  preset: "classic",
  rules: /** @type {Record<string, any>} */ ({}), // partial rules: Python fills in the rest
  bots: Array(MAX_SEATS - 1).fill("normal"),
  seed: null,
  speed: "normal",
  dim: true,
  count: true,
  clock: 120,
  fourColour: false,
  names: Array(MAX_SEATS).fill(""), // players' own names ("": the usual name of the seat)
  assist: false, // hints and undo also when several persons play (one person always has them)
  iceUrl: "", // a STUN/TURN server for play across networks ("": none, a third-party request otherwise)
});

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** A complete settings object: every known key of `raw` that has the right type, else the default. */
export function sanitize(raw, base = DEFAULTS) {
  const s = structuredClone({ ...base });
  if (!isObject(raw)) return s;
  if (LANGS.includes(raw.lang)) s.lang = raw.lang;
  if (typeof raw.preset === "string") s.preset = raw.preset;
  if (isObject(raw.rules)) s.rules = structuredClone(raw.rules);
  if (Array.isArray(raw.bots) && raw.bots.every((b) => typeof b === "string")) {
    s.bots = [...raw.bots, ...DEFAULTS.bots].slice(0, MAX_SEATS - 1);
  } else if (typeof raw.bots === "string") {
    s.bots = Array(MAX_SEATS - 1).fill(raw.bots);
  }
  if (raw.seed === null || (Number.isSafeInteger(raw.seed) && raw.seed >= 0)) s.seed = raw.seed;
  if (SPEEDS.includes(raw.speed)) s.speed = raw.speed;
  for (const key of ["dim", "count", "fourColour"]) if (typeof raw[key] === "boolean") s[key] = raw[key];
  if (CLOCKS.includes(raw.clock)) s.clock = raw.clock;
  if (Array.isArray(raw.names)) {
    s.names = DEFAULTS.names.map((fallback, i) => (typeof raw.names[i] === "string" ? raw.names[i].slice(0, 24) : fallback));
  }
  if (typeof raw.assist === "boolean") s.assist = raw.assist;
  if (typeof raw.iceUrl === "string" && (raw.iceUrl === "" || /^(stun|turns?):/.test(raw.iceUrl))) s.iceUrl = raw.iceUrl;
  return s;
}

let current = sanitize(null);

/** Load the stored settings; `aside` names the key a corrupt copy was moved to. */
export function load() {
  const { value, aside } = storage.loadSettings();
  current = sanitize(value);
  return { settings: current, aside };
}

export const get = () => current;

/**
 * The table's language: the one the player picked, else the one the embedding page asks
 * for (?lang=, from data-lang) on every visit, else the browser's.
 */
export const lang = () => current.lang ?? browserLang();

export function update(changes) {
  current = sanitize({ ...current, ...changes }, current);
  storage.storeSettings(current);
  return current;
}

/** The new-match request for Python: rules, one level per other seat, names, seed. */
export function matchSettings(players) {
  const request = { rules: current.rules, bots: current.bots.slice(0, players - 1) };
  if (current.seed !== null) request.seed = current.seed;
  if (current.names.some(Boolean)) request.names = current.names.slice(0, players).map((n) => n.trim() || null);
  // Python's default: hints and undo for one person, none when several share the table.
  if (current.assist) request.assist = true;
  return request;
}

/**
 * Settings given in the address: `?setup=<JSON>` with any keys of the settings object
 * (e.g. {"rules": {"players": 3}, "bots": "easy", "speed": "instant", "seed": 7}).
 * They are stored, and a new match with them starts at once. Returns null without one.
 */
export let addressMode = "match"; // "learn" when the address asked for the learn hand ({"mode": "learn"})

export function fromAddress() {
  const params = new URLSearchParams(location.search);
  if (!params.has("setup")) return null;
  let raw;
  try {
    raw = JSON.parse(params.get("setup") ?? "");
  } catch {
    raw = null;
  }
  // Drop the parameter so a reload resumes the match instead of starting another.
  params.delete("setup");
  const query = params.toString();
  history.replaceState(null, "", location.pathname + (query ? `?${query}` : "") + location.hash);
  if (!isObject(raw)) return null;
  addressMode = raw.mode === "learn" ? "learn" : "match";
  return update(raw);
}
