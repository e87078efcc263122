// One WebRTC peer connection with one ordered data channel, set up without trickle ICE:
// the description is taken once ICE gathering is complete, so a single code carries
// every candidate. No STUN/TURN server unless the settings name one (a third-party
// request otherwise): on one network the host candidates connect directly.

import { iceUfrag, toCode, toDescription } from "./signal.js";

/**
 * A connection, its data channel and the code that describes this side of it.
 * The offer's ICE username fragment (`ufrag`) is what an answer to it names (signal.js).
 * @typedef {{pc: RTCPeerConnection, channel: RTCDataChannel, code: string, ufrag: string | null}} Offered
 * @typedef {{pc: RTCPeerConnection, channel: Promise<RTCDataChannel>, code: string}} Answered
 */

const GATHER_MS = 4000; // gathering host candidates takes well under a second; a STUN server may be slow

/** Whether this browser can make peer connections at all (some builds, e.g. Debian's WebKitGTK, have no WebRTC). */
export const webrtcAvailable = () => typeof globalThis.RTCPeerConnection === "function";

/** @param {string} iceUrl the settings' STUN/TURN server ("": none) */
function newConnection(iceUrl) {
  return new RTCPeerConnection({ iceServers: iceUrl ? [{ urls: iceUrl }] : [] });
}

/** @param {RTCPeerConnection} pc @returns {Promise<void>} */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise(
    /** @param {(value?: void) => void} resolve */ (resolve) => {
      const done = () => {
        if (pc.iceGatheringState !== "complete") return;
        pc.removeEventListener("icegatheringstatechange", done);
        resolve();
      };
      pc.addEventListener("icegatheringstatechange", done);
      setTimeout(resolve, GATHER_MS); // take what there is
    },
  );
}

/**
 * The description ICE gathering completed (setLocalDescription came first).
 * @param {RTCPeerConnection} pc @returns {RTCSessionDescription}
 */
function described(pc) {
  if (!pc.localDescription) throw new Error("no local description");
  return pc.localDescription;
}

/**
 * Host side: a connection, its channel and the offer code for the invitation.
 * @param {string} iceUrl @returns {Promise<Offered>}
 */
export async function offer(iceUrl) {
  const pc = newConnection(iceUrl);
  const channel = pc.createDataChannel("hearts", { ordered: true });
  await pc.setLocalDescription();
  await gathered(pc);
  const description = described(pc);
  return { pc, channel, code: await toCode(description), ufrag: iceUfrag(description.sdp) };
}

/** Host side: the guest's answer code completes the connection (throws for a bad code). @param {RTCPeerConnection} pc @param {string} answerCode */
export async function accept(pc, answerCode) {
  await pc.setRemoteDescription(await toDescription(answerCode, "answer"));
}

/**
 * Guest side: answer an invitation's offer; `channel` resolves once the host's channel arrives.
 * @param {string} offerCode @param {string} iceUrl @returns {Promise<Answered>}
 */
export async function answer(offerCode, iceUrl) {
  const pc = newConnection(iceUrl);
  /** @type {Promise<RTCDataChannel>} */
  const channel = new Promise((resolve) => pc.addEventListener("datachannel", (e) => resolve(e.channel), { once: true }));
  const offered = await toDescription(offerCode, "offer");
  await pc.setRemoteDescription(offered);
  await pc.setLocalDescription();
  await gathered(pc);
  // The answer names the offer it answers, so the host can tell which seat it is for.
  return { pc, channel, code: await toCode(described(pc), iceUfrag(offered.sdp ?? "")) };
}

/**
 * Call `onGone` once when the connection or its channel closes or fails (the other side left).
 * @param {RTCPeerConnection} pc @param {RTCDataChannel} channel @param {() => void} onGone
 */
export function watchGone(pc, channel, onGone) {
  let gone = false;
  const fire = () => {
    if (gone) return;
    gone = true;
    onGone();
  };
  channel.addEventListener("close", fire);
  pc.addEventListener("connectionstatechange", () => {
    if (["failed", "closed", "disconnected"].includes(pc.connectionState)) fire();
  });
}
