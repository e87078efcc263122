// A QR code as an SVG element, drawn from the module matrix of qrcode-generator (npm, MIT,
// no dependencies, copied into dist/runtime/qrcode/ by tools/build.py). Built with DOM calls:
// no innerHTML, no inline style, so the strict CSP holds.

import qrcode from "../../../runtime/qrcode/qrcode.mjs";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 2; // modules of white border

/**
 * An <svg> showing `text` as a QR code (error correction L: the codes are long, screens are clean).
 * @param {string} text @param {string} label
 */
export function qrSvg(text, label) {
  const code = qrcode(0, "L");
  code.addData(text);
  code.make();
  const n = code.getModuleCount();
  let path = "";
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) {
      if (code.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
    }
  }
  const svg = document.createElementNS(SVG, "svg");
  const size = n + 2 * QUIET;
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", path);
  dark.setAttribute("fill", "#000");
  svg.append(back, dark);
  return svg;
}
