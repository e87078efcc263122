// The player's settings: what the next match uses (rules, bots, deal number) and how the
// table looks, sounds and behaves (language, speed, dimming, counters, clock, four-colour deck,
// whose search gives hints, theme, card back, large cards, sound and its volume).
// Rules are passed to Python as they are; Python validates them (the page holds no rule).

import { browserLang, langOf } from "./i18n.js";
import * as storage from "./storage.js";

/**
 * @typedef {import("./protocol.js").NewMatchRequest} NewMatchRequest
 * @typedef {import("./protocol.js").HintLevel} HintLevel
 * @typedef {import("./state.js").Display} Display
 */

/**
 * A whole set of rules as Python writes it (hearts.Rules.to_json(): a view's `rules`, the rules
 * of check_rules' answer, a preset). The protocol types these as a plain object; these are the
 * keys the page shows and offers. `passing` is a mode's name or a cycle of seat offsets (a
 * draft may hold words Python then refuses). Python writes the variant keys (extra points,
 * heart points, bonus card, teams) only when they differ from their defaults.
 * @typedef {object} RulesJson
 * @property {number} players
 * @property {string[]} removed
 * @property {number} queen_points
 * @property {string | (number | string)[]} passing
 * @property {number} pass_count
 * @property {boolean} qs_breaks_hearts
 * @property {boolean} points_on_first_trick
 * @property {string} moon
 * @property {boolean} sun
 * @property {boolean} jack_of_diamonds
 * @property {boolean} moon_needs_jack
 * @property {number} target
 * @property {string} ties
 * @property {Record<string, number>} [extra_points] cards with points of their own ({KS: 10, AS: 7}); none: {}
 * @property {string} [heart_points] "one" (default) or "rank"
 * @property {string} [bonus_card] the card jack_of_diamonds gives −10: "JD" (default) or "TD"
 * @property {boolean} [teams] partners across the table (default false)
 */

/**
 * Rules Python wrote whole (see RulesJson) as the page reads them.
 * @param {Record<string, unknown>} rules @returns {RulesJson}
 */
export const wholeRules = (rules) => /** @type {RulesJson} */ (/** @type {unknown} */ (rules));

export const SPEEDS = ["slow", "calm", "normal", "fast", "instant"];
export const CLOCKS = [30, 60, 90, 120, 0]; // seconds; 0 = no clock
export const MAX_SEATS = 6;
export const MAX_NAME = 24; // characters of a player's name (Python's seats.py MAX_NAME)

