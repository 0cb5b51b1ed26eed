// The account box in the header of the lobby, the player pages and the leaderboards (protocol
// version 3): a guest gets "sign in" and "create account" (a small form: name, password; the
// server's message when it refuses, nothing else changed), a signed-in player their name,
// linking to their page, and "sign out". And what those pages share: small DOM helpers, the
// games' names in the page's language, ratings in words.

import { N_, pageUrl, t, withLang } from "./i18n.js";
import { accountName, loadSession, myName, signIn, signOut } from "./player.js";

/** The number shown is RATING_BASE + RATING_SCALE × (mu − 3 sigma) (server/ratings.py); the
 * uncertainty is shown on the same scale: ± RATING_SCALE × 3 sigma. */
const RATING_SCALE = 40;

export const $ = (id) => document.getElementById(id);

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

export function link(href, text, cls) {
  const a = el("a", cls, text);
  a.href = href;
  return a;
}

export function option(value, text, selected = false) {
  const o = el("option", "", text);
  o.value = value;
  o.selected = selected;
  return o;
}

/** A player's page and a game's leaderboard (the page's language kept). */
export const playerUrl = (name) => pageUrl(`/players/${encodeURIComponent(name)}`);
export const boardUrl = (game) => pageUrl(`/leaderboards/${encodeURIComponent(game)}`);

/** The games as GET /api/games gives them in the page's language ([] when it cannot). */
let gamesAsked = null;
export function loadGames() {
  if (!gamesAsked) {
    gamesAsked = fetch(withLang("/api/games")).then((r) => (r.ok ? r.json() : [])).catch(() => []);
  }
  return gamesAsked;
}

/** A game's name as the lobby writes it: its title in the page's language, and its own name. */
export function gameTitle(g) {
  return g.title && g.title !== g.native_name ? `${g.title} · ${g.native_name}` : (g.title || g.native_name || g.id);
}

export function titleOf(games, id) {
  const g = games.find((x) => x.id === id);
  return g ? gameTitle(g) : id;
}

/** The uncertainty of a rating on the shown scale (3 sigma). */
export function spread(r) {
  return Math.round(RATING_SCALE * 3 * Number(r.sigma || 0));
}

// the rating models the server names (ratings.py model_of), in words
const MODELS = {
  "plackett-luce free-for-all": N_("every player for themselves (Plackett–Luce)"),
  "plackett-luce partnerships": N_("partnerships: partners share a result (Plackett–Luce)"),
  "plackett-luce partnerships or free-for-all":
    N_("partnerships when the match had fixed partners, else every player for themselves (Plackett–Luce)"),
  "plackett-luce hidden partnerships or free-for-all":
    N_("the deal's hidden partnerships when they stayed the same all match, else every player for themselves (Plackett–Luce)"),
};

export function modelWords(model) {
  return model in MODELS ? t(MODELS[model]) : String(model || "");
}

/** "provisional": few rated matches yet, or the server is not sure of the rating yet. */
export function provisionalBadge() {
  const b = el("span", "badge provisional", t("provisional"));
  b.title = t("Fewer than 10 rated matches in this game, or the rating is still uncertain.");
  return b;
}

/** An ISO time (UTC) in the page's language, as a local date and time. */
export function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined,
      { dateStyle: "medium", timeStyle: "short" }).format(d);
  } catch (e) {
    return d.toLocaleString();
  }
}

// --- the account box ---------------------------------------------------------------------

let mode = "in";          // the form: "in" (sign in) or "up" (create an account)
let changed = () => {};

function box() {
  return $("account");
}

