// The table's words: picks the language and fills the strings of static/locales/<lang>.json
// (their format: static/locales/README.md). Python answers codes and parameters (refusals,
// hint reasons, tips); `t` words them. Parameter conventions (hearts/table/protocol.py): a
// param named `card` or ending in `_card` is a card name ("QS"), `cards` / `_cards` a list of
// them, `suit` / `_suit` a suit letter, `seat` / `_seat` a seat number; they are shown as card
// labels, suit names and seat names.
//
// Every language is a JSON module of the module graph, all eight of them: their requests go out
// with the page's other modules, so the first drawing (which resumes a kept table in the
// player's language) waits for no round trip after the graph, and `setLang` then `t` work in
// the same task, as the settings dialog needs when it redraws itself in the language just
// picked (its menu names every language in that language's own words). Loading only the
// player's language would put that round trip before the first drawing and make a switch wait,
// to spare files the service worker downloads for offline play anyway (docs/languages.md).

import de from "../locales/de.json" with { type: "json" };
import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };
import fr from "../locales/fr.json" with { type: "json" };
import it from "../locales/it.json" with { type: "json" };
import nl from "../locales/nl.json" with { type: "json" };
import pl from "../locales/pl.json" with { type: "json" };
import ptBR from "../locales/pt-BR.json" with { type: "json" };

/**
 * An entry of a locale file: a text, a plural (`{"plural": param, one: text, other: text, …}`:
 * one text per CLDR category, chosen by the number `param`), a list (the seat names) or a group.
 * @typedef {string | string[] | {[key: string]: Entry}} Entry
 * @typedef {{[key: string]: Entry}} Group
 * @typedef {{plural: string, [category: string]: Entry}} Plural
 */

/** Each language by its tag (BCP 47, as `<html lang>` and `Intl` take it). @type {Record<string, Group>} */
const TABLES = { de, en, es, fr, it, nl, pl, "pt-BR": ptBR };

export const LANGS = Object.keys(TABLES);

/** What the wording depends on besides the key: the language and who "You" is. */
const context = {
  lang: "en",
  /** The seat called "You" (`setSelfSeat`). */
  selfSeat: 0,
  /** The players' own names by seat (null: the usual name). */
  ownNames: /** @type {(string | null | undefined)[]} */ ([]),
};

/** @param {unknown} value @returns {value is string} */
const isLang = (value) => typeof value === "string" && LANGS.includes(value);

/** @param {string} tag */
const baseOf = (tag) => tag.split("-")[0].toLowerCase();

/**
 * Our language for a language tag: the same tag (any case: "pt-br"), else the one of the same
 * language ("fr-CA" → "fr", "pt-PT" → "pt-BR", "de-AT" → "de"); null when we have none.
 * @param {unknown} tag
 * @returns {string | null}
 */
export function langOf(tag) {
  if (typeof tag !== "string" || !tag) return null;
  const lower = tag.toLowerCase();
  return LANGS.find((lang) => lang.toLowerCase() === lower) ?? LANGS.find((lang) => baseOf(lang) === baseOf(tag)) ?? null;
}

/**
 * The language the address asks for (?lang=), else the first of the browser's preferred
 * languages (`navigator.languages`, in order) that we have, else English.
 */
export function browserLang() {
  // A site that embeds the game names its language in the address (embed.js: ?lang=de).
  const asked = langOf(new URLSearchParams(location.search).get("lang"));
  if (asked) return asked;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const lang = langOf(tag);
    if (lang) return lang;
  }
  return "en";
}

/** @param {string | null | undefined} value a language of LANGS; anything else is English */
export function setLang(value) {
  context.lang = isLang(value) ? value : "en";
  document.documentElement.lang = context.lang;
}

export function getLang() {
  return context.lang;
}

/**
 * A day (YYYY-MM-DD, a UTC day such as a daily deal's) as the language writes one ("Dec 7, 2026",
 * "7 déc. 2026"), as the statistics write theirs; "2026-12-07" broke at its hyphens on a phone.
 * @param {string} day
 */
export function dayText(day) {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(context.lang, { dateStyle: "medium", timeZone: "UTC" }).format(at);
}

