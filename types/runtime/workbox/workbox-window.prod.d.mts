// dist/runtime/workbox/workbox-window.prod.mjs is the workbox-window package's own build.
export { Workbox } from "workbox-window";