function drawBox() {
  const b = box();
  if (!b) return;
  b.replaceChildren();
  const name = accountName();
  b.dataset.signedIn = name ? "true" : "false";
  if (name) {
    const a = link(playerUrl(name), name, "account-name");
    a.id = "account-name";
    a.title = t("your page: ratings, matches, account");
    const out = el("button", "small-button", t("Sign out"));
    out.type = "button";
    out.id = "sign-out";
    out.addEventListener("click", async () => {
      out.disabled = true;
      try {
        await signOut();
      } catch (e) { /* the session ends on this browser anyway */ }
      closeForm();
      drawBox();
      changed();
    });
    b.append(a, out);
  } else {
    const signin = el("button", "small-button", t("Sign in"));
    signin.type = "button";
    signin.id = "sign-in-open";
    signin.addEventListener("click", () => openForm("in"));
    const signup = el("button", "small-button", t("Create account"));
    signup.type = "button";
    signup.id = "sign-up-open";
    signup.addEventListener("click", () => openForm("up"));
    b.append(signin, signup);
  }
}

function form() {
  let f = $("account-form");
  if (f) return f;
  f = el("form", "account-form");
  f.id = "account-form";
  f.noValidate = true;
  f.hidden = true;
  const h = el("h2", "");
  h.id = "account-form-h";
  f.setAttribute("aria-labelledby", "account-form-h");
  const user = el("input");
  user.id = "account-user";
  user.name = "username";
  user.maxLength = 40;
  user.autocomplete = "username";
  user.required = true;
  const pass = el("input");
  pass.id = "account-password";
  pass.name = "password";
  pass.type = "password";
  pass.required = true;
  const l1 = el("label", "");
  l1.append(el("span", "", t("Name")), user);
  const l2 = el("label", "");
  l2.append(el("span", "", t("Password")), pass);
  const line = el("p", "form-line");
  line.id = "account-form-line";
  const go = el("button", "primary");
  go.type = "submit";
  go.id = "account-submit";
  const cancel = el("button", "small-button", t("cancel"));
  cancel.type = "button";
  cancel.id = "account-cancel";
  cancel.addEventListener("click", closeForm);
  const buttons = el("div", "account-buttons");
  buttons.append(go, cancel);
  const msg = el("p", "message");
  msg.id = "account-message";
  msg.setAttribute("role", "status");
  msg.setAttribute("aria-live", "polite");
  f.append(h, l1, l2, line, buttons, msg);
  f.addEventListener("submit", submit);
  f.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeForm(); });
  const header = document.querySelector("header.bar");
  if (header) header.after(f);
  else document.body.prepend(f);
  return f;
}

function openForm(which) {
  mode = which;
  const f = form();
  const create = which === "up";
  $("account-form-h").textContent = create ? t("Create an account") : t("Sign in");
  $("account-submit").textContent = create ? t("Create account") : t("Sign in");
  $("account-password").autocomplete = create ? "new-password" : "current-password";
  $("account-form-line").textContent = create
    ? t("A password of 10 characters or more. The seats and tables of this browser become the account's.")
    : t("Your seats and tables follow you to every browser you sign in on.");
  if (!$("account-user").value) $("account-user").value = myName();
  $("account-message").textContent = "";
  $("account-message").className = "message";
  f.hidden = false;
  ($("account-user").value ? $("account-password") : $("account-user")).focus();
}

function closeForm() {
  const f = $("account-form");
  if (!f) return;
  f.hidden = true;
  $("account-password").value = "";
}

async function submit(ev) {
  ev.preventDefault();
  const name = $("account-user").value.trim();
  const password = $("account-password").value;
  const msg = $("account-message");
  if (!name) {
    msg.textContent = t("type your name first");
    msg.className = "message error";
    $("account-user").focus();
    return;
  }
  const go = $("account-submit");
  go.disabled = true;
  try {
    await signIn(name, password, mode === "up");
  } catch (e) {
    // the server's own words (already in the page's language); nothing else changes
    msg.textContent = e.message;
    msg.className = "message error";
    go.disabled = false;
    $("account-password").focus();
    return;
  }
  go.disabled = false;
  closeForm();
  drawBox();
  changed();
}

/** Draw the account box in ``#account`` (the session read first); ``onChange`` runs after a
 * sign-in, sign-up or sign-out. Resolves to the session. */
export async function accountBox(onChange) {
  if (onChange) changed = onChange;
  const s = await loadSession();
  drawBox();
  return s;
}

/** Redraw the box (the session changed elsewhere on the page). */
export function redrawAccount() {
  drawBox();
}
