// Drives Debian's Firefox ESR for the cross-engine e2e suite (e2e/engines/firefox.py starts it).
//
//   node e2e/engines/firefox_bridge.js FIREFOX PROFILE_DIR
//
// npm puppeteer-core launches Firefox over WebDriver BiDi (no geckodriver, no browser download).
// Requests come on stdin, one JSON object a line: {"id", "op", ...params}; each answer is one
// line on stdout, {"id", "value"} or {"id", "error"}, in order. Each tab is a browser context of
// its own (a fresh profile: storage, service workers, caches); its console errors, uncaught
// exceptions and unhandled rejections (the page's and its workers') are kept until "errors".

import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, userDataDir] = process.argv.slice(2);
const TIMEOUT = 180_000; // a cold start on a busy 2-core machine

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  userDataDir,
  headless: true,
  protocol: "webDriverBiDi",
  defaultViewport: { width: 1280, height: 800 },
  // A desktop's mouse (fine, with hover), as a person's Firefox has: headless Firefox on a machine with no
  // pointer device matches neither `(hover: hover)` nor `(pointer: fine)`, so the page's hover lift
  // (static/css/cards.css) never ran in its tests. The bits: 2 fine, 4 hover.
  extraPrefsFirefox: { "ui.primaryPointerCapabilities": 6, "ui.allPointerCapabilities": 6 },
});

/** @type {Map<number, {context: import("puppeteer-core").BrowserContext, page: import("puppeteer-core").Page, errors: string[]}>} */
const tabs = new Map();
let lastTab = 0;

/** @param {{tab: number}} request */
function tabOf(request) {
  const tab = tabs.get(request.tab);
  if (!tab) throw new Error(`no tab ${request.tab}`);
  return tab;
}

const ops = {
  async open() {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    /** @type {string[]} */
    const errors = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`page error: ${error instanceof Error ? error.message : error}`));
    lastTab += 1;
    tabs.set(lastTab, { context, page, errors });
    return lastTab;
  },
  async goto(request) {
    await tabOf(request).page.goto(request.url, { waitUntil: "load" });
  },
  async reload(request) {
    await tabOf(request).page.reload({ waitUntil: "load" });
  },
  async evaluate(request) {
    // The function's source, called with its argument; the page's promise is awaited.
    return await tabOf(request).page.evaluate(`(${request.function})(${JSON.stringify(request.arg ?? null)})`);
  },
  async click(request) {
    await tabOf(request).page.click(request.selector);
  },
  async moveTo(request) {
    await tabOf(request).page.mouse.move(request.x, request.y);
  },
  async pressAt(request) {
    const { mouse } = tabOf(request).page;
    await mouse.move(request.x, request.y);
    await new Promise((resolve) => setTimeout(resolve, request.waitMs));
    await mouse.down();
    await mouse.up();
  },
  async press(request) {
    await tabOf(request).page.keyboard.press(request.key);
  },
  async fill(request) {
    await tabOf(request).page.locator(request.selector).fill(request.text);
  },
  async initScript(request) {
    await tabOf(request).page.evaluateOnNewDocument(request.script);
  },
  async errors(request) {
    return tabOf(request).errors.splice(0);
  },
  async close(request) {
    await tabOf(request).context.close();
    tabs.delete(request.tab);
  },
};

/** @param {string} line */
async function answer(line) {
  const request = JSON.parse(line);
  try {
    const op = ops[request.op];
    if (!op) throw new Error(`unknown op ${request.op}`);
    return { id: request.id, value: (await op(request)) ?? null };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

for await (const line of readline.createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(await answer(line))}\n`);
}
await browser.close();
