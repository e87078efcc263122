// Building DOM without HTML strings: every text goes through textContent (a later strict CSP
// forbids inline handlers and innerHTML with data).

/**
 * What `el` and `fill` take as children: nodes, texts, lists of them; null, undefined and false are left out.
 * @typedef {Node | string | number | null | undefined | false} Leaf
 * @typedef {Leaf | Leaf[]} Child
 */

/**
 * @typedef {object} ElOptions
 * @property {string} [class]
 * @property {string} [text]
 * @property {Record<string, string | number>} [data] data-* attributes (camelCase keys, as `dataset`)
 * @property {Record<string, string | number | boolean | null | undefined>} [attrs] true: present, false or null: left out
 */

/**
 * el("button", {class: "primary", text: "OK", data: {action: "pass"}, attrs: {type: "button"}}, ...children)
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {ElOptions} [options] @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, options = {}, ...children) {
  const node = document.createElement(tag);
  if (options.class) node.className = options.class;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [key, value] of Object.entries(options.data ?? {})) node.dataset[key] = String(value);
  for (const [key, value] of Object.entries(options.attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...present(children));
  return node;
}

/**
 * The children to append: lists flattened, null, undefined and false left out, numbers as text.
 * @param {Child[]} children @returns {(Node | string)[]}
 */
function present(children) {
  /** @type {(Node | string)[]} */
  const out = [];
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) out.push(child instanceof Node ? child : String(child));
  }
  return out;
}

/**
 * Replace the children of `node`; null, undefined and false are left out (unlike replaceChildren).
 * @template {Element} T @param {T} node @param {...Child} children @returns {T}
 */
export function fill(node, ...children) {
  node.replaceChildren(...present(children));
  return node;
}

// Writing the same text or visibility again would still make the browser redo style and
// layout; the table is redrawn after every card, so these write only real changes.
/** @param {Node} node @param {string} text */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** @param {HTMLElement} node @param {boolean} hidden */
export function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

/**
 * The element `selector` finds, or null.
 * @param {string} selector @param {ParentNode} [root] @returns {HTMLElement | null}
 */
export function find(selector, root = document) {
  const node = root.querySelector(selector);
  return node instanceof HTMLElement ? node : null;
}

/**
 * An element the page always has (index.html, or one the code has just drawn): missing, it is a bug.
 * @param {string} selector @param {ParentNode} [root] @returns {HTMLElement}
 */
export function $(selector, root = document) {
  const node = find(selector, root);
  if (!node) throw new Error(`no element ${selector}`);
  return node;
}

/** @param {string} selector @param {ParentNode} [root] @returns {HTMLElement[]} */
export const $$ = (selector, root = document) =>
  [...root.querySelectorAll(selector)].filter((node) => node instanceof HTMLElement);

/**
 * One of index.html's <dialog> elements.
 * @param {string} selector @returns {HTMLDialogElement}
 */
export function dialogOf(selector) {
  const node = $(selector);
  if (!(node instanceof HTMLDialogElement)) throw new Error(`${selector} is not a dialog`);
  return node;
}

/**
 * The heading of a table's first column, for the ear alone: the eye sees what the column holds
 * from its rows, an empty heading leaves a screen reader's table navigation without a name.
 * @param {string} label
 */
export const hiddenHeading = (label) => el("th", {}, el("span", { class: "sr-only", text: label }));

/** The message of anything thrown (an Error or not). */
export const errorMessage = (/** @type {unknown} */ err) => (err instanceof Error ? err.message : String(err));

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves in a task of its own (scheduler.yield where there is one, else a zero timeout): work
 * split there is two main-thread tasks, with the browser free to paint and take input between.
 * @returns {Promise<void>}
 */
export function nextTask() {
  const tasks = globalThis.scheduler;
  return tasks?.yield ? tasks.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves in the next frame's animation callbacks: what starts there is in that frame's first paint.
 * @returns {Promise<number>}
 */
export const beforePaint = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** @typedef {string | (string | Node)[]} ToastContent text, or nodes (a sentence with cards drawn) */

/**
 * Short messages in one box. Only one shows at a time: a warning (a refusal, the clock) or an
 * answer the person asked for (a hint: later it would speak of a choice already made) shows at
 * once in place of the current one, any other waits for the current one to end (at most two
 * wait; older ones are dropped). The box sits under the top bar, where it covers no
 * control (panels.css). It is not a live region: the live log (announce.js) says what a
 * screen reader needs, once.
 */
export class Toasts {
  /** @type {[ToastContent, string, number][]} */
  #waiting = [];
  /** @type {HTMLElement | null} */
  #showing = null;
  #box;

  /** @param {HTMLElement} box */
  constructor(box) {
    this.#box = box;
  }

  /**
   * @param {ToastContent} content @param {string} [kind] @param {number} [ms]
   * @param {boolean} [now] in place of the current one (a warning always is)
   */
  show(content, kind = "", ms = 2200, now = kind === "warn") {
    if (this.#showing && !now) {
      this.#waiting.push([content, kind, ms]);
      if (this.#waiting.length > 2) this.#waiting.shift();
      return;
    }
    const item = el("div", { class: `toast ${kind}`.trim() }, content);
    this.#showing = item;
    this.#box.replaceChildren(item);
    setTimeout(() => {
      item.classList.add("out");
      setTimeout(() => this.#gone(item), 320);
    }, ms);
  }

  /**
   * Take away the toast showing if it is of `kind` (Esc closes the hint); the next one waiting shows.
   * @param {string} kind
   */
  dismiss(kind) {
    const item = this.#showing;
    if (item?.classList.contains(kind)) this.#gone(item);
  }

  /** @param {HTMLElement} item */
  #gone(item) {
    item.remove();
    if (this.#showing !== item) return; // a warning took its place
    this.#showing = null;
    const next = this.#waiting.shift();
    if (next) this.show(...next);
  }
}
