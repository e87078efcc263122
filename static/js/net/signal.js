// Serverless signalling: a WebRTC offer or answer as a short text that people pass on by
// hand (a link, a pasted code, a QR code). Of the SDP only what a data channel needs
// survives: the ICE credentials, the DTLS fingerprint and role, and the candidates (their
// address, port, type and priority). The rest is the same for every data-channel-only
// session and is put back by `toDescription`. The kept lines are compressed
// (CompressionStream "deflate-raw") and written in base64url, so they fit in a URL fragment.
// An answer also names the offer it answers (the offer's ICE username fragment, a few
// characters): the host routes it to that seat's connection and refuses one that answers none.

/** @type {Record<string, string>} */
const FIELDS = { "ice-ufrag": "u", "ice-pwd": "p", fingerprint: "f", setup: "s" };

/** The lines of `sdp` a connection needs, one short line each. @param {string} sdp */
function essentials(sdp) {
  /** @type {string[]} */
  const kept = [];
  for (const line of sdp.split(/\r?\n/)) {
    const match = /^a=([\w-]+):(.*)$/.exec(line);
    if (!match) continue;
    const [, key, value] = match;
    if (key === "candidate") {
      // foundation component transport priority address port "typ" type [raddr x rport y]
      const parts = value.split(" ");
      const related = parts.indexOf("raddr") > 0 ? parts.slice(parts.indexOf("raddr"), parts.indexOf("raddr") + 4) : [];
      kept.push(`c${[parts[2], parts[3], parts[4], parts[5], parts[7], ...related].join(" ")}`);
    } else if (key in FIELDS && !kept.some((k) => k[0] === FIELDS[key])) {
      kept.push(FIELDS[key] + value);
    }
  }
  return kept.join("\n");
}

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** @param {CompressionStream | DecompressionStream} stream @param {Uint8Array<ArrayBuffer>} bytes */
async function through(stream, bytes) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The ICE username fragment of an SDP (it names one side of one connection), or null. @param {string} sdp */
export function iceUfrag(sdp) {
  return /^a=ice-ufrag:(\S+)/m.exec(sdp)?.[1] ?? null;
}

/**
 * `description` as a short code: "o…" for an offer, "a…" for an answer; an answer carries the
 * ICE username fragment of the offer it answers (`offerUfrag`), on a line "r…".
 * @param {RTCSessionDescription} description @param {string | null} [offerUfrag]
 */
export async function toCode(description, offerUfrag = null) {
  const lines = essentials(description.sdp) + (offerUfrag ? `\nr${offerUfrag}` : "");
  const packed = await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(lines));
  return (description.type === "offer" ? "o" : "a") + base64url(packed);
}

/**
 * The kept lines of `code`; throws an Error for anything that is not a code of the `expected` kind.
 * @param {string} code @param {"offer" | "answer"} expected
 */
async function codeLines(code, expected) {
  const text = String(code).trim();
  const type = text[0] === "o" ? "offer" : text[0] === "a" ? "answer" : null;
  if (type !== expected || !/^[A-Za-z0-9_-]{20,}$/.test(text.slice(1))) throw new Error(`not an ${expected} code`);
  return new TextDecoder()
    .decode(await through(new DecompressionStream("deflate-raw"), fromBase64url(text.slice(1))))
    .split("\n");
}

/**
 * The ICE username fragment of the offer an answer code answers; null for an answer made by an
 * older guest page, which does not say. Throws an Error for anything that is not an answer code.
 * @param {string} code @returns {Promise<string | null>}
 */
export async function answeredOffer(code) {
  return (await codeLines(code, "answer")).find((l) => l[0] === "r")?.slice(1) || null;
}

/**
 * The session description in `code`; throws an Error for anything that is not such a code.
 * @param {string} code @param {"offer" | "answer"} expected @returns {Promise<RTCSessionDescriptionInit>}
 */
export async function toDescription(code, expected) {
  const lines = await codeLines(code, expected);
  const field = (/** @type {string} */ letter) => lines.find((l) => l[0] === letter)?.slice(1);
  const [ufrag, pwd, fingerprint, setup] = ["u", "p", "f", "s"].map(field);
  if (!ufrag || !pwd || !fingerprint || !setup) throw new Error("the code lacks ICE credentials or the fingerprint");
  const candidates = lines
    .filter((l) => l[0] === "c")
    .map((l, i) => {
      const [transport, priority, address, port, kind, ...related] = l.slice(1).split(" ");
      return `a=candidate:${i + 1} 1 ${transport} ${priority} ${address} ${port} typ ${kind}${related.length ? ` ${related.join(" ")}` : ""}`;
    });
  const sdp = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    "a=end-of-candidates",
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    `a=fingerprint:${fingerprint}`,
    `a=setup:${setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
  ].join("\r\n");
  return { type: expected, sdp };
}

/**
 * The invitation link for `seat`: this page's address with the offer in the fragment (never sent to a server).
 * @param {number} seat @param {string} code
 */
export function inviteLink(seat, code) {
  return `${location.origin}${location.pathname}#join=${seat}.${code}`;
}

/** {seat, code} of an invitation address (`#join=<seat>.<offer code>`), or null. @param {string} hash */
export function parseInvite(hash) {
  const match = /^#join=(\d)\.(o[A-Za-z0-9_-]+)$/.exec(hash);
  return match ? { seat: Number(match[1]), code: match[2] } : null;
}
