// Export and import of what the player keeps in this browser (the running match, settings and
// statistics) as one JSON file, and the settings section that offers it (plus the way out of a
// broken offline copy). An import is checked completely before anything is stored: a bad file
// gets a clear message and changes nothing. A good one replaces what it holds, then the page
// reloads, so every module starts from the imported values.
//
// File format (public, stable):
//   {"format": "hearts-backup", "version": 1, "exported": "<ISO time>",
//    "settings": {…} | null, "save": {…} | null, "stats": {…} | null}
// "settings" is the settings object (static/js/settings.js), "save" the autosaved match as
// Python writes it (hearts/table/session.py), "stats" the statistics as Python keeps them
// (hearts/table/stats.py; files of older versions hold {matches, wins, hands, moons}, which
// Python migrates); null or missing: not in the file.

import { el } from "./dom.js";
import { errorText, getLang, t } from "./i18n.js";
import { offlineCapable } from "./offline.js";
import { sanitize, untakenKeys } from "./settings.js";
import * as storage from "./storage.js";

/**
 * @typedef {import("./bridge.js").Bridge} Bridge
 * @typedef {import("./bridge.js").Python} Python
 * @typedef {import("./offline.js").Offline} Offline
 * @typedef {import("./settings.js").Settings} Settings
 * @typedef {import("./settings.js").SettingsValues} SettingsValues
 */

/**
 * What the data section works with: Python (through the bridge's queue), the settings, the offline copy.
 * @typedef {object} DataDeps
 * @property {Bridge} bridge
 * @property {Settings} settings
 * @property {Offline} offline
 */

/**
 * The checked parts of a backup file: what each replaces, as it is stored.
 * @typedef {{save?: string, settings?: SettingsValues, stats?: string}} Parts
 */

const FORMAT = "hearts-backup";
const VERSION = 1;
const MAX_BYTES = 1_000_000;
const TOP_KEYS = ["format", "version", "exported", "settings", "save", "stats"];
const PARTS = /** @type {const} */ (["save", "settings", "stats"]);

/** A refusal: the key of a reason in i18n's data.reasons, with its values. */
class Refused extends Error {
  /** @param {string} reason @param {Record<string, string | number>} [values] */
  constructor(reason, values = {}) {
    super(reason);
    this.reason = reason;
    this.values = values;
  }
}

/**
 * The backup of everything this browser keeps, as the text of a file.
 * @param {Settings} settings @param {Offline} offline
 */
