"""The player's page draws their statistics per game and their rating history: two accounts
play rated gin matches over HTTP and WebSocket against a real `cardtable serve`, then the page
of one, at 1280×800 and 390×844, shows each figure of ``GET /api/players/{name}`` formatted
for its language, a chart with a point per rated match of ``…/ratings/gin`` (the history asked
for only for the games rated), a text alternative naming the latest rating, and no sideways
scrolling; another viewer sees no statistics of a player whose matches are private, the
player on their own page does; a single rated match is a dot, not a line.  Screenshots:
docs/screens/profile-1280.png and profile-390.png."""

from __future__ import annotations

import json
import random
import secrets
import time
import urllib.parse
from typing import Any

import pytest

from .conftest import SCREENS, Server

pytestmark = pytest.mark.slow
PASSWORD = "a-good-long-password"
MATCHES = 6
# every Content-Security-Policy violation the page meets
CSP_WATCH = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));"""


def account(server: Server, name: str) -> str:
    """An account named ``name`` made from a new guest credential, whose secret (sent as
    X-Player) then acts for the account."""
    secret = server.player(name)
    made = server.request("POST", "/api/accounts", {"name": name, "password": PASSWORD}, player=secret)
    assert made["name"] == name
    return secret


def play_rated_gin(server: Server, host: str, guest: str, rng: random.Random) -> str:
    """A rated one-game gin match between two accounts, played to its end over two
    WebSockets with random moves (knocking where one may)."""
    from websockets.sync.client import connect

    table = server.post("/api/tables", {"game": "gin", "seats": ["me", "open"], "bot_delay_ms": 0,
                                        "rules": {"game_target": 1}, "rated": True}, player=host)
    assert table["rated"] is True
    seat = server.post(f"/api/tables/{table['id']}/seats/1", {}, player=guest)
    ws = server.base.replace("http://", "ws://") + f"/ws/tables/{table['id']}?token="

    def until(sock: Any, pred: Any) -> dict[str, Any]:
        while True:
            frame = json.loads(sock.recv(timeout=20))
            if pred(frame):
                return dict(frame)

    with connect(ws + table["token"]) as a, connect(ws + seat["token"]) as b:
        socks = [a, b]
        latest = [until(s, lambda f: f["type"] == "state") for s in socks]
        for _ in range(5000):
            if latest[0].get("status") == "over":
                return str(table["id"])
            at = max((f["seq"], f["deal"]) for f in latest)
            for s, f in zip(socks, latest, strict=True):
                if f["legal"] and (f["seq"], f["deal"]) == at:
                    knocks = [m for m in f["legal"] if m.startswith(("knock", "gin"))]
                    s.send(json.dumps({"type": "move", "move": rng.choice(knocks or f["legal"]), "seq": f["seq"]}))
            latest = [until(s, lambda f, at=at: f["type"] == "state" and (f["seq"], f["deal"]) > at)
                      for s in socks]
    raise AssertionError("the match did not end")


def history(server: Server, name: str, game: str = "gin") -> list[dict[str, Any]]:
    q = urllib.parse.quote(name)
    return list(server.get(f"/api/players/{q}/ratings/{game}?lang=en")["history"])


def wait_for_history(server: Server, name: str, n: int) -> list[dict[str, Any]]:
    """The rating update runs after the match's end: wait for the ``n`` entries."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        got = history(server, name)
        if len(got) >= n:
            return got
        time.sleep(0.1)
    raise AssertionError(f"{name}'s rating history did not reach {n} entries")


@pytest.fixture(scope="module")
def players(server: Server) -> dict[str, Any]:
    """Ann (her matches public) and Bo (private) after MATCHES rated gin matches; Cy and Di
    after one."""
    tag = secrets.token_hex(3)
    names = {k: f"{k}{tag}" for k in ("Ann", "Bo", "Cy", "Di")}
    keys = {k: account(server, n) for k, n in names.items()}
    rng = random.Random(7)
    for _ in range(MATCHES):
        play_rated_gin(server, keys["Ann"], keys["Bo"], rng)
    play_rated_gin(server, keys["Cy"], keys["Di"], rng)
    server.request("POST", "/api/account/settings", {"public_name": True}, player=keys["Ann"])
    for k, n in (("Ann", MATCHES), ("Bo", MATCHES), ("Cy", 1)):
        wait_for_history(server, names[k], n)
    return {"names": names, "keys": keys}


