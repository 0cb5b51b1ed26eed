"""The cards as drawn by static/cards.js: every face and the back as SVG, the index readable on
a 40-px card, two and four colours (faces, small cards, suits in text), and the fonts of Thai
and Chinese pages (static/fonts.css). Writes docs/screens/cards.png, the whole deck."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import SCREENS, Server

pytestmark = pytest.mark.slow

SUITS = "♠♥♦♣"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in SUITS for r in RANKS]
JOKERS = ["BJ", "LJ", "JK"]
LETTER = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}

SHEET = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/style.css"><link rel="stylesheet" href="/static/fonts.css">
<link rel="stylesheet" href="/static/suits.css">
<style>
 body {{ margin: 0; padding: 16px; }}
 .sheet {{ display: grid; grid-template-columns: repeat(14, 84px); gap: 10px; }}
 .sheet > div {{ width: 84px; height: 117.6px; filter: drop-shadow(0 1px 2px rgba(0,0,0,.5)); }}
 .sheet svg {{ width: 100%; height: 100%; display: block; }}
 .fan {{ display: flex; margin-top: 18px; align-items: flex-end; gap: 28px; }}
 .fan .hand {{ display: flex; min-height: 0; }}
 .fan .hand > div {{ width: 40px; height: 56px; margin-right: -24px; filter: drop-shadow(-1px 0 1px rgba(0,0,0,.4)); }}
 .fan .hand.big > div {{ width: 110px; height: 154px; margin-right: -74px; }}
 .fan svg {{ width: 100%; height: 100%; display: block; }}
 .line {{ color: #f4f4ef; font-size: 18px; margin-top: 14px; display: flex; gap: 12px; align-items: center; }}
 button.demo {{ font-size: 18px; }}
</style></head><body>
<div id="root"></div>
<script type="module">
import * as cards from "/static/cards.js";
window.cards = cards;
window.cardsReady = true;
</script></body></html>"""


@pytest.fixture(scope="module")
def sheet(server: Server, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900}, device_scale_factor=1)

    def serve(route: Any) -> None:
        lang = route.request.url.rsplit("lang=", 1)[-1] if "lang=" in route.request.url else "en"
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=SHEET.format(lang=lang))

    context.route(f"{server.base}/__cards*", serve)
    page = context.new_page()
    page.goto(f"{server.base}/__cards")
    page.wait_for_function("() => window.cardsReady === true")
    yield page
    context.close()


def reset(page: Any) -> None:
    page.evaluate("() => { document.getElementById('root').replaceChildren(); document.body.className = ''; }")


def test_every_face_is_an_svg_of_its_card(sheet: Any) -> None:
    reset(sheet)
    faces = sheet.evaluate("""(deck) => deck.map((text) => {
        const div = document.createElement('div');
        div.style.width = '100px'; div.style.height = '140px';
        div.innerHTML = cards.faceSvg(text, {});
        document.getElementById('root').append(div);
        const svg = div.querySelector('svg');
        const idx = [...svg.querySelectorAll('.index')];
        const box = svg.getBoundingClientRect();
        return {text, tag: svg.tagName, viewBox: svg.getAttribute('viewBox'), face: svg.dataset.face,
                ranks: idx.map((g) => g.dataset.rank), suits: idx.map((g) => g.dataset.suit || null),
                jokers: idx.map((g) => g.dataset.joker || null),
                pips: svg.querySelectorAll(':scope > .pip').length,
                court: svg.querySelectorAll('.court .court-letter').length,
                jokerLetters: svg.querySelectorAll('.joker-letter').length,
                cls: svg.getAttribute('class'), w: box.width, h: box.height,
                markup: div.innerHTML.length};
    })""", DECK + JOKERS)
    for f in faces:
        text = f["text"]
        assert f["tag"] == "svg" and f["viewBox"] == "0 0 250 350" and f["face"] == text, f
        assert f["w"] == pytest.approx(100) and f["h"] == pytest.approx(140), f
        if text in JOKERS:
            assert f["ranks"] == [text, text] and f["jokers"] == [text, text], f
            assert f["jokerLetters"] == 10, "JOKER written down both corners"
            continue
        rank, suit = text[:-1], text[-1]
        assert f["ranks"] == [rank, rank], f"both indexes say {rank}: {f}"
        assert f["suits"] == [LETTER[suit]] * 2, f
        if rank in "JQK":
            assert f["pips"] == 0 and f["court"] == 2, f"{text}: a double-ended court panel"
        else:
            assert f["pips"] == (1 if rank == "A" else int(rank)), f"{text}: pips as on real cards"
    jokers = {f["text"]: f for f in faces if f["text"] in JOKERS}
    assert len({j["cls"] for j in jokers.values()}) == 3
    markup = sheet.evaluate("(js) => js.map((j) => cards.faceSvg(j))", JOKERS)
    assert len(set(markup)) == 3, "the three jokers are drawn differently"
    # cached: the same string for the same card and colours
    assert sheet.evaluate("() => cards.faceSvg('7♦', {fourColour: true}) === cards.faceSvg('7♦', {fourColour: true})")
    back = sheet.evaluate("() => cards.backSvg()")
    assert back.startswith("<svg") and "viewBox=\"0 0 250 350\"" in back
    assert not any(c in back for c in SUITS) and " id=" not in back, "a back names no card and no id"


