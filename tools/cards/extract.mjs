// Writes the card faces as standalone SVG files (one per card, <OUT>/<card>.svg in the
// game's notation: QS.svg, TH.svg) from the pinned npm package @letele/playing-cards
// (CC0: Adrian Kennard's English-pattern deck, shipped as React components). The
// components are evaluated with a stand-in for React.createElement that writes SVG text,
// so nothing of React reaches the game. <OUT>/4c/ holds the diamonds in blue and the clubs
// in green for the four-colour deck setting.
//
//   node tools/cards/extract.mjs OUT_DIR

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SOURCE = join(ROOT, "node_modules", "@letele", "playing-cards", "dist", "index.esm.js");

// React prop names → SVG attribute names (the ones this package uses).
// SVG keeps a few names in camel case; the rest (strokeWidth, textAnchor, …) are hyphenated.
const ATTRS = { xlinkHref: "xlink:href", xmlnsXlink: "xmlns:xlink" };
const CAMEL = new Set(["viewBox", "preserveAspectRatio", "patternUnits"]);
const DROPPED = new Set(["className", "aria-labelledby"]);
const attrName = (name) => ATTRS[name] ?? (CAMEL.has(name) ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
const escapeAttr = (value) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

// Path data to one decimal: every path is drawn in a symbol of 1000–2000 units shown at
// ≤ 260 of the card's 240 × 336, so 0.05 units is under 0.01 px on any screen, and the
// shorter numbers make the deck's files markedly smaller.
const roundNumber = (text, offset, whole) => {
  const value = Math.round(Number(text) * 10) / 10;
  let out = (Object.is(value, -0) ? "0" : String(value)).replace(/^(-?)0\./, "$1.");
  // The sign or the point that separated this number from its neighbours may be gone.
  if (!out.startsWith("-") && /[\d.]/.test(whole[offset - 1] ?? "")) out = ` ${out}`;
  if (!out.includes(".") && whole[offset + text.length] === ".") out = `${out} `;
  return out;
};
const compactPath = (d) => String(d).replace(/-?\d*\.\d+/g, roundNumber);

function createElement(tag, props, ...children) {
  // The ace of spades carries the designer's web address as <text> in a font nobody has:
  // the faces draw no text (every rank and suit is a path).
  if (tag === "text") return "";
  const attrs = Object.entries(props ?? {})
    .filter(([name, value]) => value !== null && value !== undefined && !DROPPED.has(name))
    .map(([name, value]) => ` ${attrName(name)}="${escapeAttr(name === "d" ? compactPath(value) : value)}"`)
    .join("");
  const inner = children
    .flat()
    .filter((c) => c !== null && c !== undefined && c !== false)
    .join("");
  return inner ? `<${tag}${attrs}>${inner}</${tag}>` : `<${tag}${attrs}/>`;
}

/** {"QS": "<svg …>", …} for the 52 faces (backs and jokers are not used). */
export function faces() {
  const source = readFileSync(SOURCE, "utf8");
  const exportLine = source.match(/^export \{([^}]*)\};?\s*$/m);
  if (!exportLine) throw new Error(`${SOURCE}: no export list (has the package changed?)`);
  const names = exportLine[1].split(",").map((item) => item.trim().split(/\s+as\s+/));
  const body = source
    .replace(/^import .*$/gm, "")
    .replace(exportLine[0], `return {${names.map(([local, exported]) => `${JSON.stringify(exported)}: ${local}`).join(", ")}};`);
  const components = new Function("React", "_extends", body)({ createElement }, Object.assign);
  const out = {};
  for (const [name, component] of Object.entries(components)) {
    const match = name.match(/^([CDHS])(10|[2-9]|[ajqk])$/i);
    if (!match) continue;
    const rank = match[2] === "10" ? "T" : match[2].toUpperCase();
    // Ids like "S-Q_svg__a" only need to be unique within one file.
    const svg = component({}).replace(/\b[A-Z]-[A-Z0-9]+_svg__/g, "");
    out[`${rank}${match[1]}`] = `${svg}\n`;
  }
  if (Object.keys(out).length !== 52) throw new Error(`expected 52 faces, found ${Object.keys(out).length}`);
  return out;
}

// The corner indices and pips are the symbols drawn in 1000- or 1200-unit boxes; the
// courts' own colours (in 1300 × 2000 boxes) are left alone.
const SUIT_SYMBOL = /<symbol id="\w+" viewBox="-(?:500 -500 1000 1000|600 -600 1200 1200)"[^>]*>.*?<\/symbol>/g;
const RED = "#c8102e"; // darker than the deck's pure red, which is below WCAG AA contrast on white (as cards.css)
const FOUR_COLOUR = { D: "#1d5fd1", C: "#127a3a" };

/** `svg` with its suit symbols in `colour`. */
function suitColour(svg, colour) {
  return svg.replace(SUIT_SYMBOL, (symbol) =>
    symbol
      .replace(/ (fill|stroke)="(?:red|#000)"/g, ` $1="${colour}"`)
      .replace(/<path (?![^>]*fill=)/g, `<path fill="${colour}" `),
  );
}

function main(outDir) {
  mkdirSync(join(outDir, "4c"), { recursive: true });
  for (const [card, svg] of Object.entries(faces())) {
    const suit = card.slice(-1);
    writeFileSync(join(outDir, `${card}.svg`), suit === "H" || suit === "D" ? suitColour(svg, RED) : svg);
    // The four-colour deck (a setting): only diamonds and clubs differ.
    if (FOUR_COLOUR[suit]) writeFileSync(join(outDir, "4c", `${card}.svg`), suitColour(svg, FOUR_COLOUR[suit]));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.length !== 3) {
    console.error("usage: node tools/cards/extract.mjs OUT_DIR");
    process.exit(2);
  }
  main(process.argv[2]);
}
