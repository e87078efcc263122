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
 * control (panels.css), and lower down when it would cover what `keep` names (see
 * {@link placeClear}). It is not a live region: the live log (announce.js) says what a
 * screen reader needs, once.
 */
export class Toasts {
  /** @type {[ToastContent, string, number][]} */
  #waiting = [];
  /** @type {HTMLElement | null} */
  #showing = null;
  #box;
  #keep;

  /** @param {HTMLElement} box @param {KeepClear} [keep] what a toast leaves in sight */
  constructor(box, keep = []) {
    this.#box = box;
    this.#keep = keep;
    // A phone turned moves the seats: the toast showing finds its place again, once the frame's layout is done
    // (the hand's rows, and with them the felt and its seats, are laid out by a resize listener after this one).
    addEventListener("resize", () =>
      requestAnimationFrame(() => this.#showing && placeClear(this.#box, this.#keep, this.#showing, true)),
    );
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
    placeClear(this.#box, this.#keep, item, true);
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

/**
 * What a box over the table leaves in sight, most needed first: each entry a selector of elements. The box
 * first looks for a place clear of all of them, then of all but the last, and so on down to the first.
 * @typedef {string[]} KeepClear
 */

const CLEAR_PX = 4; // between the box and what it leaves in sight
// The narrower widths a box tries (its own width times these) when none of its places at full width is clear:
// a phone upright has its side seats at the very edges, a box as wide as the felt meets them at any height.
const NARROWER = [0.9, 0.8, 0.7];
// Never narrower than this: a 320 px phone has 200 px between its side seats, less CLEAR_PX on each side.
const NARROWEST_PX = 180;

// Where a box looks for a clear place: in its own column first, then against the window's left or right edge
// (a hand's result fills the middle of a laptop's screen from the bar down: a message there covered its scores).
const SIDES = /** @type {const} */ (["middle", "left", "right"]);
const SIDE_PX = 8; // a box moved aside keeps this far from the window's edge

/**
 * Move a box over the table (fixed or absolute, its place and width set by its CSS) up or down to the
 * place nearest its own where it covers nothing `keep` names, at its width or narrower, in its own column
 * or else (`aside`) against an edge of the window (see {@link KeepClear}); where no place is clear even of the
 * first entry, it stays where its CSS puts it. Only its top, width and left margin change, and never above
 * the menu bar.
 * @param {HTMLElement} box @param {KeepClear} keep
 * @param {HTMLElement} [shown] what shows of the box, when it is narrower (a short message in the toasts' box)
 * @param {boolean} [aside] whether it may stand aside: a message may, a learn tip stays in its column (narrower
 * there, it is taller, and the hand's cards it avoids may still be flying in as it shows)
 */
export function placeClear(box, keep, shown = box, aside = false) {
  for (const name of ["top", "bottom", "width", "margin-left"]) box.style.removeProperty(name);
  const own = box.getBoundingClientRect();
  if (!own.height) return;
  const cssTop = Number.parseFloat(getComputedStyle(box).top);
  const least = (find(".bar")?.getBoundingClientRect().bottom ?? 0) + CLEAR_PX;
  const widths = [own.width, ...NARROWER.map((f) => Math.round(own.width * f)).filter((w) => w >= NARROWEST_PX)];
  for (let tiers = keep.length; tiers > 0; tiers -= 1) {
    const obstacles = keep.slice(0, tiers).flatMap(visibleBoxes);
    for (const side of aside ? SIDES : SIDES.slice(0, 1)) {
      for (const width of widths) {
        box.style.width = `${width}px`;
        const { left, right } = moveTo(side, box, shown);
        // Its height is the box's: a message slides in (a transform), its box stays put.
        const top = nearestClearTop({ left, right, height: box.offsetHeight }, own.top, least, obstacles);
        if (top !== null) {
          box.style.top = `${cssTop + top - own.top}px`;
          box.style.bottom = "auto";
          return;
        }
      }
    }
  }
  for (const name of ["width", "margin-left"]) box.style.removeProperty(name);
}

/**
 * Put the box in its own column (`middle`) or so that what shows of it stands against the window's left or
 * right edge: a left margin moves it, whatever its CSS centres it by. Returns where what shows of it stands.
 * @param {(typeof SIDES)[number]} side @param {HTMLElement} box @param {HTMLElement} shown
 * @returns {{left: number, right: number}}
 */
function moveTo(side, box, shown) {
  box.style.removeProperty("margin-left");
  const { left, right } = shown.getBoundingClientRect();
  if (side === "middle") return { left, right };
  const by = side === "left" ? SIDE_PX - left : innerWidth - SIDE_PX - right;
  box.style.marginLeft = `${by}px`;
  return { left: left + by, right: right + by };
}

/** The boxes of the shown elements `selector` finds. @param {string} selector @returns {DOMRect[]} */
function visibleBoxes(selector) {
  return $$(selector)
    .filter((node) => node.checkVisibility())
    .map((node) => node.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
}

/**
 * The top nearest `wanted`, between `least` and the window's bottom, at which a box as wide and high as
 * `box` meets none of `obstacles` (the candidates: `wanted`, and just below or just above each obstacle);
 * null when there is none.
 * @param {{left: number, right: number, height: number}} box @param {number} wanted @param {number} least
 * @param {DOMRect[]} obstacles
 */
function nearestClearTop(box, wanted, least, obstacles) {
  const across = obstacles.filter((r) => r.left < box.right + CLEAR_PX && r.right > box.left - CLEAR_PX);
  const clear = (/** @type {number} */ top) =>
    top >= least &&
    top + box.height <= innerHeight &&
    across.every((r) => r.top - CLEAR_PX >= top + box.height || r.bottom + CLEAR_PX <= top);
  const candidates = [wanted, ...across.flatMap((r) => [r.bottom + CLEAR_PX, r.top - CLEAR_PX - box.height])];
  const found = candidates.filter(clear).sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted));
  return found[0] ?? null;
}