export async function exportText(settings, offline) {
  await offline.saveNow();
  let save = null;
  try {
    const parsed = JSON.parse(storage.loadGame() ?? "null");
    if (storage.isRecord(parsed)) save = parsed;
  } catch {
    // no autosave, or one that cannot be read: not exported
  }
  const data = {
    format: FORMAT,
    version: VERSION,
    exported: new Date().toISOString(),
    settings: settings.get(),
    save,
    stats: parsedStats(),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The stored statistics as an object (the start-up stored Python's text, so it is readable). */
function parsedStats() {
  try {
    const parsed = JSON.parse(storage.loadStatsText() ?? "null");
    return storage.isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** @param {unknown} raw @param {string[]} levels */
function checkSettings(raw, levels) {
  if (!storage.isRecord(raw)) throw new Refused("badSetting", { key: "settings" });
  const clean = sanitize(raw);
  const [untaken] = untakenKeys(raw); // a value the settings would change or drop is not valid
  if (untaken !== undefined) throw new Refused("badSetting", { key: untaken });
  if (!clean.bots.every((level) => levels.includes(level))) throw new Refused("badSetting", { key: "bots" });
  return clean;
}

/**
 * Python checks the statistics (and migrates an old file's counters); the text to store.
 * @param {Python} python @param {unknown} raw
 */
async function checkStats(python, raw) {
  if (!storage.isRecord(raw)) throw new Refused("badStats");
  const answer = await python.statsCheck(JSON.stringify(raw));
  if ("error" in answer) throw new Refused("badStats");
  return answer.stats_save;
}

/** @param {string} text @returns {Record<string, unknown>} */
function parseFile(text) {
  if (text.length > MAX_BYTES) throw new Refused("tooBig");
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Refused("notJson");
  }
  if (!storage.isRecord(data) || data.format !== FORMAT) throw new Refused("notBackup");
  if (data.version !== VERSION) throw new Refused("version", { version: JSON.stringify(data.version) });
  const unknown = Object.keys(data).find((key) => !TOP_KEYS.includes(key));
  if (unknown !== undefined) throw new Refused("unknownKey", { key: unknown });
  if (PARTS.every((part) => data[part] === undefined || data[part] === null)) throw new Refused("empty");
  return data;
}

/**
 * Check a backup file's text completely (the house rules by Python); the parts it holds, or
 * a Refused. Only the saved match is left to check: resuming it is what checks it (storeParts).
 * @param {Python} python @param {string} text @returns {Promise<Parts>}
 */
export async function checkText(python, text) {
  const data = parseFile(text);
  /** @type {Parts} */
  const parts = {};
  if (data.settings != null) {
    const info = await python.rulesInfo();
    if ("error" in info) throw new Refused("badSetting", { key: "settings" });
    parts.settings = checkSettings(data.settings, info.levels);
    const rules = await python.checkRules(parts.settings.rules);
    if ("error" in rules) throw new Refused("badRules", { reason: errorText(rules.error) });
  }
  if (data.stats != null) parts.stats = await checkStats(python, data.stats);
  if (data.save != null) {
    if (!storage.isRecord(data.save)) throw new Refused("badSave");
    parts.save = JSON.stringify(data.save);
  }
  return parts;
}

/**
 * Store checked parts. The match goes first, through Python (a save it refuses leaves the
 * running match as it was); if the browser then refuses to store anything, what was stored
 * before is put back, so a failed import changes nothing.
 * @param {Python} python @param {Settings} settings @param {Parts} parts
 */
export async function storeParts(python, settings, parts) {
  const before = { save: storage.loadGame(), settings: settings.get(), stats: storage.loadStatsText() };
  if (parts.save !== undefined) {
    const answer = await python.resume(parts.save);
    if ("error" in answer) throw new Refused("badSave");
    parts = { ...parts, save: answer.save };
  }
  const stored =
    (parts.save === undefined || storage.storeGame(parts.save)) &&
    (parts.settings === undefined || storage.storeSettings(parts.settings)) &&
    (parts.stats === undefined || storage.storeStats(parts.stats));
  if (stored) return;
  if (before.save !== null) {
    storage.storeGame(before.save);
    await python.resume(before.save);
  }
  storage.storeSettings(before.settings);
  if (before.stats !== null) storage.storeStats(before.stats);
  throw new Refused("storeFailed");
}

/** @param {Parts} parts */
function listOf(parts) {
  const names = PARTS.filter((part) => parts[part] !== undefined).map((part) => t(`data.what.${part}`));
  return new Intl.ListFormat(getLang(), { type: "conjunction" }).format(names);
}

/** @param {string} name @param {string} text */
function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a", { attrs: { href: url, download: name } });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by the time this runs; the URL would only hold memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** @param {string} text @param {string} action @param {() => void} onClick */
function button(text, action, onClick) {
  const node = el("button", { class: "secondary", text, attrs: { type: "button" }, data: { action } });
  node.addEventListener("click", onClick);
  return node;
}

/**
 * How the data section asks and answers: `confirm(text)` is the dialogs' yes/no question
 * (passed in: dialogs.js imports this module), `say` writes the section's status line.
 * @typedef {object} Talk
 * @property {(text: string) => Promise<boolean>} confirm
 * @property {(text: string, error?: boolean) => void} say
 */

/**
 * The settings dialog's section "Your data and the offline copy".
 * @param {DataDeps & {confirm: Talk["confirm"]}} deps
 */
export function dataSection({ confirm, bridge, settings, offline }) {
  const status = el("p", { class: "data-status", attrs: { role: "status" }, data: { dataStatus: "" } });
  /** @type {Talk["say"]} */
  const say = (text, error = false) => {
    status.textContent = text;
    status.classList.toggle("error", error);
    status.dataset.dataStatus = error ? "error" : "ok";
  };
  const file = importInput({ confirm, say }, bridge, settings);
  const exporter = button(t("data.export"), "export-data", async () => {
    const name = `hearts-backup-${new Date().toISOString().slice(0, 10)}.json`;
    download(name, await exportText(settings, offline));
    say(t("data.exported", { name }));
  });
  const importer = button(t("data.import"), "import-data", () => file.click());
  const clear = offlineCapable() ? clearButton({ confirm, say }, offline) : null;

  return el(
    "fieldset",
    { class: "data-section" },
    el("legend", { text: t("data.section") }),
    el("p", { class: "derived", text: t("data.help") }),
    el("div", { class: "data-buttons" }, exporter, importer, clear),
    clear ? el("p", { class: "derived", text: t("data.clearHelp") }) : null,
    file,
    status,
  );
}

/**
 * The hidden file input: check the chosen file, ask what it replaces, store it, reload.
 * The check and the store are one task in the bridge's queue each: Python's answers are read
 * in the order the page asked.
 * @param {Talk} talk @param {Bridge} bridge @param {Settings} settings
 */
function importInput({ confirm, say }, bridge, settings) {
  const file = el("input", { attrs: { type: "file", accept: ".json,application/json", hidden: true }, data: { importFile: "" } });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = ""; // the same file may be chosen again
    if (!chosen) return;
    try {
      if (chosen.size > MAX_BYTES) throw new Refused("tooBig");
      const text = await chosen.text();
      const parts = await bridge.run((python) => checkText(python, text));
      if (!(await confirm(t("data.confirmImport", { what: listOf(parts) })))) return;
      await bridge.run((python) => storeParts(python, settings, parts));
      say(t("data.imported"));
      location.reload();
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      say(t("data.bad", { reason: t(`data.reasons.${err.reason}`, err.values) }), true);
    }
  });
  return file;
}

/** @param {Talk} talk @param {Offline} offline */
function clearButton({ confirm, say }, offline) {
  return button(t("data.clear"), "clear-offline", async () => {
    if (!(await confirm(t("data.confirmClear")))) return;
    if ((await offline.clearOfflineCopy()) === "offline") say(t("data.clearOffline"), true);
  });
}
