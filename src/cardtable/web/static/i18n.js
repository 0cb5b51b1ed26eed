// The page's own words in the page's language, and the language menu.
//
// The server renders each page in the request's language (?lang=, else Accept-Language) and
// inlines this page's messages as JSON (#cardtable-i18n): {locale, messages, plurals, plural}.
// t(msgid, params) and tn(singular, plural, n, params) look them up (the
// English text is the key and the fallback); cards and move texts are never translated.
// The menu keeps the choice in localStorage and reloads the page with ?lang=; API and
// WebSocket URLs carry the page's language (withLang), so the server speaks it too.

const FALLBACK = {
  locale: "en", tag: "en", messages: {}, plurals: {}, plural: "(n != 1)", nplurals: 2,
  languages: { en: "English", th: "ไทย", zh_Hans: "简体中文", zh_Hant: "繁體中文", pl: "polski", ru: "русский" },
};
const STORE = "cardtable.lang";

function readCatalog() {
  const el = document.getElementById("cardtable-i18n");
  if (!el) return FALLBACK;
  try { return { ...FALLBACK, ...JSON.parse(el.textContent) }; } catch (e) { return FALLBACK; }
}

const data = readCatalog();
// the plural form of n: the server's table of n = 0…199 (a larger n counts as 100 + n % 100)
const pluralIndex = Array.isArray(data.plural_table) && data.plural_table.length === 200
  ? (n) => { const k = Math.abs(Math.trunc(Number(n) || 0)); return data.plural_table[k < 200 ? k : 100 + (k % 100)]; }
  : (n) => Number(n !== 1);

export const LOCALE = data.locale;

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** ``msgid`` in the page's language, its ``{name}`` placeholders filled from ``params``. */
export function t(msgid, params) {
  return fill(data.messages[msgid] || msgid, params);
}

/** The plural form for ``n`` (``{n}`` is filled too). */
export function tn(singular, plural, n, params) {
  const forms = data.plurals[`${singular}\u0000${plural}`];
  const form = forms && forms[pluralIndex(n)];
  return fill(form || (n === 1 ? singular : plural), { n, ...(params || {}) });
}

/** Marks a message for extraction; translate it where it is shown with t(). */
export function N_(msgid) {
  return msgid;
}

function addParam(url, key, value) {
  const hash = url.indexOf("#");
  const base = hash >= 0 ? url.slice(0, hash) : url;
  const tail = hash >= 0 ? url.slice(hash) : "";
  const sep = base.includes("?") ? "&" : "?";
  return `${base}${sep}${key}=${encodeURIComponent(value)}${tail}`;
}

/** An API or WebSocket URL that asks for the page's language. */
export function withLang(url) {
  return addParam(url, "lang", LOCALE);
}

const explicit = new URLSearchParams(location.search).get("lang");

/** A link to another page: it keeps a language named in this page's URL. */
export function pageUrl(url) {
  return explicit ? addParam(url, "lang", explicit) : url;
}

function stored() {
  try { return localStorage.getItem(STORE); } catch (e) { return null; }
}

function goTo(lang) {
  const params = new URLSearchParams(location.search);
  params.set("lang", lang);
  location.replace(`${location.pathname}?${params}${location.hash}`);
}

function menu() {
  const bar = document.querySelector("header.bar");
  if (!bar || document.getElementById("lang-menu")) return;
  const label = document.createElement("label");
  label.className = "lang";
  const sel = document.createElement("select");
  sel.id = "lang-menu";
  sel.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(data.languages)) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    o.lang = code.replace("_", "-");
    o.selected = code === LOCALE;
    sel.append(o);
  }
  if (!(LOCALE in data.languages)) {
    const o = document.createElement("option");
    o.value = LOCALE;
    o.textContent = LOCALE;
    o.selected = true;
    sel.append(o);
  }
  sel.addEventListener("change", () => {
    try { localStorage.setItem(STORE, sel.value); } catch (e) { /* private mode */ }
    goTo(sel.value);
  });
  label.append(sel);
  bar.append(label);
}

// the language chosen in the menu before, for a page opened without ?lang=
const chosen = stored();
if (!explicit && chosen && chosen in data.languages && chosen !== LOCALE) goTo(chosen);
menu();
