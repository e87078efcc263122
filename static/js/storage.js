// What the player keeps in this browser (localStorage): settings, the autosaved match and
// statistics. Nothing is ever deleted because it could not be read: a corrupt value is
// moved aside under its own key ("hearts.corrupt.<what>.<time>") and the caller is told.

// The version of what is stored is inside each value (a save's or the statistics' "version"):
// "hearts.stats.v1" holds Python's statistics, or the page's former counters, which Python migrates.
// "hearts.table.owner.v1": the id of the tab that holds the table (tabs.js), written beside the autosave.
// "hearts.challenges.v1": marks of the person's results made here, in a challenge link made here
// or a challenge played to its end here (challenge.js), so that a reply opened later shows them as "You".
// "hearts.challenges.results.v1": the challenges played to their end here, each the mark of the
// link played and the code of the reply link with the person's results (challenge.js), so that
// opening that link again shows them.
const KEYS = {
  settings: "hearts.settings.v1",
  save: "hearts.save.v1",
  stats: "hearts.stats.v1",
  owner: "hearts.table.owner.v1",
  challenges: "hearts.challenges.v1",
  challengeResults: "hearts.challenges.results.v1",
};

/** How many marks of results made here, and challenges played here, are remembered (the oldest go first). */
const CHALLENGES_KEPT = 30;

/** @typedef {keyof KEYS} What */

/** The stored text, or null (none, or storage blocked). @param {string} key */
function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Whether the browser stored it (private mode or a full quota refuse). @param {string} key @param {string} value */
function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keep an unreadable value under a new key and return that key.
 * @param {What} what @param {string} text
 */
export function keepAside(what, text) {
  const key = `hearts.corrupt.${what}.${new Date().toISOString()}`;
  write(key, text);
  return key;
}

/** A JSON object (not an array, not null). @param {unknown} value @returns {value is Record<string, unknown>} */
export const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The stored value of `what` when it parses and has the expected shape, with its text; else null,
 * with `aside` naming where an unreadable one was kept.
 * @template T
 * @param {What} what @param {(value: unknown) => value is T} shaped
 * @returns {{value: T | null, text?: string, aside?: string}}
 */
function readJson(what, shaped) {
  const text = read(KEYS[what]);
  if (text === null) return { value: null };
  try {
    const value = JSON.parse(text);
    if (shaped(value)) return { value, text };
  } catch {
    // fall through: corrupt
  }
  // The next store overwrites the original key; the unreadable text lives on under `aside`.
  return { value: null, aside: keepAside(what, text) };
}

/** {value, text?, aside?}: the stored settings object and its text, or null (aside names where a corrupt one went). */
export const loadSettings = () => readJson("settings", isRecord);
export const storeSettings = (/** @type {object} */ settings) => write(KEYS.settings, JSON.stringify(settings));

/** The autosaved match text, or null. Python decides whether it can be resumed. */
export const loadGame = () => read(KEYS.save);
export const storeGame = (/** @type {string} */ text) => write(KEYS.save, text);

/** Move an autosave Python refused aside (the new match then overwrites the autosave key). */
export const keepGameAside = (/** @type {string} */ text) => keepAside("save", text);

/**
 * The stored statistics' text for Python (hearts.table.stats reads both versions), or null.
 * Python owns them: the page stores the text Python answers and never reads inside it.
 */
export const loadStatsText = () => read(KEYS.stats);
export const storeStats = (/** @type {string} */ text) => write(KEYS.stats, text);

/** Move statistics Python refused aside (the empty ones stored next replace them under the key). */
export const keepStatsAside = (/** @type {string} */ text) => keepAside("stats", text);

/**
 * A stored list whose items all have the expected shape, oldest first; else an empty one. An
 * unreadable list is kept aside and replaced by an empty one at once, or every read would keep
 * another copy.
 * @template T
 * @param {"challenges" | "challengeResults"} what @param {(item: unknown) => item is T} isItem
 * @returns {T[]}
 */
function readList(what, isItem) {
  /** @type {(value: unknown) => value is T[]} */
  const isList = (value) => Array.isArray(value) && value.every(isItem);
  const { value, aside } = readJson(what, isList);
  if (aside) write(KEYS[what], "[]");
  return value ?? [];
}

/**
 * Add `item` last to a stored list, the items `same` as it gone, the oldest beyond CHALLENGES_KEPT too.
 * @template T
 * @param {"challenges" | "challengeResults"} what @param {(item: unknown) => item is T} isItem
 * @param {T} item @param {(kept: T) => boolean} same
 */
function addToList(what, isItem, item, same) {
  const kept = readList(what, isItem).filter((other) => !same(other));
  write(KEYS[what], JSON.stringify([...kept, item].slice(-CHALLENGES_KEPT)));
}

/** @type {(value: unknown) => value is string} */
const isText = (value) => typeof value === "string";

/** The marks of the person's challenge results made here, oldest first. */
export const challengeMarks = () => readList("challenges", isText);

/** Remember the person's results in a challenge made here (its column's mark: challenge.js). @param {string} mark */
export function rememberChallenge(mark) {
  addToList("challenges", isText, mark, (kept) => kept === mark);
}

/**
 * A challenge played to its end here: the mark of the link played (challenge.js) and the code of
 * the reply link that carries the person's results.
 * @typedef {{challenge: string, reply: string}} ChallengeResult
 */

/** @type {(value: unknown) => value is ChallengeResult} */
const isResult = (value) => isRecord(value) && typeof value.challenge === "string" && typeof value.reply === "string";

/** The reply link's code of the challenge marked `mark` when it was played here, else null. @param {string} mark */
export function challengeResult(mark) {
  return readList("challengeResults", isResult).find((kept) => kept.challenge === mark)?.reply ?? null;
}

/**
 * Remember the person's results of the challenge marked `mark`: their reply link's code (a later
 * play of it replaces them).
 * @param {string} mark @param {string} reply
 */
export function rememberChallengeResult(mark, reply) {
  addToList("challengeResults", isResult, { challenge: mark, reply }, (kept) => kept.challenge === mark);
}

/**
 * This tab holds the table now (tabs.js). When the id cannot be written (storage full), none is
 * kept: the Web Lock alone then says who holds the table.
 * @param {string} id
 */
export function storeOwner(id) {
  if (write(KEYS.owner, id)) return;
  try {
    localStorage.removeItem(KEYS.owner);
  } catch {
    // storage blocked: nothing was kept either
  }
}

/** Whether no other tab has written its id as the table's holder since `id` did (none kept: yes). @param {string} id */
export function isOwner(id) {
  const owner = read(KEYS.owner);
  return owner === null || owner === id;
}