def fills(page: Any, text: str, four: bool) -> list[str]:
    return page.evaluate("""([text, four]) => {
        const div = document.createElement('div');
        div.style.width = '80px';
        div.innerHTML = cards.faceSvg(text, {fourColour: four});
        document.getElementById('root').append(div);
        return [...div.querySelectorAll('.pip, .index-pip')].map((p) => getComputedStyle(p).fill);
    }""", [text, four])


def rgb(value: str) -> tuple[int, int, int]:
    r, g, b = (int(float(x)) for x in value[value.index("(") + 1:value.index(")")].split(",")[:3])
    return r, g, b


def hue(value: str) -> str:
    r, g, b = rgb(value)
    if max(r, g, b) < 70:
        return "black"
    if r > 1.8 * max(g, b):
        return "red"
    if b > 1.5 * max(r, g):
        return "blue"
    if g > 1.5 * max(r, b):
        return "green"
    if min(r, g, b) > 200:
        return "white"
    if r > 1.3 * max(g, b):
        return "pink"  # red on the felt
    if b > 1.2 * max(r, g):
        return "light blue"
    if g > 1.2 * max(r, b):
        return "light green"
    return value


def test_four_colours_on_faces_and_small_cards(sheet: Any) -> None:
    reset(sheet)
    two = {s: {hue(f) for f in fills(sheet, "5" + s, False)} for s in SUITS}
    four = {s: {hue(f) for f in fills(sheet, "5" + s, True)} for s in SUITS}
    assert two == {"♠": {"black"}, "♥": {"red"}, "♦": {"red"}, "♣": {"black"}}, two
    assert four == {"♠": {"black"}, "♥": {"red"}, "♦": {"blue"}, "♣": {"green"}}, four
    # the small cards of logs and zones (cardEl) follow body.four-colour without being redrawn
    reset(sheet)
    small = """() => Object.fromEntries(['K♠', '9♥', '8♦', 'A♣'].map((c) => {
        const el = cards.cardEl(c, {small: true});
        document.getElementById('root').append(el);
        return [c, getComputedStyle(el.querySelector('.index-pip')).fill];
    }))"""
    got = {c: hue(v) for c, v in sheet.evaluate(small).items()}
    assert got == {"K♠": "black", "9♥": "red", "8♦": "red", "A♣": "black"}, got
    sheet.evaluate("() => document.body.classList.add('four-colour')")
    got = {c: hue(v) for c, v in sheet.evaluate(small).items()}
    assert got == {"K♠": "black", "9♥": "red", "8♦": "blue", "A♣": "green"}, got