/** @param {Entry | undefined} entry @returns {entry is Group} */
const isGroup = (entry) => typeof entry === "object" && !Array.isArray(entry);

/** @param {Entry | undefined} entry @returns {entry is Plural} */
const isPlural = (entry) => isGroup(entry) && typeof entry.plural === "string";

/** @param {Group} table @param {string} key a dotted path */
function entryIn(table, key) {
  /** @type {Entry | undefined} */
  let node = table;
  for (const part of key.split(".")) node = isGroup(node) ? node[part] : undefined;
  return node;
}

/**
 * The entry `key` in the table's language; English where a language lacks it.
 * @param {string} key
 */
function lookup(key) {
  return entryIn(TABLES[context.lang], key) ?? entryIn(en, key);
}

/** @param {string} key @returns {string | undefined} */
function textAt(key) {
  const entry = lookup(key);
  return typeof entry === "string" ? entry : undefined;
}

/**
 * The plural rules of each language, made once: every counted text asks them.
 * @type {Map<string, Intl.PluralRules>}
 */
const pluralRules = new Map();

/** @param {number} count @returns {Intl.LDMLPluralRule} */
function pluralCategory(count) {
  let rules = pluralRules.get(context.lang);
  if (!rules) {
    rules = new Intl.PluralRules(context.lang);
    pluralRules.set(context.lang, rules);
  }
  return rules.select(count);
}

/**
 * The text of `entry` for these values: a plural's form for its count (a form may be a
 * plural by another count), `other` where the language's file lacks the category.
 * @param {Entry | undefined} entry @param {Record<string, unknown>} values @returns {string | undefined}
 */
function textOf(entry, values) {
  if (typeof entry === "string") return entry;
  if (!isPlural(entry)) return undefined;
  return textOf(entry[pluralCategory(Number(values[entry.plural]))] ?? entry.other, values);
}

/**
 * `text` with each {name} replaced by `word(name)`; a name it has no word for stays as it is.
 * @param {string} text @param {(name: string) => string | undefined} word
 */
const fill = (text, word) => text.replace(/\{(\w+)\}/g, (whole, name) => word(name) ?? whole);

/** @type {Record<string, string>} */
const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
/** @type {Record<string, string>} */
const SUIT_OF_SYMBOL = Object.fromEntries(Object.entries(SUIT_SYMBOLS).map(([suit, symbol]) => [symbol, suit]));

/**
 * A card's short label in the table's language: "Q♠" / "D♠", "10♥".
 * @param {string} card
 */
export function cardLabel(card) {
  const rank = card.slice(0, -1);
  return `${textAt(`ranks.${rank}`) ?? rank}${SUIT_SYMBOLS[card.slice(-1)] ?? ""}`;
}

/**
 * A card's spoken name in the table's language: "queen of spades" / "Pik-Dame". Screen
 * readers skip or misread suit symbols, so every accessible name of a card is this.
 * @param {string} card
 */
export function cardName(card) {
  const rank = card.slice(0, -1);
  const names = { rank: textAt(`spoken.ranks.${rank}`) ?? rank, suit: textAt(`spoken.suits.${card.slice(-1)}`) ?? "" };
  return fill(textAt("spoken.card") ?? "", (name) => names[/** @type {keyof names} */ (name)]);
}

/**
 * What finds card labels in the table's language, made once per language (every log line uses it).
 * @type {Map<string, {pattern: RegExp, rankOf: Record<string, string>}>}
 */
const labelReaders = new Map();

/**
 * The pattern of a card label ("Q♠", "10♥", "D♠") or a lone suit sign in the table's language,
 * and each rank label's rank ("D" → "Q" in German).
 * @returns {{pattern: RegExp, rankOf: Record<string, string>}}
 */
function labelReader() {
  let reader = labelReaders.get(context.lang);
  if (!reader) {
    const ranks = lookup("ranks");
    /** @type {Record<string, string>} */
    const rankOf = {};
    for (const [rank, label] of Object.entries(isGroup(ranks) ? ranks : {})) if (typeof label === "string") rankOf[label] = rank;
    const labels = [...Object.keys(rankOf), ..."23456789"].sort((a, b) => b.length - a.length);
    // A rank only at a word's start: the last letter of a word before a sign is not a rank.
    const pattern = new RegExp(`(?<![\\p{L}\\d])(${labels.join("|")})?([♣♦♥♠])`, "gu");
    reader = { pattern, rankOf };
    labelReaders.set(context.lang, reader);
  }
  return reader;
}