def figure_text(f: dict[str, Any]) -> str:
    """A figure as the page writes it in English (Intl.NumberFormat "en")."""
    v = f["value"]
    if f["per"] == "deal":
        text = f"{abs(v):,.1f}"
        if f["key"] == "points" and v != 0:
            return ("+" if v > 0 else "-") + text
        return ("-" if v < 0 else "") + text
    if f["per"] == "share":
        return f"{round(v):,}%"
    return f"{round(v):,}"


def open_page(server: Server, context: Any, name: str) -> tuple[Any, list[str]]:
    """The player's page, every chart brought near the screen and drawn; and the rating
    histories it asked for."""
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/ratings/" in r.url else None)
    page.goto(f"{server.base}/players/{urllib.parse.quote(name)}")
    page.wait_for_selector("body[data-ready]", timeout=15_000)
    for fig in page.query_selector_all("figure.history"):
        fig.scroll_into_view_if_needed()
        page.wait_for_selector(f"figure.history[data-game='{fig.get_attribute('data-game')}']:not([aria-busy])",
                               timeout=10_000)
    page.evaluate("window.scrollTo(0, 0)")
    return page, asked


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_statistics_and_rating_history(server: Server, browser: Any, players: dict[str, Any],
                                       width: int, height: int) -> None:
    ann = players["names"]["Ann"]
    api = server.get(f"/api/players/{urllib.parse.quote(ann)}?lang=en")      # as anyone sees it
    assert api["matches_public"] is True and api["stats"], api
    hist = history(server, ann)
    assert len(hist) == MATCHES

    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.add_init_script(CSP_WATCH)
    page, asked = open_page(server, context, ann)

    # the statistics: a card per game, its matches, each figure in the server's order
    assert page.is_visible("#stats-box")
    cards = page.query_selector_all(".stat-card")
    assert [c.get_attribute("data-game") for c in cards] == list(api["stats"])
    for game, g in api["stats"].items():
        card = page.query_selector(f".stat-card[data-game='{game}']")
        assert card.query_selector(".stat-count").inner_text() == f"{g['matches']} matches"
        rows = card.query_selector_all(".stat-figure")
        assert [r.get_attribute("data-key") for r in rows] == [f["key"] for f in g["figures"]]
        for row, f in zip(rows, g["figures"], strict=True):
            assert row.query_selector("dt").inner_text() == f["label"]
            assert row.query_selector("dd").inner_text() == figure_text(f), f
    gin = {f["key"]: f for f in api["stats"]["gin"]["figures"]}
    assert list(gin)[:3] == ["deals", "points", "won"] and gin["deals"]["value"] == api["stats"]["gin"]["deals"]

    # the rating history: asked for the rated games only, a point per rated match, oldest left
    assert sorted({u.split("/ratings/")[1].split("?")[0] for u in asked}) == sorted(api["ratings"])
    fig = page.query_selector("figure.history[data-game='gin']")
    points = fig.query_selector_all("circle.point")
    assert len(points) == len(hist) == int(fig.get_attribute("data-points"))
    assert [int(p.get_attribute("data-rating")) for p in points] == [h["rating"] for h in reversed(hist)]
    assert len(fig.query_selector_all("circle.point.provisional")) == sum(h["provisional"] for h in hist)
    xs = [float(p.get_attribute("cx")) for p in points]
    assert xs == sorted(xs) and xs[0] < xs[-1]
    assert fig.query_selector("polyline.line") and fig.query_selector("polygon.band")
    # its text alternative names the latest rating (the table's number)
    latest = api["ratings"]["gin"]["rating"]
    assert hist[0]["rating"] == latest
    words = f"Rating {latest:,} after {MATCHES} rated matches; highest {max(h['rating'] for h in hist):,}."
    chart = fig.query_selector("svg[role='img']")
    title = chart.query_selector("title").text_content()
    assert title == words
    assert page.evaluate("(s) => document.getElementById(s.getAttribute('aria-labelledby')).textContent",
                         chart) == words
    assert words in fig.query_selector("figcaption").inner_text()
    assert "1000 + 40 μ" in chart.query_selector("desc").text_content()
    box = chart.bounding_box()
    assert box["width"] <= width and box["height"] >= 150

    # readable on a phone: nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")
    assert page.evaluate("window.__csp") == []
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"profile-{width}.png"), full_page=True)
    context.close()


