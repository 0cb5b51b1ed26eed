"""Each request and connection in its own language (server/lang.py, docs/server.md "Languages").

Expected texts come from the catalogs (``i18n.translator``), and are checked to differ from
the English and to be written in the language's script, so a missing translation fails.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardtable import i18n
from cardtable.server import frames
from tests.server.helpers import Socket, connect, join, new_table
from tests.server.test_real_socket import live_url  # noqa: F401  (pytest fixture)

THAI = re.compile(r"[\u0e00-\u0e7f]")
HAN = re.compile(r"[\u4e00-\u9fff]")
SCRIPT = {"th": THAI, "zh_Hans": HAN, "zh_Hant": HAN}


def said(loc: str, msgid: str, **params: Any) -> str:
    """``msgid`` as the catalog of ``loc`` says it (and it must say it in its own words)."""
    with i18n.use_language(loc):
        text = i18n._(msgid, **params)
    if loc in SCRIPT:
        assert SCRIPT[loc].search(text) and text != msgid.format(**params), (loc, msgid)
    return text


def html_lang(page: str) -> str:
    m = re.search(r'<html lang="([^"]+)"', page)
    assert m, "the page has an <html lang>"
    return m.group(1)


@pytest.mark.parametrize(("header", "loc"), [
    ("zh-TW,zh;q=0.9", "zh_Hant"), ("zh-SG", "zh_Hans"), ("zh-HK", "zh_Hant"), ("th-TH", "th"),
    ("de-DE,fr;q=0.5", "en"), ("ru-RU;q=0.3, pl;q=0.8", "pl"), (None, "en")])
def test_the_lobby_speaks_the_accept_language(server: Any, header: str | None, loc: str) -> None:
    r = server.get("/", headers={"Accept-Language": header} if header else {})
    assert r.status_code == 200
    assert html_lang(r.text) == loc.replace("_", "-")
    assert r.headers["content-language"] == loc.replace("_", "-")
    lobby = said(loc, "Lobby")
    assert f">{lobby}</h1>" in r.text
    assert f'"locale": "{loc}"' in r.text          # the scripts' catalog, inlined


def test_lang_in_the_url_wins_over_the_header(server: Any) -> None:
    r = server.get("/?lang=zh_Hans", headers={"Accept-Language": "th-TH"})
    assert html_lang(r.text) == "zh-Hans" and said("zh_Hans", "New table") in r.text
    r = server.get("/?lang=th-TH")               # any tag normalize() knows
    assert html_lang(r.text) == "th"


@pytest.mark.parametrize("path", ["/?lang=de", "/api/games?lang=xx", "/rules/gin?lang=klingon",
                                  "/api/tables?lang="])
def test_an_unknown_lang_is_a_400_naming_it_and_the_six(server: Any, path: str) -> None:
    r = server.get(path)
    assert r.status_code == 400
    error = r.json()["error"]
    asked = path.split("lang=")[1]
    assert repr(asked) in error
    assert all(loc in error for loc in i18n.LOCALES)


def test_an_unknown_lang_changes_nothing(server: Any) -> None:
    before = server.get("/api/tables").json()
    r = server.post("/api/tables?lang=xx", json={"game": "gin", "seats": ["open", "open"]})
    assert r.status_code == 400
    assert server.get("/api/tables").json() == before
    # the refusal is in the language of the Accept-Language header
    r = server.get("/api/games?lang=xx", headers={"Accept-Language": "ru"})
    assert r.status_code == 400 and re.search("[а-я]", r.json()["error"])


def test_api_errors_in_the_requests_language(server: Any) -> None:
    for loc in ("th", "zh_Hans"):
        r = server.get(f"/api/tables/doesnotexist?lang={loc}")
        assert r.status_code == 404
        assert r.json()["error"] == said(loc, "no table {table}", table="'doesnotexist'")
    r = server.get("/api/tables/doesnotexist")                 # the contract's English
    assert r.json()["error"] == "no table 'doesnotexist'"
    r = server.post("/api/tables?lang=pl", json={"game": "gin", "seats": []})
    assert r.status_code == 400 and r.json()["error"] != server.post(
        "/api/tables", json={"game": "gin", "seats": []}).json()["error"]


def test_games_keep_their_data_and_add_a_title(server: Any) -> None:
    en = server.get("/api/games").json()
    th = server.get("/api/games?lang=th").json()

    def data(g: dict[str, Any]) -> dict[str, Any]:
        """Everything but the words (the title, labels and descriptions of version 2)."""
        out = {k: v for k, v in g.items() if k != "title"}
        out["bot_choices"] = [{k: v for k, v in b.items() if k not in ("label", "description")}
                              for b in g["bot_choices"]]
        out["preset_choices"] = [p["name"] for p in g["preset_choices"]]
        out["options"] = [{k: v for k, v in o.items() if k != "description"} for o in g["options"]]
        return out

    assert [data(g) for g in th] == [data(g) for g in en]
    assert all(g["title"] for g in th)
    gin_th = next(g for g in th if g["id"] == "gin")
    hard = next(b for b in gin_th["bot_choices"] if b["name"] == "hard")
    assert THAI.search(hard["label"]) and THAI.search(hard["description"])
    assert THAI.search(next(o for o in gin_th["options"] if o["key"] == "game_target")["description"])


def test_the_page_catalog_has_plural_forms_and_rules(server: Any) -> None:
    pl = server.get("/api/i18n/pl").json()
    forms = pl["plurals"]["{n} second left\0{n} seconds left"]
    assert len(forms) == 3 and len(set(forms)) == 3 and pl["nplurals"] == 3
    th = server.get("/api/i18n/th").json()
    assert th["nplurals"] == 1 and len(th["plurals"]["{n} second left\0{n} seconds left"]) == 1
    assert th["messages"]["Language"] == said("th", "Language")
    assert server.get("/api/i18n/pseudo").json()["messages"]["Language"].startswith("⟦")
    assert server.get("/api/i18n/xx").status_code == 404


def test_rules_page_in_the_requests_language(server: Any) -> None:
    import html

    from cardtable.registry import get_game
    from cardtable.server.lang import game_name

    game = get_game("dummy")
    with i18n.use_language("th"):
        name = game_name(game)
    r = server.get("/rules/dummy?lang=th")
    assert r.status_code == 200 and html_lang(r.text) == "th"
    title = said("th", "{game} ({native_name}) — how to play", game=name,
                 native_name=game.native_name)
    assert f"<h1>{html.escape(title)}</h1>" in r.text
    assert 'id="cardtable-i18n"' in r.text and "/static/i18n.js" in r.text     # the menu


# --- WebSocket ----------------------------------------------------------------------------

def ws(server: Any, tid: str, token: str | None = None, query: str = "") -> Any:
    q = "&".join(p for p in (f"token={token}" if token else "", query) if p)
    return server.websocket_connect(f"/ws/tables/{tid}" + (f"?{q}" if q else ""))


def test_refusals_in_each_connections_language(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"])
    tok = join(server, t["id"], 0)
    with ws(server, t["id"], tok, "lang=th") as a, ws(server, t["id"], tok, "lang=zh_Hans") as b, \
            ws(server, t["id"], tok) as c:
        socks = [Socket(a), Socket(b), Socket(c)]
        for s in socks:
            assert s.recv()["type"] == "state"
            s.move("take", 0)
        errs = [s.until(lambda x: x["type"] == "error")["message"] for s in socks]
        msg = "the table is waiting for players; play starts when every seat is taken"
        assert errs == [said("th", msg), said("zh_Hans", msg), msg]


def test_layout_texts_are_built_in_each_connections_language(server: Any,
                                                             monkeypatch: Any) -> None:
    """Two connections of one seat, Thai and English: the extras of each are built in its
    language; the data (view, legal, seq) is the same."""
    real = frames.table_layout

    def spy(*args: Any, **kw: Any) -> Any:
        out = dict(real(*args, **kw))
        out["spoken"] = i18n.current_language()
        out["sample"] = i18n._("the match is over")
        return out

    monkeypatch.setattr(frames, "table_layout", spy)
    t = new_table(server, "dummy", ["open", "bot:random"])
    tok = join(server, t["id"], 0)
    with ws(server, t["id"], tok, "layout=1&lang=th") as a, \
            ws(server, t["id"], tok, "layout=1") as b, ws(server, t["id"], tok, "lang=th") as c:
        fa, fb, fc = Socket(a).recv(), Socket(b).recv(), Socket(c).recv()
        assert fa["layout"]["spoken"] == "th" and fb["layout"]["spoken"] == "en"
        assert fa["layout"]["sample"] == said("th", "the match is over")
        assert fb["layout"]["sample"] == "the match is over"
        for key in ("seq", "seat", "status", "deal", "totals", "view", "legal", "deadline"):
            assert fa[key] == fb[key] == fc[key], key
        assert "layout" not in fc               # the bare contract without layout=1


def test_later_frames_keep_each_connections_language(server: Any, monkeypatch: Any) -> None:
    """A move made through the English connection: the Thai one's next frame is Thai."""
    real = frames.table_layout
    monkeypatch.setattr(frames, "table_layout",
                        lambda *a, **k: {**real(*a, **k), "spoken": i18n.current_language()})
    t = new_table(server, "gin", ["open", "open"])
    toks = [join(server, t["id"], 0), join(server, t["id"], 1, "bob")]
    with ws(server, t["id"], toks[0], "layout=1&lang=zh_Hans") as a, \
            ws(server, t["id"], toks[1], "layout=1") as b:
        sa, sb = Socket(a), Socket(b)
        f = sa.recv()
        g = sb.recv()
        mover, legal = (sa, f["legal"]) if f["legal"] else (sb, g["legal"])
        mover.move(legal[0], f["seq"])
        fa = sa.until(lambda x: x["type"] == "state" and x["seq"] == 1)
        fb = sb.until(lambda x: x["type"] == "state" and x["seq"] == 1)
        assert fa["layout"]["spoken"] == "zh_Hans" and fb["layout"]["spoken"] == "en"