/**
 * `text` split into its plain parts and the cards and suits its labels name: "Q♠ counts" →
 * [{card: "QS", suit: "S"}, " counts"]; a lone "♥" → {card: null, suit: "H"}.
 * Strings and `t` write cards as labels; the page draws them with graphics (cardface.js
 * `richText`) and the ear hears their names (`spokenText`): never a font's suit glyph.
 * @param {string} text @returns {(string | {card: string | null, suit: string})[]}
 */
export function cardParts(text) {
  const source = String(text);
  const { pattern, rankOf } = labelReader();
  /** @type {(string | {card: string | null, suit: string})[]} */
  const parts = [];
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) parts.push(source.slice(last, match.index));
    const [, rank = "", symbol] = match;
    const suit = SUIT_OF_SYMBOL[symbol];
    parts.push({ card: rank ? `${rankOf[rank] ?? rank}${suit}` : null, suit });
    last = match.index + match[0].length;
  }
  if (last < source.length) parts.push(source.slice(last));
  return parts;
}

/**
 * A suit's name in the table's language: "spades" / "Pik".
 * @param {string} suit
 */
export function suitName(suit) {
  return textAt(`suitNames.${suit}`) ?? String(suit);
}

/**
 * `text` for the ear: every card label becomes the card's spoken name, a lone suit sign its name.
 * @param {string} text
 */
export function spokenText(text) {
  return cardParts(text)
    .map((part) => (typeof part === "string" ? part : part.card ? cardName(part.card) : suitName(part.suit)))
    .join("");
}

/**
 * A protocol parameter as text, by the naming conventions at the top of this file.
 * @param {string} name @param {unknown} value @param {boolean} spoken
 */
function paramText(name, value, spoken) {
  const label = spoken ? cardName : cardLabel;
  const is = (/** @type {string} */ kind) => name === kind || name.endsWith(`_${kind}`);
  if (is("card")) return label(String(value));
  if (is("cards") && Array.isArray(value)) return value.map((card) => label(String(card))).join(spoken ? ", " : " ");
  if (is("suit")) return suitName(String(value));
  if (is("seat")) return seatName(Number(value));
  return decimalText(String(value));
}

/**
 * The number formats of fractions by language and digits ("fr:1"), made once each.
 * @type {Map<string, Intl.NumberFormat>}
 */
const decimalFormats = new Map();

/**
 * A fraction ("18.6", as Python and `toFixed` write it) as the table's language writes it
 * ("18,6" in French), with the same digits; any other text as it is (whole numbers too: a
 * deal's number has no thousands separators).
 * @param {string} text
 */
