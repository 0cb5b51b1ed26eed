"""The how-to-play texts (cardtable.help): shipped in every game package, the same text that
begins each docs page, with a glossary and (where points matter) card values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable import help as ct_help
from cardtable.errors import UnknownGame
from cardtable.registry import BUILTIN_GAMES, get_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
GAMES = sorted(BUILTIN_GAMES)
#: games where a card's points decide the score (issue 9 item 1)
POINT_GAMES = ("sibaifen", "jianshisifen", "biefufen", "remik", "dummy", "gin", "wushiyifen")


@pytest.mark.parametrize("gid", GAMES)
def test_docs_page_begins_with_the_packaged_howto(gid: str) -> None:
    page = (DOCS / f"{gid}.md").read_text(encoding="utf-8")
    start = ct_help.docs_page_start(gid)
    assert page.startswith(start), (
        f"docs/games/{gid}.md does not begin with src/cardtable/games/{gid}/howto.md: "
        "run `python -m cardtable.help sync docs/games`")


@pytest.mark.parametrize("gid", GAMES)
def test_howto_is_complete(gid: str) -> None:
    assert ct_help.has_rules_text(gid)
    text = ct_help.rules_text(gid)
    g = get_game(gid)
    first = text.splitlines()[0]
    assert first.startswith("# ") and g.name in first and g.native_name in first
    headings = [h.lower() for h in re.findall(r"^## (.+)$", text, re.M)]
    for needed in ("deal", "turn", "scor", "end", "variant", "glossary"):
        assert any(needed in h for h in headings), f"{gid}: no section about {needed!r}: {headings}"
    # every option key named in the text is a real option of the game
    keys = {i.key for i in g.options_class.describe()}
    for key in re.findall(r"`([a-z][a-z0-9_]+)=", text):
        assert key in keys, f"{gid}: howto names unknown option {key!r}"
    for preset in re.findall(r"`--preset ([a-z0-9_-]+)`", text):
        assert preset in g.presets, f"{gid}: howto names unknown preset {preset!r}"
    short = ct_help.rules_text(gid, with_glossary=False)
    assert "## Glossary" not in short and len(short) < len(text)


@pytest.mark.parametrize("gid", GAMES)
def test_glossary_has_native_words(gid: str) -> None:
    rows = ct_help.glossary(gid)
    assert len(rows) >= 4, gid
    for term, native, meaning in rows:
        assert term and native and meaning, (gid, term)
    # the table rows are the glossary: the section's table lines match the parsed rows
    body = ct_help.rules_text(gid).split("## Glossary", 1)[1]
    table_lines = [ln for ln in body.splitlines() if ln.startswith("|")]
    assert len(table_lines) == len(rows) + 2


@pytest.mark.parametrize("gid", POINT_GAMES)
def test_card_values_where_points_matter(gid: str) -> None:
    values = ct_help.card_values(gid)
    assert values, gid
    assert all(card and points for card, points in values)


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _ranks(text: str) -> list[str] | None:
    """The ranks a card-values row names ("K", "6, 8", "2–9", "J, Q, K"), or None when the
    row names something else (single cards, jokers, conditions)."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if "–" in part:
            lo, hi = part.split("–")
            if lo not in RANKS or hi not in RANKS:
                return None
            out += RANKS[RANKS.index(lo):RANKS.index(hi) + 1]
        elif part in RANKS:
            out.append(part)
        else:
            return None
    return out


def _engine_values(gid: str):
    if gid == "sibaifen":
        from cardtable.games.sibaifen.state import POINTS
        return lambda code: POINTS[code]
    if gid == "biefufen":
        from cardtable.games.biefufen.state import card_value
        return lambda code: -card_value(code)
    if gid == "wushiyifen":
        from cardtable.games.wushiyifen.scoring import card_value as v51
        return v51
    from cardtable.melds import GIN
    return lambda code: GIN.VALUE[code]


@pytest.mark.parametrize("gid", ["sibaifen", "biefufen", "wushiyifen", "gin"])
def test_card_values_match_the_engine(gid: str) -> None:
    """Every rank row of a card-values table states the engine's points for all four suits."""
    value = _engine_values(gid)
    checked = set()
    for cards, points in ct_help.card_values(gid):
        ranks = _ranks(cards)
        if ranks is None:
            continue
        for rank in ranks:
            r = RANKS.index(rank) + 1
            expect = r if points.startswith("pip") else int(points.split()[0].replace("−", "-"))
            for suit in range(4):
                assert value(suit * 13 + r - 1) == expect, (gid, cards, rank, suit)
            checked.add(rank)
    assert checked == set(RANKS), (gid, sorted(set(RANKS) - checked))


def test_unknown_game_and_names() -> None:
    with pytest.raises(UnknownGame, match="valid games"):
        ct_help.rules_text("nosuch")
    assert ct_help.rules_text("十三张") == ct_help.rules_text("shisanzhang")
    assert ct_help.glossary("ดัมมี่") == ct_help.glossary("dummy")


def test_sync_rewrites_only_the_beginning(tmp_path: Path) -> None:
    page = tmp_path / "gin.md"
    page.write_text("# Gin notes\n\nEngine decisions.\n", encoding="utf-8")
    assert ct_help.sync_docs_page(page, "gin")
    text = page.read_text(encoding="utf-8")
    assert text.startswith(ct_help.docs_page_start("gin")) and text.endswith("Engine decisions.\n")
    assert not ct_help.sync_docs_page(page, "gin")          # idempotent
    stale = text.replace("## Glossary", "## Old glossary", 1)
    page.write_text(stale, encoding="utf-8")
    assert ct_help.sync_docs_page(page, "gin")
    assert page.read_text(encoding="utf-8") == text
