"""Issue 26: what a person reads by default cites no spec file or rule code.

``cardtable.parts.refs.strip_refs`` is the one helper: checked here against every message of
every catalog (the references go in each language; a message that cites none is left as it
is), and through the places that use it: score explanations and the terminal's refusals,
hints and warnings (``tests/cli/test_issue26_play.py``)."""

from __future__ import annotations

import re

import pytest

from cardtable.explanation import explain_items
from cardtable.i18n import LOCALES
from cardtable.parts.refs import strip_refs

babel = pytest.importorskip("babel")
from cardtable.i18n.tools import extract, load  # noqa: E402

#: a reference as the English messages write one
CITES = re.compile(r"§\d|\b[a-z]+\.md\b|\(rule \d|rule \d+\)|\b[a-z]+:[A-Z]?\d|[(,\s][BOSRP]\d{1,2}\b")
#: what may not be left in any language once the references are gone
LEFT = re.compile(r"§|\.md\b|\b(?:rules?|zasad[aęy]?|правил[оаы]?|กติกาข้อ|规则|規則)\s*\d|"
                  r"(?<![\w♠♥♦♣])[BOSRP]\d{1,2}(?![\w♠♥♦♣])")
#: messages whose references are the subject itself: the referee's rulings cite its laws
#: R1–R13 by name, the options tables (``rules.py``, ``cardtable rules --options``) and the
#: presets cite the spec rule of each option, the serve command names its docs
SUBJECT = ("games/gin/referee/", "/rules.py", "cli/serve.py", "cli/referee.py", ".toml")


def _messages():
    for m in extract():
        if not m.id or any(s in m.locations[0][0] for s in SUBJECT):
            continue
        yield m


@pytest.fixture(scope="module")
def messages() -> list:
    return list(_messages())


@pytest.mark.parametrize("loc", LOCALES)
def test_every_catalog_loses_its_references_and_nothing_else(loc: str, messages: list) -> None:
    cat = load(loc)
    cited = 0
    for m in messages:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        got = cat.get(m.id, m.context)
        strings = ids if loc == "en" or got is None else (
            [got.string] if isinstance(got.string, str) else list(got.string))
        for english, said in zip(ids * len(strings), strings, strict=False):
            plain = strip_refs(said)
            if CITES.search(english):
                cited += 1
                assert not LEFT.search(plain), (loc, english, said, plain)
                assert plain.strip() and plain.count("{") == said.count("{"), (loc, said, plain)
            else:
                assert plain == said, (loc, said, plain)
    assert cited > 80


@pytest.mark.parametrize(("text", "plain"), [
    ("an opening needs melds worth at least 51 points (remik.md rule 20)",
     "an opening needs melds worth at least 51 points"),
    ("5♥ is related to a speto (O7)", "5♥ is related to a speto"),
    ("draw or pick up first (B11)", "draw or pick up first"),
    ("8♦ is not a combination (§2.0)", "8♦ is not a combination"),
    ("knock bonus (gin.md rule 30); bonus withheld (gin:R3)", "knock bonus; bonus withheld"),
    ("discard it: −20 at once (O3 ทิ้งมี่)", "discard it: −20 at once (ทิ้งมี่)"),
    ("7♠ is not there (B11: you take 7♠ and every card above it)",
     "7♠ is not there (you take 7♠ and every card above it)"),
    ("{cards}不是一种组合（§2.0）", "{cards}不是一种组合"),
    ("one pair (9) beats high card (A-10-2) (10)", "one pair (9) beats high card (A-10-2) (10)"),
    ("3 trick(s)", "3 trick(s)"),
])
def test_strip_refs(text: str, plain: str) -> None:
    assert strip_refs(text) == plain


def test_names_are_kept() -> None:
    """A seat's name that looks like a rule code (a player called "B2") is not a reference."""
    assert strip_refs("Q♥ face down (your partner B2): −2", keep=["B2"]) == "Q♥ face down (your partner B2): −2"


def _gin_doubled() -> tuple[list[dict], dict]:
    view = {"game": "gin", "players": 2, "multiplier": 2, "options": {"gin_bonus": 25},
            "knock": {"seat": 0, "gin": True, "big_gin": False, "deadwood": []}}
    items = [{"seat": 0, "points": 2 * (7 + 25), "rule": "gin:30", "cards": ["3♦", "4♣"],
              "note": "gin (gin.md rule 30)"}]
    return items, view


def test_score_lines_cite_no_rule_unless_verbose() -> None:
    items, view = _gin_doubled()
    line = explain_items("gin", items, 2, ["You", "seat 2"], view)[0][0].text
    assert "(doubled: spade upcard)" in line and "rule 44" not in line
    verbose = explain_items("gin", items, 2, ["You", "seat 2"], view, verbose=True)[0][0].text
    assert "rule 44" in verbose and "[gin:30]" in verbose
