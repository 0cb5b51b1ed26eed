"""What a person's page reads (``layout=1`` connections) cites no spec: a refused move's
reason, the hint's reason and the warnings lose their references ("(rule 17)", "(O7)") and the
refused move is quoted in the page's language, while a plain protocol client keeps the
engine's reason as it is (issue 26, finding 9)."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import Socket, join, new_table


def take_then_discard_it(ws: Any) -> tuple[str, dict[str, Any]]:
    """Take the upcard at seat 1's first turn, then try to discard that card; the refusal."""
    s = Socket(ws)
    f = s.until(lambda x: x["type"] == "state" and bool(x["legal"]))
    for _ in range(3):
        if "take" in f["legal"]:
            break
        s.move("pass", f["seq"])
        f = s.until(lambda x, seq=f["seq"]: x["type"] == "state" and bool(x["legal"]) and x["seq"] > seq)
    assert "take" in f["legal"], f["legal"]
    card = (f["view"].get("discard") or [f["view"]["upcard"]])[-1]
    s.move("take", f["seq"])
    f = s.until(lambda x, seq=f["seq"]: x["type"] == "state" and x["seq"] > seq and bool(x["legal"]))
    move = f"discard {card}"
    assert move not in f["legal"]
    s.move(move, f["seq"])
    return move, s.until(lambda x: x["type"] == "error")


def test_a_refusal_on_the_page_cites_no_rule_and_says_the_move_in_words(server: Any) -> None:
    t = new_table(server, "gin", ["open", "bot:heuristic"], rules={"game_target": 500})
    token = join(server, t["id"], 0)
    with server.websocket_connect(f"/ws/tables/{t['id']}?token={token}&layout=1&lang=th") as ws:
        move, err = take_then_discard_it(ws)
    assert err["move"] == move                               # the move as sent, in the notation
    assert "(กติกาข้อ" not in err["message"] and "rule" not in err["message"]
    assert "ทิ้งไม่ได้" in err["message"]                     # the reason itself, in Thai

    t = new_table(server, "gin", ["open", "bot:heuristic"], rules={"game_target": 500})
    token = join(server, t["id"], 0)
    with server.websocket_connect(f"/ws/tables/{t['id']}?token={token}") as ws:
        _, raw = take_then_discard_it(ws)
    assert "(rule 17)" in raw["message"]                     # a protocol client keeps the citation


def test_hints_and_warnings_on_the_page_cite_no_rule(server: Any) -> None:
    """Over a whole gin deal at a table with hints, no hint reason or warning carries a
    reference that the terminal would strip."""
    from cardtable.parts.refs import strip_refs

    t = new_table(server, "dummy", ["open", "bot:heuristic"])
    token = join(server, t["id"], 0)
    seen = 0
    with server.websocket_connect(f"/ws/tables/{t['id']}?token={token}&layout=1") as ws:
        s = Socket(ws)
        for _ in range(40):
            f = s.until(lambda x: x["type"] == "state" and (bool(x["legal"]) or x["view"]["over"]))
            if f["view"]["over"]:
                break
            texts = [w for w in f["warnings"].values()] + ([f["hint"]["reason"]] if f["hint"] else [])
            for text in texts:
                assert text == strip_refs(text), text
                seen += 1
            s.move((f["hint"] or {}).get("move") or f["legal"][0], f["seq"])
    assert seen > 0
