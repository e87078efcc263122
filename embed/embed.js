// Puts the Hearts game into any static page. The build copies this file into the game's
// folder (dist/embed.js); a site that serves that folder at, say, games/hearts/ writes:
//
//   <div data-hearts-game data-width="100%" data-height="640" data-lang="de"></div>
//   <script src="games/hearts/embed.js" defer></script>
//
// Every element with data-hearts-game gets an <iframe> of the game folder this script was
// loaded from (so it works from any subpath, with no URL to configure). Attributes:
//   data-width, data-height  CSS lengths; a plain number means pixels (default 100% × 640px)
//   data-lang                the language the game starts in, a language tag: de, en, es, fr,
//                            it, nl, pl, pt-BR (the game matches any other tag by its language,
//                            fr-CA → fr, else the browser's); a player's own choice in the
//                            game's settings wins from then on
//   data-title               the frame's accessible name (default "Hearts")
// The game keeps its saves, settings and statistics in the browser's storage for the site's
// origin, so they survive reloads of the host page. No inline code, no HTML strings.
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return; // only as a classic <script src>, where currentScript names this file
  const game = new URL("./", script.src);
  // A language tag (BCP 47's shape), handed on as ?lang=: the game knows which it has.
  const TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

  /** @param {string | undefined} value @param {string} fallback */
  const length = (value, fallback) => {
    const text = (value || "").trim();
    if (!text) return fallback;
    return /^\d+(\.\d+)?$/.test(text) ? `${text}px` : text;
  };

  /** @param {HTMLElement} host */
  function mount(host) {
    if (host.dataset.heartsMounted) return;
    const url = new URL(game);
    const lang = (host.dataset.lang || "").trim();
    if (TAG.test(lang)) url.searchParams.set("lang", lang);
    const frame = document.createElement("iframe");
    frame.src = url.href;
    frame.title = host.dataset.title || "Hearts";
    // Style properties (not a style attribute), so a host page's strict CSP allows them.
    frame.style.width = length(host.dataset.width, "100%");
    frame.style.height = length(host.dataset.height, "640px");
    frame.style.maxWidth = "100%";
    frame.style.border = "0";
    frame.style.display = "block";
    host.replaceChildren(frame);
    host.dataset.heartsMounted = "1";
  }

  function mountAll() {
    for (const host of document.querySelectorAll("[data-hearts-game]")) if (host instanceof HTMLElement) mount(host);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