def test_numbers_and_labels_in_the_page_language(server: Server, browser: Any, players: dict[str, Any]) -> None:
    """In Polish: the server's labels in Polish, a decimal comma, the caption's words."""
    ann = players["names"]["Ann"]
    api = server.get(f"/api/players/{urllib.parse.quote(ann)}?lang=pl")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="pl-PL")
    page = context.new_page()
    page.goto(f"{server.base}/players/{urllib.parse.quote(ann)}?lang=pl")
    page.wait_for_selector("body[data-ready]", timeout=15_000)
    assert page.get_attribute("html", "lang") == "pl"
    assert page.inner_text("#stats-h") == "Statystyki"
    figures = {f["key"]: f for f in api["stats"]["gin"]["figures"]}
    for key, f in figures.items():
        row = page.query_selector(f".stat-card[data-game='gin'] .stat-figure[data-key='{key}']")
        assert row.query_selector("dt").inner_text() == f["label"]
    points = figures["points"]["value"]
    want = ("+" if points > 0 else "-" if points < 0 else "") + f"{abs(points):.1f}".replace(".", ",")
    assert page.inner_text(".stat-figure[data-key='points'] dd") == want
    assert page.inner_text(".stat-figure[data-key='won'] dd") == f"{figures['won']['value']}%"
    page.query_selector("figure.history").scroll_into_view_if_needed()
    page.wait_for_selector("figure.history[data-loaded]", timeout=10_000)
    assert page.inner_text("figure.history .history-summary").startswith("Ranking ")
    context.close()


def test_private_matches_hide_the_statistics_and_one_match_is_a_dot(server: Server, browser: Any,
                                                                     players: dict[str, Any]) -> None:
    names, keys = players["names"], players["keys"]
    bo = names["Bo"]
    assert server.get(f"/api/players/{bo}", player=keys["Ann"])["stats"] == {}
    assert server.get(f"/api/players/{bo}", player=keys["Bo"])["stats"]

    # Ann, signed in, on Bo's page: his ratings and their history, none of his statistics
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    r = context.request.post(f"{server.base}/api/session", data={"name": names["Ann"], "password": PASSWORD})
    assert r.ok, r.text()
    page, _ = open_page(server, context, bo)
    assert page.inner_text("#account-name") == names["Ann"]
    assert page.is_hidden("#stats-box") and not page.query_selector_all(".stat-card")
    assert "Statistics" not in page.inner_text("main")
    assert len(page.query_selector_all("figure.history[data-game='gin'] circle.point")) == MATCHES
    assert page.is_visible("#private-matches")

    # Cy's single rated match: a dot, no line
    page, _ = open_page(server, context, names["Cy"])
    fig = page.query_selector("figure.history[data-game='gin']")
    assert len(fig.query_selector_all("circle.point")) == 1 and not fig.query_selector("polyline")
    rating = server.get(f"/api/players/{names['Cy']}")["ratings"]["gin"]["rating"]
    assert f"Rating {rating:,} after 1 rated match;" in fig.query_selector("svg title").text_content()
    context.close()

    # Bo on his own page sees his statistics
    own = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    r = own.request.post(f"{server.base}/api/session", data={"name": bo, "password": PASSWORD})
    assert r.ok, r.text()
    page, _ = open_page(server, own, bo)
    assert page.is_visible("#stats-box") and page.query_selector(".stat-card[data-game='gin']")
    assert page.inner_text(".stat-card[data-game='gin'] .stat-count") == f"{MATCHES} matches"
    own.close()
