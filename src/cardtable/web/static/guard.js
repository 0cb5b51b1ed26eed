// A click acts only on what the person saw when they pressed (issue 26: a double-click on
// "draw" also played "discard 5♠", because the next state arrived between the two clicks and
// the second one landed on a button that had just been drawn).
//
// Elements that send a move (``MOVERS``) ignore a click when
//   * the moves on screen changed after the pointer went down (they were drawn since), or
//   * the moves on screen changed less than ``QUIET_MS`` ago (a second click of a double-click
//     lands there); meanwhile such buttons are also disabled, so they look it.
// Gestures on the table (a click on the stock, a card dropped on the pile) ask ``gestureOk()``
// before they become a move: the same two rules, for a pointer; a key only waits out the quiet
// moment. The page calls ``changed()`` each time it draws a different set of moves.

export const QUIET_MS = 300;
export const MOVERS = "[data-move], [data-zone-move], #hint-play, #confirm-send, #meld-send, #arrange-send";

let downAt = -Infinity;
let changedAt = -Infinity;
let lastInput = "pointer";
let timer = null;
let ignored = 0;

function now() {
  return performance.now();
}

/** True while input on move elements is ignored (just after the moves changed). */
export function quiet() {
  return now() - changedAt < QUIET_MS;
}

function setQuietButtons(on) {
  if (on) {
    document.querySelectorAll(MOVERS).forEach((el) => {
      if (el instanceof HTMLButtonElement && !el.disabled) {
        el.disabled = true;
        el.dataset.quiet = "1";
      }
    });
    document.body.dataset.quiet = "1";
  } else {
    document.querySelectorAll("[data-quiet]").forEach((el) => {
      el.disabled = false;
      delete el.dataset.quiet;
    });
    delete document.body.dataset.quiet;
  }
}

/** The moves on screen were just drawn anew (a new state). */
export function changed() {
  changedAt = now();
  setQuietButtons(true);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    setQuietButtons(false);
  }, QUIET_MS);
}

/** After a redraw of the same moves: buttons drawn during the quiet moment start disabled too. */
export function redrawn() {
  if (quiet()) setQuietButtons(true);
}

function count() {
  ignored += 1;
  document.body.dataset.ignoredClicks = String(ignored);
}

/** May a gesture on the table (a zone clicked, a card dropped or double-clicked) become a move
 * now? Not in the quiet moment, nor when the pointer went down before the table was redrawn. */
export function gestureOk() {
  const ok = !quiet() && !(lastInput === "pointer" && downAt < changedAt);
  if (!ok) count();
  return ok;
}

function refuse(ev) {
  ev.preventDefault();
  ev.stopImmediatePropagation();
  count();
}

export function install() {
  document.addEventListener("pointerdown", () => { downAt = now(); lastInput = "pointer"; }, true);
  document.addEventListener("keydown", () => { lastInput = "key"; }, true);
  document.addEventListener("click", (ev) => {
    const target = ev.target instanceof Element ? ev.target.closest(MOVERS) : null;
    if (!target) return;
    // a pointer's click (detail > 0) pressed before these moves were drawn: not what was seen
    const pressedBefore = ev.detail > 0 && downAt < changedAt;
    if (quiet() || pressedBefore) refuse(ev);
  }, true);
}
