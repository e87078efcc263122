// Globals of the page beyond lib.dom (tsc reads this file; it is never shipped).

/** The Prioritized Task Scheduling API, where the browser has it (dom.js nextTask). */
declare var scheduler: { yield?: () => Promise<void> } | undefined;

/** Message counters of play-with-friends, and a raw send on the guest's page: the e2e tests read them. */
declare var heartsNet:
  | {
      hostStats?: { messages: number; bytes: number };
      guestStats?: { messages: number; bytes: number };
      send?: (text: unknown) => void;
    }
  | undefined;