function decimalText(text) {
  const digits = /^-?\d+\.(\d+)$/.exec(text)?.[1].length;
  if (!digits) return text;
  const key = `${context.lang}:${digits}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(context.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimalFormats.set(key, format);
  }
  return format.format(Number(text));
}

/**
 * The string `key` (dotted path) with {placeholders} filled in from `values` (see paramText);
 * a plural entry takes the form for the count it names. An unknown key answers the key itself.
 * @param {string} key @param {Record<string, unknown>} [values] @param {{spoken?: boolean}} [options]
 */
export function t(key, values = {}, { spoken = false } = {}) {
  const text = textOf(lookup(key), values);
  if (text === undefined) return key;
  return fill(text, (name) => (name in values ? paramText(name, values[name], spoken) : undefined));
}

/**
 * `t` for the ear: cards by their spoken names (the live log, accessible names).
 * @param {string} key @param {Record<string, unknown>} [values]
 */
export const say = (key, values = {}) => spokenText(t(key, values, { spoken: true }));

/**
 * "label: value" in the table's language (a French colon has a space before it).
 * @param {string} label @param {unknown} value
 */
export const labelled = (label, value) => t("labelValue", { label, value });

/**
 * A language's own name ("Français"), for the language menu.
 * @param {string} lang a language of LANGS
 */
export function languageName(lang) {
  const name = entryIn(TABLES[lang] ?? en, "languageName");
  return typeof name === "string" ? name : lang;
}

/**
 * A refusal from Python (`{code, message, params}`) in the table's language.
 * @param {import("./protocol.js").ErrorBody} error @param {string | null} [playedCard]
 * @param {{spoken?: boolean}} [options] spoken: cards by their spoken names
 */
export function errorText(error, playedCard = null, { spoken = false } = {}) {
  const params = error.params ?? {};
  if (error.code === "illegal_play" && params.reason) {
    const reason = t(`illegal.${params.reason}`, params, { spoken });
    return t("illegal.wrap", { played_card: playedCard ?? params.card, reason }, { spoken });
  }
  if (error.code === "bad_rules" && params.problem) return t(`rulesProblem.${params.problem}`, params, { spoken });
  const known = t(`errors.${error.code}`, params, { spoken });
  return known === `errors.${error.code}` ? error.message : known;
}

/**
 * A non-text entry: a map of option names (`s.speedOpt`, `level`) or a list (`seatNames`).
 * @param {string} key
 * @returns {any} the caller knows the entry's shape: it indexes it by an option or a seat
 */
export function tData(key) {
  return lookup(key);
}

/** No seat is "You": where several persons share the device, the words name each of them. */
export const NOBODY = -1;

/**
 * The seat the words call "You": the one whose hand is shown (the view's `self`), or `NOBODY`.
 * @param {number} seat
 */
export function setSelfSeat(seat) {
  context.selfSeat = seat;
}

/** Whether the words call `seat` "You" (its own wording: "You take the trick"). @param {number} seat */
export const isYou = (seat) => seat === context.selfSeat;

/**
 * The players' own names from the view (`seats[i].name`; null: the usual name).
 * @param {(string | null | undefined)[]} names
 */
export function setSeatNames(names) {
  context.ownNames = names;
}

/**
 * A seat's name as others call it (never "You").
 * @param {number} seat
 */
export const playerName = (seat) => nameAmong(seat, context.ownNames);

/**
 * Every seat's name as this page calls it where the players' own names are `own` (null: the usual
 * name, in this page's language). @param {(string | null | undefined)[]} own @param {number} players
 */
export const namesAmong = (own, players) => Array.from({ length: players }, (_, seat) => nameAmong(seat, own));

/** @param {number} seat @param {(string | null | undefined)[]} ownNames */
function nameAmong(seat, ownNames) {
  const own = ownNames[seat];
  if (own) return own;
  /** @type {unknown} */
  const list = lookup("seatNames");
  const usual = Array.isArray(list) ? list.map(String) : [];
  const taken = new Set(ownNames.filter((name) => name).map((name) => String(name).toLowerCase()));
  const name = usual[seat];
  if (name === undefined) return `#${seat}`;
  if (!taken.has(name.toLowerCase())) return name;
  // A person took this usual name for their own seat ("Ben" where the usual Ben sits too): the
  // seat gets a usual name nobody has, so no two seats are called alike.
  const held = (/** @type {string} */ n, /** @type {number} */ i) =>
    taken.has(n.toLowerCase()) || (i < ownNames.length && !ownNames[i]);
  const clashing = usual.slice(0, seat).filter((n, i) => !ownNames[i] && taken.has(n.toLowerCase())).length;
  return usual.filter((n, i) => !held(n, i))[clashing] ?? `#${seat}`;
}

/** @param {number} seat */
export function seatName(seat) {
  if (isYou(seat)) return textAt("you") ?? "";
  return playerName(seat);
}

/**
 * Fill every element carrying data-i18n="key" (text) or data-i18n-title="key" (tooltip + label).
 * @param {ParentNode} [root]
 */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.getAttribute("data-i18n") ?? "");
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    const title = t(el.getAttribute("data-i18n-title") ?? "");
    if (el instanceof HTMLElement) el.title = title;
    el.setAttribute("aria-label", title);
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.getAttribute("data-i18n-label") ?? ""));
  }
  document.title = t("title");
}