def test_card_elements_keep_their_contract(sheet: Any) -> None:
    reset(sheet)
    got = sheet.evaluate("""() => {
        const standIn = () => {
            const j = cards.cardEl('JK=8♥', {small: true});
            document.getElementById('root').append(j);
            const a = j.getBoundingClientRect();
            const tag = j.querySelector('.stand-in');
            const r = tag.getBoundingClientRect();
            return {face: j.querySelector('svg').dataset.face, tag: tag.textContent,
                    label: j.getAttribute('aria-label'), inside: r.left >= a.left - 8 && r.right <= a.right + 8};
        };
        const b = cards.cardEl('10♥', {selectable: true});
        const s = cards.cardEl('BJ', {small: true});
        const back = cards.backEl(true);
        document.getElementById('root').append(b, s, back);
        return {tag: b.tagName, type: b.type, card: b.dataset.card, pressed: b.getAttribute('aria-pressed'),
                label: b.getAttribute('aria-label'), text: b.innerText.trim(), cls: b.className,
                stag: s.tagName, scard: s.dataset.card || null, slabel: s.getAttribute('aria-label'),
                svgCard: b.querySelector('svg').hasAttribute('data-card'),
                backHtml: back.outerHTML, backCls: back.className,
                backLabel: back.getAttribute('aria-label'),
                w: b.getBoundingClientRect().width, h: b.getBoundingClientRect().height,
                stand: standIn()};
    }""")
    assert got["tag"] == "BUTTON" and got["type"] == "button" and got["card"] == "10♥"
    assert got["pressed"] == "false" and got["label"] == "10♥" and got["text"] == "10♥"
    assert "card" in got["cls"].split() and "hearts" in got["cls"].split()
    assert got["stag"] == "SPAN" and got["scard"] is None and got["slabel"] == "big joker"
    assert not got["svgCard"], "only the hand's buttons carry data-card"
    assert "card" in got["backCls"].split() and "back" in got["backCls"].split()
    assert got["backLabel"] == "face-down card"
    assert not any(c in got["backHtml"] for c in SUITS) and "data-card" not in got["backHtml"]
    assert got["h"] / got["w"] == pytest.approx(350 / 250, rel=0.02), "the card's proportions"
    # a Remik joker standing in for 8♥: the joker drawn as a joker, its card a tag on it
    stand = got["stand"]
    assert stand["face"] == "JK" and stand["tag"] == "8♥" and stand["label"] == "joker = 8♥", stand
    assert stand["inside"], "the tag stays on the card"


def test_index_is_readable_on_a_40px_card(sheet: Any) -> None:
    reset(sheet)
    got = sheet.evaluate("""(deck) => deck.map((text) => {
        const div = document.createElement('div');
        div.style.width = '40px'; div.style.height = '56px';
        div.innerHTML = cards.faceSvg(text, {});
        document.getElementById('root').append(div);
        const idx = div.querySelector('.index');
        const rank = idx.querySelector('.rank') || idx;
        const r = rank.getBoundingClientRect();
        const card = div.getBoundingClientRect();
        const i = idx.getBoundingClientRect();
        return {text, h: r.height, w: r.width, right: i.right - card.left, bottom: i.bottom - card.top};
    })""", DECK)
    for g in got:
        assert g["h"] >= 11, f"{g['text']}: the rank is {g['h']:.1f} px tall on a 40-px card"
        # the index fits the strip a fanned card shows (its left 30 %)
        assert g["right"] <= 0.3 * 40 + 0.5, g


def test_suit_html_wraps_and_colours_suits(sheet: Any) -> None:
    reset(sheet)
    got = sheet.evaluate("""() => {
        const p = document.createElement('p');
        p.className = 'line';
        p.append(cards.suitHtml('discard 10♣ <b>x</b> then 7♦, Q♥ and A♠'));
        const b = document.createElement('button');
        b.className = 'demo';
        b.append(cards.suitHtml('meld 5♦ 6♦ 7♣'));
        document.getElementById('root').append(p, b);
        const colours = (el) => [...el.querySelectorAll('.suit')].map(
            (s) => [s.className, s.textContent, getComputedStyle(s).color]);
        const before = {p: colours(p), b: colours(b)};
        document.body.classList.add('four-colour');
        const after = {p: colours(p), b: colours(b)};
        return {text: p.textContent, html: p.innerHTML, before, after, empty: cards.suitHtml('').childNodes.length,
                plain: cards.suitHtml('no suit').textContent};
    }""")
    assert got["text"] == "discard 10♣ <b>x</b> then 7♦, Q♥ and A♠", "text stays text (no HTML parsed)"
    assert "<b>" not in got["html"]
    assert [(c, t) for c, t, _ in got["before"]["p"]] == [
        ("suit suit-c", "♣"), ("suit suit-d", "♦"), ("suit suit-h", "♥"), ("suit suit-s", "♠")]
    assert got["empty"] == 0 and got["plain"] == "no suit"
    # on the felt: light tones; on a button: the cards' inks
    on_felt = {t: hue(c) for _, t, c in got["before"]["p"]}
    assert on_felt == {"♣": "white", "♦": "pink", "♥": "pink", "♠": "white"}, on_felt
    on_felt4 = {t: hue(c) for _, t, c in got["after"]["p"]}
    assert on_felt4 == {"♣": "light green", "♦": "light blue", "♥": "pink", "♠": "white"}, on_felt4
    on_button = [hue(c) for _, _, c in got["before"]["b"]]
    on_button4 = [hue(c) for _, _, c in got["after"]["b"]]
    assert on_button == ["red", "red", "black"] and on_button4 == ["blue", "blue", "green"]


