// Short sounds for what the table shows: a card played, a trick taken, hearts broken, Q♠
// taken, a moon or a sun, the person's turn. They are synthesised with Web Audio (no files to
// fetch, cache or license). Sound is off until the player turns it on in the settings, and the
// AudioContext is made or resumed only inside a user gesture: a browser refuses (and warns)
// otherwise. So after a reload with sound on, the first click or key starts it, and a sound
// asked for before then is skipped, never queued. The page plays a sound where it shows the
// event (animate.js, app.js `sayTurn`); nothing here knows the game.

/** @typedef {"card" | "trick" | "hearts" | "queen" | "moon" | "sun" | "turn"} SoundName */

// Events that give the page a user activation (the only moments a context may start).
const GESTURES = ["pointerdown", "pointerup", "keydown", "touchend"];
const NOISE_SECONDS = 0.5;

/**
 * One sound's parts, scheduled from now on into `out`.
 * @typedef {object} Voice
 * @property {AudioContext} context
 * @property {AudioNode} out
 * @property {AudioBuffer} noise white noise to filter
 */

/**
 * A short envelope: a quick attack, then an exponential fall to silence.
 * @param {AudioContext} context @param {number} start @param {number} length @param {number} peak @param {number} attack
 */
function envelope(context, start, length, peak, attack) {
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  return gain;
}

/**
 * An oscillator note, its pitch gliding from `freq` to `to`.
 * @param {Voice} voice
 * @param {{freq: number, to?: number, type?: OscillatorType, at?: number, length: number, peak: number}} note
 */
