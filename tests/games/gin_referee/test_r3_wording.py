"""Issue 26: R3 (a short-handed defender at a knock) withholds only the defender's undercut
bonus.  When the knocker goes gin, the gin bonus is paid: neither the gin item's note nor its
explanation may say it was withheld, and the explanation adds the 10 a missing card."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from cardtable import scenario
from cardtable.explanation import explain_items

RT05 = Path(__file__).with_name("scenarios") / "rt05_short_defender.json"


def gin_by_the_knocker_against_eight_cards() -> dict[str, Any]:
    """RT-05's table (the defender holds 8 cards, deadwood 2♦ 2♣ = 4), but the knocker
    melds all ten and goes gin: A♠ 2♠ 3♠, 4♥ 5♥ 6♥, 7♠ 7♥ 7♦ 7♣, discarding K♦."""
    data = json.loads(RT05.read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    data["deal"]["hands"][0] = ["A♠", "2♠", "3♠", "4♥", "5♥", "6♥", "7♣", "7♦", "7♥", "7♠"]
    data["deal"]["stock"] = [c for c in data["deal"]["stock"] if c != "7♠"] + ["9♣"]
    data["moves"] = ["pass", "pass", "draw", "gin K♦"]
    data.pop("expect")
    data["title"] = "gin against a defender short of two cards"
    return data


def final_view() -> dict[str, Any]:
    r = scenario.replay(gin_by_the_knocker_against_eight_cards())
    assert r.error is None and r.state.is_over
    return r.state.view(0)


def test_the_gin_item_of_an_r3_deal_does_not_say_its_bonus_was_withheld() -> None:
    view = final_view()
    gin = next(it for it in view["items"] if it["rule"] == "gin:30")
    assert gin["points"] == 4 + 20 + 25                  # deadwood 4, R3 2 × 10, the gin bonus
    assert "withheld" not in gin["note"] and "gin:R3" not in gin["note"]
    assert any(it["rule"] == "gin:R3" for it in view["items"])


def test_the_gin_line_adds_the_missing_cards_and_pays_the_gin_bonus() -> None:
    view = final_view()
    lines = explain_items("gin", view["items"], 2, ["You", "seat 2"], view)[0]
    gin = next(li for li in lines if li.rule == "gin:30")
    assert gin.text.startswith("Gin: defender's deadwood 4 + 20 for 2 missing cards + gin bonus 25")
    assert "withheld" not in gin.text and gin.points == 49


def test_the_knock_line_of_rt05_adds_the_missing_cards() -> None:
    r = scenario.replay(json.loads(RT05.read_text(encoding="utf-8")))
    view = r.state.view(0)
    lines = explain_items("gin", view["items"], 2, ["You", "seat 2"], view)[0]
    knock = next(li for li in lines if li.rule == "gin:31")
    # 4 + 20 − 9 = 15: the line now adds up to the points it scores
    assert "deadwood 2♦ 2 + 2♣ 2 = 4 + 20 for 2 missing cards" in knock.text and knock.points == 15


def test_an_r3_undercut_says_the_undercut_bonus_was_withheld() -> None:
    """The defender short of one card, all nine melded (D = 0 + 10), against a knock of 10:
    the undercut bonus is withheld, and the note says which bonus and why."""
    data = json.loads(RT05.read_text(encoding="utf-8"))
    data["deal"]["hands"][0] = ["A♠", "2♠", "3♠", "4♥", "5♥", "6♥", "7♣", "7♦", "7♥", "10♣"]
    data["deal"]["hands"][1] = ["Q♣", "Q♦", "Q♥", "8♠", "9♠", "10♠", "2♦", "2♣", "2♥"]
    data["deal"]["stock"] = [c for c in data["deal"]["stock"] if c not in ("10♣", "2♥")] + ["9♣"]
    data.pop("expect")
    r = scenario.replay(data)
    assert r.error is None and r.state.is_over, r.error
    items = r.state.view(0)["items"]
    under = [it for it in items if it["rule"] == "gin:32"]
    assert under and all("undercut bonus withheld (gin:R3)" in it["note"] for it in under), items
