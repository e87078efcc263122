// "More": the tools a narrow bar has no room for (fitBar's last level, render.js) sit behind this
// disclosure button, in a list that opens under it (table.css .in-menu). The tools stay the same
// buttons, so their actions, titles and hooks are those of the wide bar.

import { $ } from "./dom.js";

/** Open or close the list (its button says which to a screen reader). @param {boolean} open */
function setOpen(open) {
  const bar = $(".bar");
  if (bar.classList.contains("menu-open") === open) return;
  bar.classList.toggle("menu-open", open);
  $('.bar [data-action="more"]').setAttribute("aria-expanded", String(open));
}

/** Close the list (the bar has room for every tool again, or the person chose one). */
export const closeToolMenu = () => setOpen(false);

/**
 * "More" opens and closes the list; a tool chosen in it, a click elsewhere or Esc closes it. Both
 * listen before the page's own handlers (input.js), so that a tool's dialog opens with the focus
 * already on "More": closing the dialog gives the focus back there, in sight, not to a hidden tool.
 */
export function watchToolMenu() {
  const more = $('.bar [data-action="more"]');
  const list = $("#more-tools");
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const open = $(".bar").classList.contains("menu-open");
      if (target && more.contains(target)) return setOpen(!open);
      if (!open) return;
      if (target && list.contains(target)) more.focus({ preventScroll: true });
      setOpen(false);
    },
    true,
  );
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !$(".bar").classList.contains("menu-open")) return;
      event.stopImmediatePropagation(); // Esc closes the list, nothing else (the hint stays)
      setOpen(false);
      more.focus({ preventScroll: true });
    },
    true,
  );
}
