// The moments: the end of a deal as an overlay over the table (everyone's hands and melds from
// the finished deal's picture, the score in words, the match totals, "next deal"), and the
// end of a match (its winners named, the final totals, "rematch", the replay, the review of
// one's own play in the replay viewer, the lobby).

import { parseCard, suitClass } from "./cards.js";
import { pageUrl, t } from "./i18n.js";
import { page, redraw, seatName, tableId, totalsOf } from "./store.js";
import { html, suited } from "./ui.js";

function signed(n) {
  return (n > 0 ? "+" : "") + n;
}

function Mini({ card, tag }) {
  const c = parseCard(card);
  const cls = "mini-card " + (c ? suitClass(c.suit) : "unknown");
  return html`<span class=${cls}>${card}${tag ? html`<sub class="stand-in">=${tag}</sub>` : null}</span>`;
}

function zoneCards(z) {
  const stand = z.stand_in || {};
  if (Array.isArray(z.rows)) {
    return z.rows.map((r, i) => html`<span class="mini-row" key=${i}>${(r.cards || []).map((c, k) => html`<${Mini} key=${k} card=${c}/>`)}
      ${r.result ? html`<em class="row-result">${r.result}</em>` : null}</span>`);
  }
  if (Array.isArray(z.plays)) return z.plays.map(([, c], k) => html`<${Mini} key=${k} card=${c}/>`);
  return (z.cards || []).map((c, k) => html`<${Mini} key=${k} card=${c} tag=${stand[String(k)]}/>`);
}

/** Everyone's hands and melds at the end, from the picture (it shows what the view shows). */
function Hands({ picture, own, mySeat }) {
  if (!picture || !Array.isArray(picture.seats)) return null;
  const title = t("The hands at the end");
  const rows = picture.seats.map((s, i) => {
    const known = i === mySeat && own.length ? own : s.known || [];
    const zones = (s.zones || []).filter((z) => (z.cards && z.cards.length) || z.rows || (z.plays && z.plays.length));
    const hidden = s.backs ? t("{n} hidden", { n: s.backs }) : "";
    const tags = (s.tags || []).join(" · ");
    return html`<li key=${i} data-end-seat=${String(i)}>
      <strong>${seatName(i)}</strong>${tags ? html` <span class="tags">${tags}</span>` : null}
      <span class="mini-cards">${known.map((c, k) => html`<${Mini} key=${k} card=${c}/>`)}${hidden ? html`<span class="note">${hidden}</span>` : null}</span>
      ${zones.map((z) => html`<span class="mini-zone" key=${z.id} title=${z.label || ""}>${zoneCards(z)}</span>`)}
    </li>`;
  });
  return html`<section class="end-hands" aria-label=${title}><h3>${title}</h3><ul>${rows}</ul></section>`;
}

/** The deal's score in words (the server's summary), else the engine's score items. */
export function ScoreSheet({ w }) {
  const head = t("Score of the deal");
  const cols = [t("player"), t("points"), t("why")];
  const dealTotal = t("deal total");
  const score = w.score;
  let rows = [];
  let totals = [];
  if (score && Array.isArray(score.seats)) {
    for (const s of score.seats) {
      for (const line of s.lines) rows.push({ who: s.name, points: line.points, text: line.text });
    }
    totals = score.seats.map((s) => ({ who: s.name, total: s.total }));
  } else if (w.view.over) {
    rows = (w.view.items || []).filter((it) => it.points || it.note)
      .map((it) => ({ who: seatName(it.seat), points: it.points, text: it.note || it.rule }));
    totals = (w.view.scores || []).map((v, s) => ({ who: seatName(s), total: v }));
  }
  return html`<div id="scores" class="scores">
    <h3>${head}</h3>
    ${score && score.note ? html`<p class="score-note">${score.note}</p>` : null}
    ${score && score.deal ? html`<p class="score-deal">${suited(score.deal)}</p>` : null}
    <table class="score">
      <tr>${cols.map((c) => html`<th key=${c}>${c}</th>`)}</tr>
      ${rows.map((r, i) => html`<tr key=${i}><td>${r.who}</td><td class="num">${signed(r.points)}</td><td>${suited(r.text)}</td></tr>`)}
      ${totals.map((r, i) => html`<tr class="total" key=${"t" + i}><td>${r.who}</td><td class="num">${String(r.total)}</td><td>${dealTotal}</td></tr>`)}
    </table>
    ${score && score.winners ? html`<p class="score-winners">${score.winners}</p>` : null}
  </div>`;
}