// The page's copy of seats.py clean_name, for names the page stores before Python sees them (typed, from
// a ?setup= address, a guest's own): Python's whitespace as str.split() splits on it (JS's \s differs in
// \x1c-\x1f, \x85 and \ufeff), then what clean_name drops: control characters, bidirectional controls,
// zero-width space, word joiner, BOM (the zero-width joiner stays: emoji sequences and some scripts need it).
// biome-ignore lint/suspicious/noControlCharactersInRegex: \x1c-\x1f are spaces to Python
const PYTHON_SPACES = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;
const NOT_IN_NAMES = /[\p{Cc}\p{Cs}\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/gu;

/**
 * A player's name as the table keeps it (seats.py clean_name): single spaces, no control characters nor
 * its invisible ones, at most MAX_NAME characters, cut between characters (an emoji is two UTF-16 units).
 * @param {string} text @returns {string}
 */
export function cleanName(text) {
  const words = text
    .split(PYTHON_SPACES)
    .map((word) => word.replace(NOT_IN_NAMES, ""))
    .filter(Boolean);
  return Array.from(words.join(" ")).slice(0, MAX_NAME).join("").trimEnd();
}

/** "system" follows the device's light or dark preference (prefers-color-scheme). */
export const THEMES = ["system", "light", "dark"];
export const CARD_BACKS = ["classic", "lattice", "dots"];
/** Whose search gives hints: the protocol's HintLevel ("strong" is quick, "expert" stronger and slower). */
export const HINT_LEVELS = /** @type {const} */ (["strong", "expert"]);

/**
 * @typedef {object} SettingsValues
 * @property {string | null} lang null until the player picks one: the host page's (?lang=), else the browser's
 * @property {string} preset
 * @property {Record<string, unknown>} rules partial rules: Python fills in the rest
 * @property {string[]} bots one level per other seat
 * @property {number | null} seed
 * @property {string} speed one of SPEEDS
 * @property {boolean} dim
 * @property {boolean} count
 * @property {number} clock one of CLOCKS
 * @property {boolean} fourColour
 * @property {string[]} names players' own names ("": the usual name of the seat)
 * @property {boolean} assist hints and undo also when several persons play (one person always has them)
 * @property {HintLevel} hintLevel whose search gives a hint
 * @property {string} iceUrl a STUN/TURN server for play across networks ("": none, a third-party request otherwise)
 * @property {boolean} earlyEnd end a hand once no points are left (the next match's table setting)
 * @property {string} theme one of THEMES
 * @property {string} cardBack one of CARD_BACKS
 * @property {boolean} largeCards bigger cards (for phones)
 * @property {boolean} sound off until the player turns it on
 * @property {number} volume 0–100
 */

/** @type {Readonly<SettingsValues>} */
export const DEFAULTS = Object.freeze({
  lang: null,
  preset: "classic",
  rules: {},
  bots: Array(MAX_SEATS - 1).fill("normal"),
  seed: null,
  speed: "normal",
  dim: true,
  count: true,
  clock: 120,
  fourColour: false,
  names: Array(MAX_SEATS).fill(""),
  assist: false,
  hintLevel: "strong",
  iceUrl: "",
  earlyEnd: true,
  theme: "system",
  cardBack: "classic",
  largeCards: false,
  sound: false,
  volume: 70,
});

const FLAGS = /** @type {const} */ (["dim", "count", "fourColour", "earlyEnd", "largeCards", "sound"]);

/**
 * A complete settings object: every known key of `raw` that has the right type, else the default.
 * @param {unknown} raw @param {Readonly<SettingsValues>} [base] @returns {SettingsValues}
 */
export function sanitize(raw, base = DEFAULTS) {
  const s = structuredClone({ ...base });
  if (!storage.isRecord(raw)) return s;
  const lang = langOf(raw.lang); // ours as written, or by its language ("pt-br", "fr-CA")
  if (lang) s.lang = lang;
  if (typeof raw.preset === "string") s.preset = raw.preset;
  if (storage.isRecord(raw.rules)) s.rules = structuredClone(raw.rules);
  const bots = raw.bots;
  if (Array.isArray(bots) && bots.every((b) => typeof b === "string")) {
    s.bots = [...bots, ...DEFAULTS.bots].slice(0, MAX_SEATS - 1);
  } else if (typeof bots === "string") {
    s.bots = Array(MAX_SEATS - 1).fill(bots);
  }
  const seed = raw.seed;
  if (seed === null || (typeof seed === "number" && Number.isSafeInteger(seed) && seed >= 0)) s.seed = seed;
  if (typeof raw.speed === "string" && SPEEDS.includes(raw.speed)) s.speed = raw.speed;
  for (const key of FLAGS) {
    const value = raw[key];
    if (typeof value === "boolean") s[key] = value;
  }
  if (typeof raw.clock === "number" && CLOCKS.includes(raw.clock)) s.clock = raw.clock;
  if (typeof raw.theme === "string" && THEMES.includes(raw.theme)) s.theme = raw.theme;
  if (typeof raw.cardBack === "string" && CARD_BACKS.includes(raw.cardBack)) s.cardBack = raw.cardBack;
  const volume = raw.volume;
  if (typeof volume === "number" && Number.isFinite(volume)) s.volume = Math.round(Math.min(100, Math.max(0, volume)));
  const names = raw.names;
  if (Array.isArray(names)) {
    s.names = DEFAULTS.names.map((fallback, i) => (typeof names[i] === "string" ? cleanName(names[i]) : fallback));
  }
  if (typeof raw.assist === "boolean") s.assist = raw.assist;
  const hintLevel = HINT_LEVELS.find((level) => level === raw.hintLevel);
  if (hintLevel) s.hintLevel = hintLevel;
  const ice = raw.iceUrl;
  if (typeof ice === "string" && (ice === "" || /^(stun|turns?):/.test(ice))) s.iceUrl = ice;
  return s;
}

/** Whether two settings' values are the same (plain JSON data). */
const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The keys of `raw` the settings would not take as given: unknown keys, and values `sanitize`
 * drops or changes (a word for a flag, a speed there is not, a seed beyond 2⁵³, a seventh name).
 * A language by its region ("pt-br") and one level for every seat (`"bots": "easy"`) are taken.
 * @param {Record<string, unknown>} raw @param {Readonly<SettingsValues>} [base] @returns {string[]}
 */
export function untakenKeys(raw, base = DEFAULTS) {
  const clean = sanitize(raw, base);
  return Object.keys(raw).filter((key) => {
    const value = raw[key];
    if (key === "lang") return value !== null && langOf(value) === null; // null: the browser's language
    if (key === "bots" && typeof value === "string") return !clean.bots.every((level) => level === value);
    if (key === "bots") return !Array.isArray(value) || !same(clean.bots.slice(0, value.length), value);
    if (key === "names") return !Array.isArray(value) || value.length > MAX_SEATS || value.some((n) => typeof n !== "string");
    if (key === "volume") return typeof value !== "number" || !Number.isFinite(value);
    return !(key in DEFAULTS) || !same(clean[/** @type {keyof SettingsValues} */ (key)], value);
  });
}

/** The settings of this browser: read once at start-up, stored again at every change. */
export class Settings {
  #current = sanitize(null);

  /**
   * Load the stored settings. `aside` names the key a copy was moved to: of settings that could
   * not be read at all, or of ones with `unread` settings (a word where a flag belongs, a speed
   * there is not), which fall back to their defaults; nothing stored is lost either way.
   * @returns {{settings: SettingsValues, aside?: string, unread: string[]}}
   */
  load() {
    const { value, text, aside } = storage.loadSettings();
    this.#current = sanitize(value);
    // Keys the settings do not have (from another version) are not unread: they never were ours.
    const unread = value ? untakenKeys(value).filter((key) => key in DEFAULTS) : [];
    const kept = aside ?? (unread.length && text !== undefined ? storage.keepAside("settings", text) : undefined);
    // Replaced at once, or every start would find them again and keep another copy.
    if (kept) storage.storeSettings(this.#current);
    return { settings: this.#current, aside: kept, unread };
  }

  /** @returns {Readonly<SettingsValues>} */
  get() {
    return this.#current;
  }

  /**
   * The table's language: the one the player picked, else the one the embedding page asks
   * for (?lang=, from data-lang) on every visit, else the first of the browser's languages we have.
   */
  lang() {
    return this.#current.lang ?? browserLang();
  }

  /** What the drawing reads of the settings (state.js `Display`). @returns {Display} */
  display() {
    const { dim, count, fourColour, theme, cardBack, largeCards } = this.#current;
    return { lang: this.lang(), dim, count, fourColour, theme, cardBack, largeCards };
  }

  /** @param {Partial<SettingsValues>} changes */
  update(changes) {
    return this.#merge(changes);
  }

  /** Store `changes` (checked key by key: anything of the wrong type keeps its value). @param {object} changes */
  #merge(changes) {
    this.#current = sanitize({ ...this.#current, ...changes }, this.#current);
    storage.storeSettings(this.#current);
    return this.#current;
  }

  /**
   * The new-match request for Python: rules, one level per other seat, names, seed.
   * @param {number} players @param {Readonly<SettingsValues>} [values] others than the stored ones
   * @returns {NewMatchRequest & {bots: string[]}}
   */
  matchSettings(players, values = this.#current) {
    /** @type {NewMatchRequest & {bots: string[]}} */
    const request = { rules: values.rules, bots: values.bots.slice(0, players - 1), early_end: values.earlyEnd };
    if (values.seed !== null) request.seed = values.seed;
    if (values.names.some(Boolean)) request.names = values.names.slice(0, players).map((n) => n.trim() || null);
    // Python's default: hints and undo for one person, none when several share the table.
    if (values.assist) request.assist = true;
    return request;
  }

  /**
   * Settings given in the address: `?setup=<JSON>` with any keys of the settings object
   * (e.g. {"rules": {"players": 3}, "bots": "easy", "speed": "instant", "seed": 7}), and
   * {"mode": "learn"} for the learn hand. The parameter is dropped from the address (a reload
   * resumes). Nothing is stored here: the table stores `values` once Python has accepted them
   * (game.js startAddressed), so a bad address changes nothing. Null without the parameter;
   * `untaken` names the keys that cannot be used, null when the parameter is not a JSON object.
   * @returns {{mode: "match" | "learn", values: SettingsValues, untaken: string[] | null} | null}
   */
  fromAddress() {
    const params = new URLSearchParams(location.search);
    if (!params.has("setup")) return null;
    /** @type {unknown} */
    let raw;
    try {
      raw = JSON.parse(params.get("setup") ?? "");
    } catch {
      raw = null;
    }
    params.delete("setup");
    const query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? `?${query}` : "") + location.hash);
    if (!storage.isRecord(raw)) return { mode: "match", values: this.#current, untaken: null };
    const { mode, ...changes } = raw;
    const untaken = untakenKeys(changes, this.#current);
    if (mode !== undefined && mode !== "match" && mode !== "learn") untaken.push("mode");
    const values = sanitize({ ...this.#current, ...changes }, this.#current);
    return { mode: mode === "learn" ? "learn" : "match", values, untaken };
  }
}
