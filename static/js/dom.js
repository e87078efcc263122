// Building DOM without HTML strings: every text goes through textContent (a later strict CSP
// forbids inline handlers and innerHTML with data).

/**
 * el("button", {class: "primary", text: "OK", data: {action: "pass"}, attrs: {type: "button"}}, ...children)
 */
export function el(tag, options = {}, ...children) {
  const node = document.createElement(tag);
  if (options.class) node.className = options.class;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [key, value] of Object.entries(options.data ?? {})) node.dataset[key] = value;
  for (const [key, value] of Object.entries(options.attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

/** Replace the children of `node`; null, undefined and false are left out (unlike replaceChildren). */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

// Writing the same text or visibility again would still make the browser redo style and
// layout; the table is redrawn after every card, so these write only real changes.
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

export function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** The message of anything thrown (an Error or not). */
export const errorMessage = (/** @type {unknown} */ err) => (err instanceof Error ? err.message : String(err));

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves in a task of its own (scheduler.yield where there is one, else a zero timeout): work
 * split there is two main-thread tasks, with the browser free to paint and take input between.
 */
export const nextTask = () =>
  globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves in the next frame's animation callbacks: what starts there is in that frame's first paint. */
export const beforePaint = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Show one short message. Only one shows at a time: a warning (a refusal, the clock) shows
 * at once in place of the current one, any other waits for the current one to end (at most
 * two wait; older ones are dropped). The box sits under the top bar, where it covers no
 * control (panels.css). It is not a live region: the live log (announce.js) says what a
 * screen reader needs, once.
 */
/** @type {[string | (string | Node)[], string, number][]} */
const waiting = [];
let showing = null;

/**
 * @param {string | (string | Node)[]} content text, or nodes (a sentence with cards drawn)
 * @param {string} [kind] @param {number} [ms]
 */
export function toast(content, kind = "", ms = 2200) {
  if (showing && kind !== "warn") {
    waiting.push([content, kind, ms]);
    if (waiting.length > 2) waiting.shift();
    return;
  }
  const item = el("div", { class: `toast ${kind}`.trim() }, content);
  showing = item;
  $("#toasts").replaceChildren(item);
  setTimeout(() => {
    item.classList.add("out");
    setTimeout(() => {
      item.remove();
      if (showing !== item) return; // a warning took its place
      showing = null;
      const next = waiting.shift();
      if (next) toast(next[0], next[1], next[2]);
    }, 320);
  }, ms);
}
