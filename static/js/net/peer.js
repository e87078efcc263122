// One WebRTC peer connection with one ordered data channel, set up without trickle ICE:
// the description is taken once ICE gathering is complete, so a single code carries
// every candidate. No STUN/TURN server unless the settings name one (a third-party
// request otherwise): on one network the host candidates connect directly.

import * as settings from "../settings.js";
import { toCode, toDescription } from "./signal.js";

const GATHER_MS = 4000; // gathering host candidates takes well under a second; a STUN server may be slow

function newConnection() {
  const url = settings.get().iceUrl;
  return new RTCPeerConnection({ iceServers: url ? [{ urls: url }] : [] });
}

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

/** Host side: a connection, its channel and the offer code for the invitation. */
export async function offer() {
  const pc = newConnection();
  const channel = pc.createDataChannel("hearts", { ordered: true });
  await pc.setLocalDescription();
  await gathered(pc);
  return { pc, channel, code: await toCode(pc.localDescription) };
}

/** Host side: the guest's answer code completes the connection (throws for a bad code). */
export async function accept(pc, answerCode) {
  await pc.setRemoteDescription(await toDescription(answerCode, "answer"));
}

/** Guest side: answer an invitation's offer; `channel` resolves once the host's channel arrives. */
export async function answer(offerCode) {
  const pc = newConnection();
  const channel = new Promise((resolve) => pc.addEventListener("datachannel", (e) => resolve(e.channel), { once: true }));
  await pc.setRemoteDescription(await toDescription(offerCode, "offer"));
  await pc.setLocalDescription();
  await gathered(pc);
  return { pc, channel, code: await toCode(pc.localDescription) };
}

/** Call `onGone` once when the connection or its channel closes or fails (the other side left). */
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