def test_an_unknown_lang_on_the_socket_is_an_error_frame_and_a_close(server: Any) -> None:
    from starlette.websockets import WebSocketDisconnect

    t = new_table(server, "gin", ["open", "open"])
    tok = join(server, t["id"], 0)
    with ws(server, t["id"], None, "layout=1") as watcher:
        w = Socket(watcher)
        w.recv()
        w.sync()
        with ws(server, t["id"], tok, "lang=xx") as bad:
            err = bad.receive_json()
            assert err["type"] == "error" and err["move"] is None
            assert "'xx'" in err["message"] and all(loc in err["message"] for loc in i18n.LOCALES)
            with pytest.raises(WebSocketDisconnect) as closed:
                bad.receive_json()
            assert closed.value.code == 1008
        # nothing happened at the table: no presence change, no state
        assert w.sync() == []


def test_without_lang_the_socket_speaks_the_contract_exactly(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"])
    with connect(server, t["id"]) as c:
        s = Socket(c)
        f = s.recv()
        assert set(f) >= {"type", "seq", "seat", "status", "deal", "totals", "view", "legal",
                          "deadline", "seats", "finished"}           # "finished": version 2
        assert not {"layout", "hint", "warnings", "score"} & set(f)
        s.move("take", 0)
        err = s.until(lambda x: x["type"] == "error")
        assert err == {"type": "error", "move": "take",
                       "message": "spectators cannot move; join a seat to play"}


def test_chat_refusals_in_the_connections_language(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"])
    with ws(server, t["id"], None, "layout=1&lang=ru") as c:
        s = Socket(c)
        s.recv()
        s.send({"type": "chat", "text": ""})
        err = s.until(lambda x: x["type"] == "error")
        assert err["message"] == said("ru", "a chat message needs 'text': 1 to {max} characters",
                                      max=300)
        assert re.search("[а-я]", err["message"])


def test_an_illegal_moves_reason_is_translated(server: Any) -> None:
    t = new_table(server, "gin", ["open", "open"])
    toks = [join(server, t["id"], 0), join(server, t["id"], 1, "bob")]
    got = {}
    for loc in ("th", "zh_Hans", "en"):
        q = "" if loc == "en" else f"lang={loc}"
        with ws(server, t["id"], toks[0], q) as a:
            s = Socket(a)
            f = s.recv()
            s.move("discard 99♠", f["seq"])
            got[loc] = s.until(lambda x: x["type"] == "error")["message"]
    assert THAI.search(got["th"]) and HAN.search(got["zh_Hans"]) and not HAN.search(got["en"])


def test_languages_over_a_real_socket(live_url: str) -> None:  # noqa: F811 - the fixture
    """uvicorn and a ``websockets`` client: Thai, Chinese and English connections at one
    table each get their refusals in their own language; HTTP answers too."""
    import asyncio
    import json

    import httpx
    import websockets

    t = httpx.post(live_url + "/api/tables", json={"game": "dummy", "seats": ["open", "open"],
                                                   "bot_delay_ms": 0}).json()
    ann = httpx.post(f"{live_url}/api/players", json={"name": "ann"}).json()
    r = httpx.post(f"{live_url}/api/tables/{t['id']}/seats/0?lang=zh_Hans", json={"name": ""},
                   headers={"X-Player": ann["secret"]})
    assert r.status_code == 400
    assert r.json()["error"] == said("zh_Hans", "give your 'name' (1 to 40 characters)")
    r = httpx.get(live_url + "/", headers={"Accept-Language": "th-TH,en;q=0.5"})
    assert html_lang(r.text) == "th" and said("th", "Create table") in r.text
    base = live_url.replace("http", "ws") + f"/ws/tables/{t['id']}"

    async def refusal(query: str) -> str:
        async with websockets.connect(base + query) as sock:
            first = json.loads(await asyncio.wait_for(sock.recv(), 20))
            assert first["type"] == "state"
            await sock.send(json.dumps({"type": "move", "move": "draw", "seq": 0}))
            while True:
                f = json.loads(await asyncio.wait_for(sock.recv(), 20))
                if f["type"] == "error":
                    return str(f["message"])

    async def bad_lang() -> tuple[dict[str, Any], int | None]:
        async with websockets.connect(base + "?lang=xx") as sock:
            frame = json.loads(await asyncio.wait_for(sock.recv(), 20))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(sock.recv(), 20)
            return frame, closed.value.rcvd.code if closed.value.rcvd else None

    async def main() -> None:
        got = await asyncio.gather(refusal("?lang=th"), refusal("?lang=zh_Hans&layout=1"),
                                   refusal(""))
        msg = "spectators cannot move; join a seat to play"
        assert list(got) == [said("th", msg), said("zh_Hans", msg), msg]
        frame, code = await bad_lang()
        assert frame["type"] == "error" and frame["move"] is None and code == 1008

    asyncio.run(main())
