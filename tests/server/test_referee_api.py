"""Issue 30 on the server: the gin referee's stateless API, ``POST /api/referee/gin``.

The recorded physical deal of docs/games/gin-referee.md ("At a real table", typed as at
``cardtable referee gin --physical``, seats from 1) replayed through the API gives the doc's
ruling (R8, seat 2) and score (seat 1 +33: ``gin:30``, deadwood 8 + gin bonus 25) — the same
as the terminal, whose code it runs; a bad line is refused naming it (from 1) and the answer
for the lines before it is unchanged; what a person reads counts seats from 1; the words
follow ``Accept-Language`` (Polish, Thai)."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.testclient import TestClient

from cardtable import i18n
from cardtable.cards import card_str
from tests.games.gin_referee.test_physical import OPPONENT, RECORDER, TYPED

URL = "/api/referee/gin"
SEAT_0 = re.compile(r"\b(?:[Ss]eat|Seat) 0\b")


def post(server: TestClient, lines: list[str], dealer: int = 1, lang: str | None = None, **more: Any) -> Any:
    headers = {"Accept-Language": lang} if lang else {}
    return server.post(URL, json={"dealer": dealer, "lines": lines, **more}, headers=headers)


def texts(value: Any) -> list[str]:
    """Every string of an answer a person reads (not the typed lines, not the felt's ids)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in texts(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in ("line", "form", "felt", "id") for s in texts(v)]
    return []


def test_the_docs_physical_deal_rules_and_scores_as_the_doc_says(server: TestClient) -> None:
    # the doc's deal, as the doc writes it (the test of the terminal types the same lines)
    assert TYPED[0] == "upcard 10♣" and TYPED[1] == f"hand 1 {RECORDER}" and TYPED[10] == "2: report R8 K♥ hand"
    assert TYPED[14] == f"show 2 {OPPONENT}" and TYPED[-1] == "gin 5♠"
    r = post(server, TYPED)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["over"] is True and got["to_move"] is None and got["lines"] == len(TYPED)
    # the ruling: R8, K♥ shown from seat 2's hand; no knock for him that turn
    [ruling] = got["rulings"]
    assert ruling["rule"] == "R8" and ruling["name"] == "exposed card" and ruling["law"] == "gin.md A.14 R8"
    assert ruling["text"] == ("R8: K♥ was shown from seat 2's hand. No penalty, but since seat 1 knows the card, "
                              "seat 2 may not knock this turn.")
    assert "may not knock this turn" in ruling["remedy"]
    # the score: seat 1 +33 (gin:30, the defender's deadwood 8 + the gin bonus 25), the 0-point
    # ruling item gin:R8 for seat 2
    score = got["score"]
    assert score["totals"] == [33, 0] and score["winners"] == [1] and score["missing"] == []
    items = [(it["seat"], it["points"], it["rule"]) for it in score["items"]]
    assert items == [(2, 0, "gin:R8"), (1, 33, "gin:30")]
    gin = score["items"][1]
    assert gin["text"].startswith("Gin: defender's deadwood 8 + gin bonus 25") and "8♥" in gin["text"]
    assert gin["running"] == [33, 0] and score["items"][0]["text"] == ruling["text"]
    assert [s["sum"] for s in score["seats"]] == ["33", "0"]
    # the table: both hands spread, every card known, seat 2 dealt
    table = got["table"]
    assert table["dealer"] == 2 and [s["unknown"] for s in table["seats"]] == [0, 0]
    assert sorted(table["seats"][1]["known"]) == sorted([*OPPONENT.split(), "K♥"])
    assert table["knock"]["seat"] == 1 and table["knock"]["gin"] is True
    assert table["pile"] == ["10♣", "Q♦", "7♣", "9♠", "2♦"] and table["stock"] == 26
    assert got["choices"] == [] and [law["rule"] for law in got["laws"]] == [f"R{n}" for n in range(1, 14)]


def test_each_step_shows_the_seatless_table(server: TestClient) -> None:
    got = post(server, TYPED[:13]).json()          # seat 2 discarded 2♦; seat 1 to draw
    seats = got["table"]["seats"]
    assert seats[0]["known"] and seats[0]["unknown"] == 0
    assert seats[1]["known"] == ["K♥"] and seats[1]["unknown"] == 9
    assert got["table"]["pile"][-1] == "2♦" and got["table"]["stock"] == 27
    assert got["to_move"] == {"seat": 1, "phase": "draw", "chooses": False}
    lines = [c["line"] for c in got["choices"]]
    assert {"draw", "take", "show 2"} <= set(lines)
    assert any(c["kind"] == "name" and c["verb"] == "draw" for c in got["choices"])
    # nothing unknown shows: no card but those entered (the felt's picture too)
    entered = {c for line in TYPED[:13] for c in re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", line)}
    shown = {s for s in texts(got) + texts(got["table"]["felt"]) if s in {card_str(c) for c in range(52)}}
    assert shown <= entered, shown - entered
    # the felt draws seat 2's unknown cards as backs, his K♥ face up
    pic = got["table"]["felt"]["picture"]
    assert pic["seats"][1]["backs"] == 9 and pic["seats"][1]["known"] == ["K♥"]
    # the bar of R8 shows while it lasts
    notes = post(server, TYPED[:11]).json()["notes"]
    assert notes == ["seat 2's opponent knows his K♥: no knock this turn (R8)"]
    # the first step: only the upcard and the hands can be entered
    first = post(server, []).json()
    assert [c["line"] for c in first["choices"]] == ["upcard", "hand 1", "hand 2"]
    assert first["table"]["seats"][0]["unknown"] == 10 and first["rulings"] == []


def test_a_bad_line_is_refused_naming_it_and_nothing_changes(server: TestClient) -> None:
    before = post(server, TYPED[:5]).json()
    for bad, words in [("draw A♠", "A♠ was entered in seat 1's hand, not on top of the stock"),
                       ("3: report R5", "there is no seat 3: seats are counted from 1, so they are 1 and 2"),
                       ("show 0 7♦", "there is no seat 0"),
                       ("discard 7♣", "7♣"),
                       ("bogus", "unknown move 'bogus'")]:
        r = post(server, [*TYPED[:5], bad])
        assert r.status_code == 400, (bad, r.text)
        body = r.json()
        assert body["line"] == 6 and words in body["error"], (bad, body)
        assert set(body) == {"error", "line"}
        # the session without the bad line is as it was
        assert post(server, TYPED[:5]).json() == before
    # a bad line in the middle is named; the knock waits for the defender's spread
    r = post(server, [*TYPED[:14], "gin 5♠"])
    assert r.status_code == 400 and r.json()["line"] == 15
    assert r.json()["error"].endswith("seat 2's hand has 9 card(s) not entered yet: enter them first with "
                                      "'show 2 <cards>'")
    r = post(server, [*TYPED[:2], "discard A♠", *TYPED[2:]])      # the upcard is not answered yet
    assert r.status_code == 400 and r.json()["line"] == 3 and "cannot discard now" in r.json()["error"]
    # a bad request names what is wrong
    for body, words in [({"dealer": 2, "lines": []}, "dealer"), ({"dealer": 1, "lines": "draw"}, "lines"),
                        ({"dealer": 1, "lines": [], "rules": {"knock_limit": "x"}}, "knock_limit"),
                        ({"dealer": 1, "lines": [], "rules": {"force_gin": True}}, "physical mode")]:
        r = server.post(URL, json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    assert server.post("/api/referee/remik", json={"dealer": 0, "lines": []}).status_code == 404


def test_an_illegal_knock_waits_for_the_defender_then_r9(server: TestClient) -> None:
    """A knock over the limit at a real table (tests/games/gin_referee/test_physical.py's
    R9 deal, typed from 1): the knock window offers the defender "accept", R9 voids it."""
    lines = ["upcard 10♣", "hand 1 A♠ 2♠ 3♠ 4♥ 5♥ 6♥ J♣ Q♦ K♥ 9♠", "pass", "pass", "draw K♦",
             "knock K♦ [A♠ 2♠ 3♠] [4♥ 5♥ 6♥]"]
    got = post(server, lines).json()
    assert got["to_move"]["seat"] == 2 and got["table"]["knock"]["open"] is True
    assert got["table"]["knock"]["seat"] == 1 and got["table"]["knock"]["deadwood_points"] == 39
    assert {"kind": "answer", "line": "accept", "seat": 2, "verb": "accept", "cards": []} in got["choices"]
    assert {c["line"] for c in got["choices"] if c["kind"] == "report"} >= {"2: report R9", "2: report R10"}
    assert got["notes"] == ["Seat 1 knocked with 39 deadwood and 10 cards (the limit is 10): the defender "
                            "accepts the knock or reports it."]
    got = post(server, [*lines, "2: report R9"]).json()
    [r9] = got["rulings"]
    assert r9["rule"] == "R9" and r9["law"] == "gin.md A.14 R9" and "The knock is void" in r9["text"]
    assert "seat 1's cards stay face up until seat 2 has finished his next turn" in r9["text"]
    assert got["notes"] == ["Seat 1 plays with his hand face up."] and got["table"]["knock"] is None
    assert got["to_move"] == {"seat": 2, "phase": "draw", "chooses": False} and got["score"]["totals"] == [0, 0]
    assert got["score"]["items"][0]["text"] == r9["text"] and not got["over"]


def test_seats_count_from_1_in_everything_a_person_reads(server: TestClient) -> None:
    for n in range(len(TYPED) + 1):
        got = post(server, TYPED[:n]).json()
        said = [s for s in texts({k: v for k, v in got.items() if k != "laws"}) if not s.startswith("gin.md")]
        assert not [s for s in said if SEAT_0.search(s)], (n, [s for s in said if SEAT_0.search(s)])
        for c in got["choices"]:
            assert c["seat"] in (None, 1, 2), c
        assert "?" not in json.dumps(got["table"], ensure_ascii=False)     # nothing unknown drawn
    # the ruling's chooser is counted from 1 too (R2 on a deal with a wrong count is not
    # possible with real cards; the seats of the R8 ruling are checked above)
    got = post(server, TYPED[:11]).json()
    assert "seat 2's hand" in got["rulings"][0]["text"] and "seat 1 knows" in got["rulings"][0]["text"]
    # dealer 0: seat 1 deals, seat 2 answers the upcard first
    got = post(server, ["upcard 10♣"], dealer=0).json()
    assert got["table"]["dealer"] == 1 and got["to_move"]["seat"] == 2


def test_polish_and_thai_words(server: TestClient) -> None:
    for lang in ("pl", "th"):
        with i18n.use_language(lang):
            want_ruling = i18n._("R8: {card} was shown from seat {seat}'s hand. No penalty, but since seat {other} "
                                 "knows the card, seat {seat} may not knock this turn.", card="K♥", seat=2, other=1)
            want_refusal = i18n._("there is no seat {seat}: seats are counted from 1, so they are 1 and 2", seat=3)
            want_name = i18n._("exposed card")
        assert want_refusal != "there is no seat 3: seats are counted from 1, so they are 1 and 2"
        got = post(server, TYPED, lang=lang).json()
        assert got["rulings"][0]["text"] == want_ruling
        assert not want_ruling.startswith("R8: K♥ was shown")         # said in the language, not English
        assert got["rulings"][0]["name"] == want_name
        assert got["score"]["items"][0]["text"] == want_ruling
        bad = post(server, [*TYPED[:5], "3: report R5"], lang=lang)
        assert bad.status_code == 400 and bad.json() == {"error": want_refusal, "line": 6}
    pl = post(server, TYPED, lang="pl").json()
    assert "miejsca 2" in pl["rulings"][0]["text"]
    th = post(server, TYPED, lang="th").json()
    assert "ที่นั่ง 2" in th["rulings"][0]["text"]


def test_the_page_is_served(server: TestClient) -> None:
    for path in ("/referee", "/referee/gin", "/referee?lang=pl"):
        r = server.get(path)
        assert r.status_code == 200 and 'src="/static/referee.js"' in r.text, path
        assert 'id="cardtable-i18n"' in r.text and 'rel="modulepreload" href="/static/felt/felt.js"' in r.text
    assert '<html lang="pl"' in server.get("/referee?lang=pl").text
