"""Issue 30, "rules at hand": every rule a score line or an entry field names links to the
section of the game's rules page that explains it (``cardtable.rulelinks``), in the page of
every language; the scorekeeper's answers carry the anchors (``rule_anchors``, a line's
``anchor``), the same from the engine the page's offline worker runs."""

from __future__ import annotations

import html
import io
import json
import re
import subprocess
import sys
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardtable import rulelinks
from cardtable.i18n import LOCALES, PSEUDO, use_language
from cardtable.parts.tally import fields_json
from cardtable.registry import BUILTIN_GAMES, get_game
from cardtable.rulelinks import LINKS, rule_anchor, rule_anchors, rule_section
from cardtable.scoreoffline import answer
from cardtable.scoresheet import Sheet, table_fields
from cardtable.server.offline import build_engine_zip
from cardtable.server.rulespage import rules_page
from tests.core.tally_checks import Stuck, configs, play, tally_of

LANGUAGES = (*LOCALES, PSEUDO)
DEALS = 50
SRC = Path(rulelinks.__file__).resolve().parent
PENALTIES = "Penalties (each 50 points, charged to the player who did it)"


@cache
def page_ids(game_id: str, lang: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """Every id of the game's rendered rules page in ``lang``, and its sections' (``<h2>``) ids
    in order."""
    with use_language(lang):
        page = rules_page(game_id)
    ids = frozenset(html.unescape(i) for i in re.findall(r'\sid="([^"]*)"', page))
    sections = tuple(html.unescape(i) for i in re.findall(r'<h2 id="([^"]*)"', page))
    return ids, sections


def _field_rules(fields: list[dict[str, Any]]) -> set[str]:
    out: set[str] = set()
    for f in fields:
        out |= {f["rule"]} if f.get("rule") else set()
        out |= {c["rule"] for c in f.get("choices", ()) if c.get("rule")}
        out |= _field_rules(f.get("parts", []))
    return out


def _source_rules(game_id: str) -> set[str]:
    """The rule ids the game's code writes out (``"gin:31"``), and gin's referee rulings
    (``"gin:R6"``, written ``f"gin:{rule}"``)."""
    out: set[str] = set()
    for path in (SRC / "games" / game_id).rglob("*.py"):
        out |= set(re.findall(rf'"({game_id}:[A-Za-z]*\d[\w.]*)"', path.read_text(encoding="utf-8")))
    if game_id == "gin":
        from cardtable.games.gin.referee.rulings import USAGE
        out |= {f"gin:{r}" for r in USAGE}
    return out


@cache
def used_rules(game_id: str) -> frozenset[str]:
    """Every rule the game's tally fields and choices name (at every configuration), the score
    items of ~50 deals of random legal moves name (spread over the configurations), and its
    code writes out."""
    game = get_game(game_id)
    tally = tally_of(game_id)
    cfgs = configs(game_id)
    rules: set[str] = set()
    for n, preset, opts in cfgs:
        rules |= _field_rules(fields_json(tally, n, game.make_options(preset, opts)))
    per = max(1, -(-DEALS // len(cfgs)))
    for k, (n, preset, opts) in enumerate(cfgs):
        options = game.make_options(preset, opts)
        for seed in range(per):
            try:
                state = play(game_id, n, options, 1000 * k + seed, None)
            except Stuck:
                continue
            rules |= {it.rule for it in state.score_items()}
    rules |= _source_rules(game_id)
    return frozenset(r for r in rules if r)


def test_the_table_covers_every_game_and_names_real_headings() -> None:
    assert set(LINKS) == set(BUILTIN_GAMES)
    assert rulelinks.check() == []


@pytest.mark.parametrize("game_id", BUILTIN_GAMES)
def test_every_rule_used_links_to_its_section_in_every_language(game_id: str) -> None:
    rules = used_rules(game_id)
    assert rules and all(r.startswith(f"{game_id}:") for r in rules), rules
    unplaced = sorted(r for r in rules if rule_section(game_id, r) is None)
    assert unplaced == [], f"{game_id}: no section explains {unplaced}"
    english = page_ids(game_id, "en")[1]
    for lang in LANGUAGES:
        ids, sections = page_ids(game_id, lang)
        assert len(sections) == len(english), (game_id, lang)
        for rule in sorted(rules):
            anchor = rule_anchor(game_id, rule, lang)
            assert anchor in ids, (game_id, lang, rule, anchor)
            # the same section as in English: the heading at the English heading's place
            assert sections.index(anchor) == english.index(rule_anchor(game_id, rule, "en")), (lang, rule)
            with use_language(lang):
                assert rule_anchor(game_id, rule) == anchor          # the current language by default


@pytest.mark.parametrize(("rule", "heading"), [
    ("dummy:O9", PENALTIES), ("dummy:O3", PENALTIES), ("dummy:P1", PENALTIES),
    ("dummy:O1", "Knocking"), ("dummy:O2", "Knocking"), ("dummy:B20", "Knocking"), ("dummy:B23", "Knocking"),
    ("dummy:O5", "Card values"), ("dummy:B26", "Card values"), ("dummy:S3", "Scoring a hand"),
    ("dummy:S8", "Variants and options"),
    ("gin:31", "Scoring a hand"), ("gin:30", "Scoring a hand"), ("gin:32", "Scoring a hand"),
    ("gin:19", "Knocking, gin and laying off"), ("gin:25", "Knocking, gin and laying off"),
    ("gin:35", "End of a hand without a knock"), ("gin:38", "End of the match"), ("gin:39", "End of the match"),
    ("gin:42", "Variants and options"), ("gin:R6", "Variants and options"), ("gin:R10", "Variants and options"),
    ("remik:31", "Scoring a deal"), ("remik:20", "Opening"),
    ("shisanzhang:1.5", "Special hands (报到)"), ("shisanzhang:1.2", "The turn: arranging the rows"),
    ("shisanzhang:1.4", "Showdown and scoring"),
    ("zhuoheia:2.4", "End of the hand and scoring"), ("zhuoheia:2.3", "Tribute (from the second hand on)"),
    ("zhuoheia:2.1", "Sides"), ("bieqi:4.4", "Borrowing and lending (借牌)"), ("bieqi:4.7", "Variants and options"),
    ("sibaifen:3.5", "Bidding (叫牌)"), ("sibaifen:3.7", "Scoring a hand"),
    ("wushiyifen:5.6", "End of the deal and the match"), ("yijiang:9.2", "Deal"),
    ("zuihoushengli:7.6", "End of the deal and scoring"), ("biefufen:8.5", "Variants and options"),
    ("jianshisifen:6.4", "End of the deal and scoring"),
])
def test_spot_checks(rule: str, heading: str) -> None:
    assert rule_section(rule.split(":")[0], rule) == heading


def test_the_anchor_is_the_translated_pages() -> None:
    assert rule_anchor("dummy", "dummy:O9", "en") == "penalties-each-50-points-charged-to-the-player-who-did-it"
    assert rule_anchor("dummy", "dummy:O9", "pl") == "kary-po-50-punktów-dla-gracza-który-to-zrobił"
    assert rule_anchor("dummy", "dummy:O9", "zh_Hant") == "罰分-每次-50-分-由犯規的人承擔"
    assert rule_anchor("gin", "gin:31", "en") == "scoring-a-hand"
    assert rule_anchor("gin", "gin:31", "pl") == "liczenie-punktów-za-rozdanie"
    assert rule_anchor("gin", "31", "en") == "scoring-a-hand"                  # the game's prefix may be left out
    assert rule_anchor("shisanzhang", "shisanzhang:1.5", "zh_Hant") == "特殊牌型-報到"
    # a language tag is read as the page's language; an unknown one gets the English page
    assert rule_anchor("gin", "gin:31", "pl-PL") == "liczenie-punktów-za-rozdanie"
    assert rule_anchor("gin", "gin:31", "xx") == "scoring-a-hand"


def test_an_unknown_rule_has_no_anchor() -> None:
    for game_id, rule in [("gin", "gin:99"), ("gin", "gin:X1"), ("dummy", "dummy:Z1"), ("dummy", "gin:31"),
                          ("gin", ""), ("gin", "gin:"), ("chess", "chess:1")]:
        assert rule_anchor(game_id, rule, "en") is None, rule
        assert rule_section(game_id, rule) is None, rule
    # an exact id wins over a range and a prefix; a range needs the same letters
    assert rule_section("dummy", "dummy:O5") == "Card values" and rule_section("dummy", "dummy:O7") == PENALTIES
    assert rule_section("dummy", "dummy:B19") == "Knocking" and rule_section("dummy", "dummy:19") is None
    assert rule_anchors("gin", ["gin:31", "gin:31", "gin:99", ""], "en") == {"gin:31": "scoring-a-hand",
                                                                          "gin:99": None}


def _gin_sheet(**rules: Any) -> dict[str, Any]:
    hands = [["A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠"],
             ["K♥", "K♦", "K♣", "Q♥", "Q♦", "Q♣", "J♥", "J♦", "9♥", "8♦"]]
    return {"format": "cardtable-sheet", "version": 1, "game": "gin", "players": 2, "names": ["Ann", "Bo"],
            "preset": None, "rules": rules, "title": "", "entries": [{"knocker": 0, "hands": hands}]}


@pytest.mark.parametrize("lang", ["en", "th", "pl"])
def test_the_scorekeepers_answers_carry_the_anchors(lang: str) -> None:
    with use_language(lang):
        got = table_fields("dummy", 3)
        named = _field_rules(got["fields"])
        assert named >= {"dummy:O9", "dummy:B18", "dummy:P1"}
        assert got["rule_anchors"] == {r: rule_anchor("dummy", r, lang) for r in named}
        assert got["rule_anchors"]["dummy:O9"] == rule_anchor("dummy", "dummy:O9", lang) is not None
        result = Sheet.from_json(_gin_sheet(game_target=10)).result()
    lines = [line for seat in result["deals"][0]["lines"] + result["end"]["lines"] for line in seat]
    assert {line["rule"] for line in lines} >= {"gin:30", "gin:38"}
    for line in lines:
        assert set(line) >= {"text", "points", "rule"}
        if line["rule"]:
            assert line["anchor"] == rule_anchor("gin", line["rule"], lang) is not None
        else:
            assert "anchor" not in line


def test_the_offline_engine_gives_the_same_anchors(tmp_path: Path) -> None:
    """The engine's zip the page's worker runs holds the how-to pages: its answers, run by a
    Python without site-packages, are the server's, anchors included."""
    zipfile.ZipFile(io.BytesIO(build_engine_zip())).extractall(tmp_path)
    bodies = [("fields", {"game": "dummy", "players": 3}), ("sheet", {"sheet": _gin_sheet(game_target=10)})]
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]);"
            "from cardtable.scoreoffline import answer_json;"
            "[print(answer_json(k, json.dumps(b), 'th')) for k, b in json.loads(sys.argv[2])]")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path), json.dumps(bodies)],
                         capture_output=True, text=True, timeout=120, check=True).stdout.splitlines()
    offline = [json.loads(line) for line in out]
    online = [dict(zip(("status", "body"), answer(kind, body, "th"), strict=True)) for kind, body in bodies]
    assert offline == online
    assert offline[0]["body"]["rule_anchors"]["dummy:O9"] == rule_anchor("dummy", "dummy:O9", "th")
    assert offline[1]["body"]["deals"][0]["lines"][0][0]["anchor"]
