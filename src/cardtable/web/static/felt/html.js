// Preact with htm (vendored ES modules, no build step). Imported by path, so the library
// needs no import map of its own; the same URLs as a page's "preact" map, so one Preact.

import { h, render } from "../vendor/preact.mjs";
import htm from "../vendor/htm.mjs";

export const html = htm.bind(h);
export { h, render };