function Totals({ w, title }) {
  const totals = totalsOf(w);
  return html`<section class="match-totals"><h3>${title}</h3>
    <table id="match-totals" class="score">
      ${Array.from({ length: w.view.players }, (_, s) => html`<tr key=${s} data-player=${String(s)}>
        <td>${seatName(s)}</td><td class="num" data-total=${String(totals[s] ?? 0)}>${String(totals[s] ?? 0)}</td></tr>`)}
    </table></section>`;
}

function Fold({ down }) {
  const label = down ? t("show the score") : t("look at the table");
  return html`<button id="overlay-fold" type="button" class="small-button quiet-button" aria-expanded=${String(!down)}
    onClick=${() => { page.overlayDown = !page.overlayDown; redraw(); }}>${label}</button>`;
}

/** The end of a deal, kept over the table until "next deal" (also after a reload). */
export function DealOverlay({ w, ownHand, nextDeal }) {
  const down = page.overlayDown;
  const title = t("Deal {n} is over", { n: w.deal + 1 });
  const next = t("next deal");
  const waiting = page.finished && !page.finished.fromFinished && page.finished === page.state;
  const totalsTitle = t("Match totals");
  const picture = w.felt && w.felt.picture;
  return html`<div id="deal-over" class=${"moment" + (down ? " down" : "")} role="dialog" aria-labelledby="deal-over-h">
    <div class="moment-box">
      <header class="moment-head"><h2 id="deal-over-h">${title}</h2><${Fold} down=${down}/></header>
      <div class="moment-body" hidden=${down}>
        <${Totals} w=${w} title=${totalsTitle}/>
        <${ScoreSheet} w=${w}/>
        <${Hands} picture=${picture} own=${ownHand} mySeat=${w.seat}/>
      </div>
      <footer class="moment-foot">
        <button id="next-deal" type="button" class="primary" disabled=${waiting} onClick=${nextDeal}>${next}</button>
      </footer>
    </div>
  </div>`;
}

/** The end of the match: who won, the final totals, and what next. */
export function MatchOverlay({ w, ownHand, rematch, again, host }) {
  const down = page.overlayDown;
  const abandoned = Boolean(page.summary && page.summary.abandoned);
  const title = abandoned ? t("The table was ended") : t("Match over");
  const winners = w.end && Array.isArray(w.end.winners) ? w.end.winners : [];
  const names = winners.map(seatName).join(", ");
  const said = abandoned ? t("The host ended the table: no winner, no replay.")
    : winners.length === 1 ? t("{name} won the match.", { name: names })
      : winners.length ? t("Won the match: {names}.", { names }) : "";
  const totalsTitle = t("Final totals");
  const rematchLabel = t("rematch");
  const againLabel = t("play these cards again");
  const replayLabel = t("watch the replay");
  const reviewLabel = t("review my play");
  const mine = Number.isInteger(w.seat) && !abandoned;
  const replayOf = `/tables/${encodeURIComponent(tableId)}/replay`;
  const lobby = t("back to the lobby");
  const picture = w.felt && w.felt.picture;
  return html`<div id="match-over" class=${"moment" + (down ? " down" : "")} role="dialog" aria-labelledby="match-over-h">
    <div class="moment-box">
      <header class="moment-head"><h2 id="match-over-h">${title}</h2><${Fold} down=${down}/></header>
      <div class="moment-body" hidden=${down}>
        ${said ? html`<p id="winners" class="winners">${said}</p>` : null}
        <${Totals} w=${w} title=${totalsTitle}/>
        ${w.view.over ? html`<${ScoreSheet} w=${w}/>` : null}
        <${Hands} picture=${picture} own=${ownHand} mySeat=${w.seat}/>
      </div>
      <footer class="moment-foot">
        ${host && !abandoned ? html`<button id="rematch" type="button" class="primary" onClick=${rematch}>${rematchLabel}</button>` : null}
        <button id="again" type="button" class="small-button" hidden=${abandoned} onClick=${again}>${againLabel}</button>
        <a id="replay" class="button-link" hidden=${abandoned} href=${pageUrl(replayOf)}>${replayLabel}</a>
        ${mine ? html`<a id="review-link" class="button-link" href=${pageUrl(`${replayOf}?seat=${w.seat + 1}&review=1`)}>${reviewLabel}</a>` : null}
        <a id="lobby-link" class="button-link" href=${pageUrl("/")}>${lobby}</a>
      </footer>
    </div>
  </div>`;
}
