// What a person does on the felt, reported as events (the felt decides no move):
// a click, tap or Space/Enter on a hand card selects it ("select"); a second click or tap on
// the same card within DOUBLE ms plays it ("play"); a card dragged onto a zone ("drop"); a
// click or Enter on a zone ("zone"), on a seat's place ("seat"), on the sort button ("sort").
// Arrow keys move along the hand. Events are listened for once, on the felt's host element.

const DOUBLE = 350;    // ms between the two clicks or taps of a double one
const SLOP = 8;        // px a pointer moves before a press becomes a drag

/**
 * ``felt``: {cfg() → the current config, emit(name, value), select(indices) → sets the
 * selection and redraws, toggleSpread(id), focusKey(key)}.
 */
export function attachGestures(host, felt) {
  let lastTap = null;      // {key, t, before}: the first click of a possible double click
  let press = null;        // {index, key, el, x, y, id, dragging}
  let swallowClick = false;

  const handIndex = (el) => Number(el.dataset.handIndex);
  const zoneOf = (el) => el && el.closest("[data-zone-id]");
  const inHost = (el) => el && host.contains(el);
  const isOn = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

  function toggle(index) {
    const sel = [...(felt.cfg().selected || [])];
    const at = sel.indexOf(index);
    if (at >= 0) sel.splice(at, 1);
    else sel.push(index);
    sel.sort((a, b) => a - b);
    felt.select(sel);
  }

  function zoneEvent(zoneEl) {
    if (!felt.cfg().active) return;
    felt.emit("zone", { id: zoneEl.dataset.zoneId, kind: zoneEl.dataset.zone });
  }

  function onClick(e) {
    const el = e.target;
    if (!inHost(el)) return;
    const spread = el.closest("[data-spread]");
    if (spread) {
      e.stopPropagation();
      felt.toggleSpread(spread.dataset.spread);
      return;
    }
    if (el.closest("[data-sort]")) {
      felt.emit("sort");
      return;
    }
    const card = el.closest("[data-hand-index]");
    if (card) {
      if (swallowClick) return;
      const index = handIndex(card);
      const key = card.dataset.key;
      felt.focusKey(key);
      if (e.detail === 0) {               // Space or Enter: select only
        toggle(index);
        return;
      }
      const now = e.timeStamp;           // when the person clicked, however busy the page was
      if (lastTap && lastTap.key === key && now - lastTap.t < DOUBLE) {
        // the second click: the card stays selected as it was before the first, and is played
        const before = lastTap.before;
        lastTap = null;
        const sel = before.includes(index) ? before : [...before, index].sort((a, b) => a - b);
        if (!isOn(sel, felt.cfg().selected || [])) felt.select(sel);
        if (felt.cfg().active) felt.emit("play", { index, card: card.dataset.card });
        return;
      }
      lastTap = { key, t: now, before: [...(felt.cfg().selected || [])] };
      toggle(index);
      return;
    }
    if (el.closest("[data-spread-panel]")) return;
    const zone = zoneOf(el);
    if (zone) {
      zoneEvent(zone);
      return;
    }
    const place = el.closest("[data-seat]");
    if (place && !el.closest(".ft-hand")) felt.emit("seat", Number(place.dataset.seat));
  }

  function onKey(e) {
    const el = e.target;
    if (!inHost(el)) return;
    const card = el.closest && el.closest("[data-hand-index]");
    if (card) {
      const i = handIndex(card);
      const n = host.querySelectorAll("[data-hand-index]").length;
      const go = { ArrowLeft: i - 1, ArrowUp: i - 1, ArrowRight: i + 1, ArrowDown: i + 1, Home: 0, End: n - 1 }[e.key];
      if (go !== undefined) {
        e.preventDefault();
        const next = host.querySelector(`[data-hand-index="${Math.max(0, Math.min(n - 1, go))}"]`);
        if (next) {
          for (const b of host.querySelectorAll("[data-hand-index]")) b.tabIndex = b === next ? 0 : -1;
          next.focus();
          felt.focusKey(next.dataset.key);
        }
      }
      return;
    }
    if (e.key === "Escape" && host.querySelector("[data-spread-panel]")) {
      felt.toggleSpread(host.querySelector("[data-spread-panel]").dataset.spreadPanel);
      return;
    }
    const zone = el.matches && el.matches("[data-zone-id]") ? el : null;
    if (zone && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      zoneEvent(zone);
    }
  }

  function zoneAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const z = inHost(hit) ? zoneOf(hit) : null;
    return z && !z.closest("[data-spread-panel]") ? z : null;
  }

  function mark(zone) {
    for (const z of host.querySelectorAll(".ft-over")) if (z !== zone) z.classList.remove("ft-over");
    if (zone) zone.classList.add("ft-over");
  }

  function endDrag() {
    if (!press) return;
    if (press.dragging) {
      press.el.classList.remove("ft-dragging");
      press.el.style.translate = "";
      press.el.style.zIndex = press.z;
      mark(null);
    }
    press = null;
  }

  function onDown(e) {
    const card = inHost(e.target) && e.target.closest("[data-hand-index]");
    if (!card || e.button !== 0 || !felt.cfg().active) return;
    press = { index: handIndex(card), key: card.dataset.key, el: card, x: e.clientX, y: e.clientY,
      id: e.pointerId, dragging: false, z: card.style.zIndex };
  }

  function onMove(e) {
    if (!press || e.pointerId !== press.id) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < SLOP) return;
      press.dragging = true;
      for (const a of press.el.getAnimations()) a.cancel();
      press.el.classList.add("ft-dragging");
      press.el.style.zIndex = "900";
      try { press.el.setPointerCapture(e.pointerId); } catch (err) { /* gone */ }
    }
    e.preventDefault();
    press.el.style.translate = `${dx}px ${dy}px`;
    mark(zoneAt(e.clientX, e.clientY));
  }

  function onUp(e) {
    if (!press || e.pointerId !== press.id) return;
    if (!press.dragging) {
      press = null;
      return;
    }
    const zone = zoneAt(e.clientX, e.clientY);
    const { index } = press;
    endDrag();
    swallowClick = true;       // the click that ends a drag is no selection
    setTimeout(() => { swallowClick = false; }, 0);
    if (zone && felt.cfg().active) {
      const sel = [...new Set([...(felt.cfg().selected || []), index])].sort((a, b) => a - b);
      if (!isOn(sel, felt.cfg().selected || [])) felt.select(sel);
      felt.emit("drop", { id: zone.dataset.zoneId, kind: zone.dataset.zone, indices: sel });
    }
  }

  function onCancel(e) {
    if (press && e.pointerId === press.id) endDrag();
  }

  function onFocus(e) {
    const card = e.target.closest && e.target.closest("[data-hand-index]");
    if (card) felt.focusKey(card.dataset.key);
  }

  const listeners = [["click", onClick], ["keydown", onKey], ["pointerdown", onDown],
    ["pointermove", onMove], ["pointerup", onUp], ["pointercancel", onCancel], ["focusin", onFocus]];
  for (const [name, fn] of listeners) host.addEventListener(name, fn);
  return () => {
    for (const [name, fn] of listeners) host.removeEventListener(name, fn);
  };
}
