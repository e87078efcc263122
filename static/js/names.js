// Names out of i18n.js's data tables (`tData`: a map of option names, or a list of seat names),
// read as the page uses them: one name, or undefined when the table has none for that value.

import { tData } from "./i18n.js";

/**
 * The name the data table `table` (a dotted key of i18n.js) gives `value`, or undefined.
 * @param {string} table @param {string | number} value @returns {string | undefined}
 */
export function nameIn(table, value) {
  /** @type {unknown} */
  const names = tData(table);
  if (names === null || typeof names !== "object") return undefined;
  const name = /** @type {Record<string | number, unknown>} */ (names)[value];
  return typeof name === "string" ? name : undefined;
}