@pytest.mark.parametrize("lang, family", [("th", "Noto Sans Thai"), ("zh-Hans", "Noto Sans CJK SC"),
                                          ("zh-Hant", "Noto Sans CJK TC")])
def test_fonts_by_language(server: Server, browser: Any, lang: str, family: str) -> None:
    """The page's language picks its font family: on this Debian machine (fonts-noto-core,
    fonts-noto-cjk) 繁體 text is drawn with the TC face, not the SC one."""
    context = browser.new_context()
    context.route(f"{server.base}/__fonts*", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8",
        body=f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
             '<link rel="stylesheet" href="/static/style.css"><link rel="stylesheet" href="/static/fonts.css">'
             '</head><body><p id="t">ไพ่ 說明 这张牌 骨</p></body></html>'))
    page = context.new_page()
    page.goto(f"{server.base}/__fonts")
    page.evaluate("document.fonts.ready")
    stack = page.evaluate("getComputedStyle(document.getElementById('t')).fontFamily")
    cdp = context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#t"})["nodeId"]
    used = [f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]]
    context.close()
    assert stack.split(",")[0].strip('" ') in {"Noto Sans Thai", "PingFang SC", "PingFang TC"}, stack
    if family not in used:
        pytest.skip(f"{family} is not installed here (used: {used})")
    if lang == "zh-Hant":
        assert "Noto Sans CJK SC" not in used, used
    if lang == "zh-Hans":
        assert "Noto Sans CJK TC" not in used, used


def test_deck_sheet_screenshot(sheet: Any) -> None:
    """All 55 faces and the back in two and four colours, and fans of small cards:
    docs/screens/cards.png."""
    reset(sheet)
    sheet.evaluate("""(deck) => {
        const root = document.getElementById('root');
        const grid = document.createElement('div');
        grid.className = 'sheet';
        const cell = (svg) => { const d = document.createElement('div'); d.innerHTML = svg; return d; };
        for (const text of deck) grid.append(cell(cards.faceSvg(text, {fourColour: false})));
        grid.append(cell(cards.backSvg()));
        for (const text of ['5♦', 'Q♦', '9♣', 'K♣']) grid.append(cell(cards.faceSvg(text, {fourColour: true})));
        root.append(grid);
        const fan = document.createElement('div');
        fan.className = 'fan';
        const hand = (list, big) => {
            const h = document.createElement('div');
            h.className = 'hand' + (big ? ' big' : '');
            for (const t of list) h.append(cell(t === 'back' ? cards.backSvg() : cards.faceSvg(t, {fourColour: true})));
            return h;
        };
        fan.append(hand(['A♠', '10♠', '7♠', 'K♥', 'Q♥', '10♥', '3♥', 'J♦', '9♦', '2♦', 'A♣', '10♣', '4♣',
                         'BJ', 'LJ', 'JK'], false));
        fan.append(hand(['back', 'back', 'back', 'back', 'back'], false));
        fan.append(hand(['Q♠', 'J♥', '10♦', '8♣', 'JK'], true));
        root.append(fan);
        const line = document.createElement('div');
        line.className = 'line';
        const log = document.createElement('span');
        log.append(cards.suitHtml('log: Ann discards 10♣, Bea takes 7♦ and melds Q♥ Q♠ Q♦'));
        line.append(log);
        const b = document.createElement('button');
        b.className = 'demo';
        b.append(cards.suitHtml('discard 9♦'));
        line.append(b);
        for (const c of ['K♠', '9♥', '8♦', 'A♣', 'JK', 'JK=8♥']) line.append(cards.cardEl(c, {small: true}));
        line.append(cards.backEl(true));
        root.append(line);
        document.body.classList.add('four-colour');
    }""", DECK + JOKERS)
    SCREENS.mkdir(parents=True, exist_ok=True)
    sheet.screenshot(path=str(SCREENS / "cards.png"), full_page=True)
