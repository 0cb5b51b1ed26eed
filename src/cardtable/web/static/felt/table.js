// The whole table: the other seats around the felt (left, across the top, right, clockwise
// from the viewer's left), the middle's zones in order, the viewer's place and hand at the
// bottom, and a spread-out pile on top when one is open.

import { html } from "./html.js";
import { MyPlace } from "./hand.js";
import { seatPlaces, sideOrder } from "./geometry.js";
import { Place } from "./seat.js";
import { SpreadPanel, Zone } from "./zones.js";
import { t } from "../i18n.js";

/** The names the felt shows for seats (the page's, else "seat N"). */
export function seatNames(cfg, players) {
  const out = [];
  for (let n = 0; n < players; n++) {
    const s = (cfg.seats || [])[n];
    out.push((s && s.name) || t("Seat {n}", { n: n + 1 }));
  }
  return out;
}

export function Table({ model, cfg, geom, ui }) {
  const players = model.players;
  const places = seatPlaces(players, cfg.viewer);
  const viewer = Number.isInteger(cfg.viewer) && cfg.viewer >= 0 && cfg.viewer < players ? cfg.viewer : null;
  const ctx = {
    four: !!cfg.fourColour,
    hot: new Set(cfg.hot || []),
    names: seatNames(cfg, players),
    places,
    spreadOpen: ui.spreadOpen,
    reduced: !!cfg.reducedMotion,
    rings: ui.rings,
    active: !!cfg.active,
  };
  const infoOf = (n) => (cfg.seats || [])[n] || {};
  const many = players - 1 > 4;
  const side = (s) => sideOrder(places, s).map((p) => html`<${Place} key=${p.seat} n=${p.seat}
      seat=${model.seats[p.seat]} info=${infoOf(p.seat)} side=${s} ctx=${ctx}
      units=${s === "top" ? (many ? 2.6 : 3.6) : 2.4} />`);
  const bottomSeat = places.find((p) => p.side === "bottom");
  let bottom = null;
  if (viewer !== null) {
    bottom = html`<${MyPlace} n=${viewer} seat=${model.seats[viewer]} info=${infoOf(viewer)} ctx=${ctx}
        hand=${model.hand} selected=${cfg.selected} width=${geom.handWidth} hw=${geom.hw}
        focusKey=${ui.focusKey} />`;
  } else if (bottomSeat) {
    bottom = html`<${Place} n=${bottomSeat.seat} seat=${model.seats[bottomSeat.seat]} info=${infoOf(bottomSeat.seat)}
        side="bottom" ctx=${ctx} units=${4} />`;
  }
  const spread = [...model.centre, ...model.seats.flatMap((s) => s.zones)]
    .filter((z) => z.kind === "pile" && ui.spreadOpen.has(z.id));
  const shape = geom.H < 260 ? " ft-flat" : geom.wide ? " ft-wide" : " ft-tall";
  const cls = `ft-felt ft-p${players}${shape}${many ? " ft-many" : ""}` +
    `${cfg.active ? " ft-active" : ""}${ctx.reduced ? " ft-still" : ""}`;
  const style = {
    "--cw": `${geom.cw.toFixed(1)}px`, "--hw": `${geom.hw.toFixed(1)}px`,
    "--cs": `${geom.cs.toFixed(1)}px`, "--cm": `${geom.cm.toFixed(1)}px`,
    "--pad": `${geom.pad}px`,
  };
  return html`<div class=${cls} style=${style}>
    <div class="ft-side ft-topband">${side("top")}</div>
    <div class="ft-side ft-leftband">${side("left")}</div>
    <div class="ft-centre">${model.centre.map((z) => html`<${Zone} key=${z.id} z=${z} ctx=${ctx} />`)}</div>
    <div class="ft-side ft-rightband">${side("right")}</div>
    <div class="ft-bottomband">${bottom}</div>
    ${spread.map((z) => html`<${SpreadPanel} key=${`spread-${z.id}`} z=${z} ctx=${ctx} />`)}
  </div>`;
}