function tone({ context, out }, { freq, to = freq, type = "sine", at = 0, length, peak }) {
  const start = context.currentTime + at;
  const osc = context.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  if (to !== freq) osc.frequency.exponentialRampToValueAtTime(to, start + length);
  osc.connect(envelope(context, start, length, peak, 0.006)).connect(out);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/**
 * Filtered noise, its band sweeping from `from` to `to` Hz (a tap, a swish).
 * @param {Voice} voice
 * @param {{from: number, to: number, q: number, at?: number, length: number, peak: number, attack?: number}} sweep
 */
function hiss({ context, out, noise }, { from, to, q, at = 0, length, peak, attack = 0.004 }) {
  const start = context.currentTime + at;
  const source = context.createBufferSource();
  source.buffer = noise;
  const filter = context.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = q;
  filter.frequency.setValueAtTime(from, start);
  filter.frequency.exponentialRampToValueAtTime(to, start + length);
  source
    .connect(filter)
    .connect(envelope(context, start, length, peak, attack))
    .connect(out);
  source.start(start, Math.random() * (NOISE_SECONDS - length - 0.05));
  source.stop(start + length + 0.02);
}

/**
 * A soft bell: a sine with a quieter octave above it.
 * @param {Voice} voice @param {number} freq @param {number} at @param {number} length @param {number} peak
 */
function bell(voice, freq, at, length, peak) {
  tone(voice, { freq, at, length, peak });
  tone(voice, { freq: freq * 2, at, length: length * 0.6, peak: peak * 0.25 });
}

/** Notes one after the other, the last one ringing longer. @param {Voice} voice @param {number[]} notes @param {number} step */
function arpeggio(voice, notes, step) {
  notes.forEach((freq, i) => {
    bell(voice, freq, i * step, i === notes.length - 1 ? 0.7 : 0.3, 0.16);
  });
}

// Pitches in Hz (equal temperament, A4 = 440).
const C5 = 523.25;
const E5 = 659.25;
const G5 = 783.99;
const C6 = 1046.5;
const E6 = 1318.51;
const G6 = 1567.98;

/** @type {Record<SoundName, (voice: Voice) => void>} */
const SOUNDS = {
  // A card laid on the felt: a short tap.
  card: (v) => {
    hiss(v, { from: 2600, to: 1200, q: 0.9, length: 0.05, peak: 0.5 });
    tone(v, { freq: 190, to: 110, type: "triangle", length: 0.07, peak: 0.22 });
  },
  // The trick swept to its taker: a soft swish.
  trick: (v) => {
    hiss(v, { from: 500, to: 2400, q: 0.8, length: 0.22, peak: 0.3, attack: 0.07 });
    tone(v, { freq: 150, to: 100, type: "triangle", at: 0.16, length: 0.08, peak: 0.12 });
  },
  // Hearts broken: two glassy notes falling a third.
  hearts: (v) => {
    bell(v, E6, 0, 0.32, 0.14);
    bell(v, C6, 0.11, 0.5, 0.14);
  },
  // Q♠ taken: two low notes, the second lower and longer.
  queen: (v) => {
    tone(v, { freq: 146.83, type: "triangle", length: 0.26, peak: 0.32 });
    tone(v, { freq: 110, to: 104, type: "triangle", at: 0.18, length: 0.6, peak: 0.34 });
    hiss(v, { from: 300, to: 160, q: 1.2, at: 0.18, length: 0.12, peak: 0.2 });
  },
  // A moon: a rising major arpeggio; a sun goes on higher.
  moon: (v) => arpeggio(v, [C5, E5, G5, C6], 0.085),
  sun: (v) => arpeggio(v, [C5, E5, G5, C6, E6, G6], 0.07),
  // The person's turn: a gentle rising fourth.
  turn: (v) => {
    bell(v, G5, 0, 0.22, 0.1);
    bell(v, C6, 0.1, 0.4, 0.1);
  },
};

/** Whether the page has a user activation now (a browser without the API is trusted to refuse quietly). */
const inGesture = () => navigator.userActivation?.isActive ?? true;

/** The table's sounds: made at start-up (app.js), set from the settings, played by the page. */
export class Sound {
  /** @type {AudioContext | null} */
  #context = null;
  /** @type {GainNode | null} */
  #master = null;
  /** @type {AudioBuffer | null} */
  #noise = null;
  #on = false;
  #volume = 0;
  #armed = false;
  /** The context was resumed inside a gesture: sounds may be scheduled before it reports "running". */
  #starting = false;
  #onGesture = () => this.unlock();

  /**
   * Follow the settings. Turned on, the next user gesture starts the sound (or this one:
   * call `unlock` from it); turned off, the context is suspended.
   * @param {boolean} on @param {number} volume 0–100
   */
  set(on, volume) {
    this.#on = on && typeof AudioContext !== "undefined";
    this.#volume = volume;
    if (this.#context && this.#master) this.#master.gain.setTargetAtTime(this.#level(), this.#context.currentTime, 0.015);
    if (!this.#on) {
      this.#arm(false);
      if (this.#context?.state === "running") this.#context.suspend().catch(() => {});
    } else if (this.#context?.state !== "running") {
      this.#arm(true);
    }
  }

  /** Inside a user gesture: make the context, or resume it. Does nothing while sound is off or outside a gesture. */
  unlock() {
    if (!this.#on || !inGesture()) return;
    const context = this.#context ?? this.#create();
    if (context.state === "running") return;
    this.#starting = true;
    context.resume().catch(() => {});
  }

  /** Play one sound now, if sound is on and started. @param {SoundName} name */
  play(name) {
    const context = this.#context;
    if (!this.#on || !context || !this.#master || !this.#noise) return;
    if (context.state !== "running" && !this.#starting) return; // a suspended context would play it late
    SOUNDS[name]({ context, out: this.#master, noise: this.#noise });
  }

  #create() {
    const context = new AudioContext();
    const master = context.createGain();
    master.gain.value = this.#level();
    master.connect(context.destination);
    const noise = context.createBuffer(1, Math.ceil(context.sampleRate * NOISE_SECONDS), context.sampleRate);
    const samples = noise.getChannelData(0);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
    // The browser may suspend it (another tab's audio, a phone call): the next gesture resumes it.
    context.addEventListener("statechange", () => {
      this.#starting = false;
      this.#arm(this.#on && context.state !== "running");
    });
    this.#context = context;
    this.#master = master;
    this.#noise = noise;
    return context;
  }

  /** The volume as a gain: squared, so the slider's steps sound even. */
  #level() {
    return (this.#volume / 100) ** 2;
  }

  /** Listen for the gesture that may start the context, or stop listening. @param {boolean} armed */
  #arm(armed) {
    if (armed === this.#armed) return;
    this.#armed = armed;
    for (const type of GESTURES) {
      if (armed) window.addEventListener(type, this.#onGesture, { capture: true, passive: true });
      else window.removeEventListener(type, this.#onGesture, { capture: true });
    }
  }
}
