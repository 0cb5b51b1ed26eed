"""The referee at a real table (issue 9 item 9): a deal recorded as its cards become known."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable import scenario
from cardtable.cards import card_str
from cardtable.errors import CardtableError, IllegalMove
from cardtable.games.gin.referee.physical import PhysicalDeal

RECORDER = "A♠ 2♠ 3♠ 4♥ 5♥ 6♥ J♣ J♦ J♥ 9♠"
OPPONENT = "7♦ 8♦ 9♦ K♠ K♣ 3♣ 4♣ 8♥ 2♣"          # with K♥, shown during play (R8)

#: a whole deal as a scorekeeper enters it: seat 1 deals; seat 0 records his own cards
DEAL = ["upcard 10♣", f"hand 0 {RECORDER}", "pass", "pass", "draw Q♦", "discard Q♦",
        "draw", "discard 7♣", "draw 5♠", "discard 9♠", "1: report R8 K♥ hand", "draw",
        "discard 2♦", "draw 4♠", f"show 1 {OPPONENT}", "gin 5♠"]


def record(lines: list[str], seed: int = 0, **kw: Any) -> PhysicalDeal:
    p = PhysicalDeal(seed=seed, **kw)
    for line in lines:
        p.enter(line)
    return p


def _cards_in(value: Any) -> set[str]:
    every = {card_str(c) for c in range(52)}
    if isinstance(value, str):
        return {value} & every
    if isinstance(value, list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for v in value.values())) if value else set()
    return set()


def test_whole_physical_deal_scores_and_rules_as_table_mode() -> None:
    p = record(DEAL)
    assert p.is_over
    # gin: the defender keeps 7♦ 8♦ 9♦, K♠ K♣ K♥, 2♣ 3♣ 4♣ and 8♥: deadwood 8 + 25 (rule 30)
    items = [(i.seat, i.points, i.rule) for i in p.score_items()]
    assert items == [(1, 0, "gin:R8"), (0, 33, "gin:30")]
    assert p.scores == [33, 0]
    # the record replays as an ordinary table-mode scenario with the same result
    data = p.to_json()
    data["expect"] = {"scores": [33, 0], "winner": [0]}
    assert scenario.check(scenario.replay(data)) == []


def test_unknown_cards_stay_unknown() -> None:
    p = record(DEAL[:13])                       # before the spreads
    v = p.view()
    assert v["hands_unknown"] == [0, 9] and v["hands_known"][1] == ["K♥"]
    shown = _cards_in(v)
    assert shown <= {card_str(c) for c in p.known}, shown - {card_str(c) for c in p.known}
    assert "?" not in str(v["hands_known"])
    # the placeholders do not matter: another seed gives the same record of what is known
    q = record(DEAL[:13], seed=99)
    assert q.view() == v
    assert record(DEAL, seed=99).score_items() == record(DEAL).score_items()


def test_knock_waits_for_both_spreads_and_bad_lines_change_nothing() -> None:
    p = record(DEAL[:14])
    before = p.to_json(), dict(p.known)
    for bad, why in [("gin 5♠", "not entered yet"), ("show 1 A♠", "seat 1's hand"),
                     ("show 1 7♦ 7♦", "twice"), ("draw 3♥", "cannot draw"), ("upcard 2♥", "once"),
                     ("show 2 7♦", "seat"), ("discard Z♠", "card"), ("", "nothing")]:
        with pytest.raises(CardtableError, match=why):
            p.enter(bad)
        assert (p.to_json(), dict(p.known)) == before, bad


def test_draw_of_a_known_card_must_be_where_it_is() -> None:
    p = record(DEAL[:4])
    with pytest.raises(IllegalMove, match="not on top of the stock"):
        p.enter("draw A♠")                     # in the recorder's own hand
    p.enter("draw Q♦")
    assert p.state.hands[0] >> 0 & 1 and card_str(p.state.stock[-1]) not in p.known


def test_seen_card_report_and_exposed_take() -> None:
    """R6 at a real table: seat 0 drew and also saw 7♦; it lies exposed and seat 1 takes it."""
    p = record(["upcard 10♣", f"hand 0 {RECORDER}", "pass", "pass", "draw Q♦",
                "1: report R6 7♦"])
    assert [r.rule for r in p.state.rulings] == ["R6"]
    assert p.view()["referee"]["exposed"][0]["cards"] == ["7♦"]
    p.enter("discard Q♦")
    p.enter("take 7♦")                          # seat 1 takes the exposed card instead of drawing
    assert "7♦" in p.view()["hands_known"][1]


def test_illegal_knock_report_r9() -> None:
    """A knock over the limit at a real table: the defender reports R9 before showing a card."""
    lines = ["upcard 10♣", "hand 0 A♠ 2♠ 3♠ 4♥ 5♥ 6♥ J♣ Q♦ K♥ 9♠", "pass", "pass", "draw K♦",
             "knock Q♠ [A♠ 2♠ 3♠] [4♥ 5♥ 6♥] [J♣ J♦ J♥]"]
    p = record(lines[:5])
    with pytest.raises(IllegalMove, match="Q♠ is not in your hand|cannot be"):
        p.enter(lines[5])
    p.enter("knock K♦ [A♠ 2♠ 3♠] [4♥ 5♥ 6♥]")   # deadwood J♣ Q♦ K♥ 9♠ = 39 > 10
    assert not p.is_over and p.state.window is not None
    p.enter("report R9")
    assert [r.rule for r in p.state.rulings] == ["R9"] and not p.is_over
    assert p.scores == [0, 0]
    # the spread lies face up while play goes on; the record shows it, nothing else
    assert sorted(p.view()["referee"]["face_up"]["0"]) == sorted(
        ["A♠", "2♠", "3♠", "9♠", "4♥", "5♥", "6♥", "K♥", "Q♦", "J♣"])
    p.enter("draw")                              # the defender plays on
    assert p.view()["hands_unknown"] == [0, 11]


def test_r7_needs_the_card_and_unsupported_options() -> None:
    p = record(DEAL[:4])
    with pytest.raises(IllegalMove, match="name the card"):
        p.enter("0: report R7")
    with pytest.raises(IllegalMove, match="physical mode"):
        PhysicalDeal(rules={"force_gin": True})


#: :data:`DEAL` as a person types it at ``cardtable referee gin --physical``: seats counted from 1
#: (``hand 1``, ``2: report …``, ``show 2``), where the record's lines count from 0
TYPED = ["upcard 10♣", f"hand 1 {RECORDER}", *DEAL[2:10], "2: report R8 K♥ hand", *DEAL[11:14],
         f"show 2 {OPPONENT}", "gin 5♠"]


def cli(lines: list[str], *args: str) -> str:
    from typer.testing import CliRunner

    from cardtable.cli.main import app
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["referee", "gin", "--physical", *args],
                                                      input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_physical_session() -> None:
    out = cli(TYPED[:7] + ["t", "bogus", "draw 2♠"] + TYPED[7:] + ["q"])
    assert "seat 2:  + 11 unknown" in out     # seat 2 has drawn: 11 cards, none seen
    assert "unknown move 'bogus'" in out and "not on top of the stock" in out
    assert "gin:R8" in out and "gin:30" in out and "+33" in out


def test_cli_physical_seats_count_from_1(tmp_path: Path) -> None:
    """The seats typed (``hand 1``, ``show 2``, ``2: report``) and printed count from 1; a seat
    that is not at the table is refused and changes nothing; the saved record keeps the
    engine's seats, from 0, and replays with the same score."""
    save = tmp_path / "record.json"
    bad = ["hand 0 7♦", "show 3 7♦", "0: report R8 K♥ hand", "3: report R8 K♥ hand"]
    out = cli(TYPED[:2] + bad + TYPED[2:11] + ["t"] + TYPED[11:] + ["q"], "--save", str(save))
    shown = out.replace("there is no seat 0:", "")                # the refusals name what was typed
    assert not re.search(r"\b[Ss]eat 0\b", shown), re.findall(r".*\b[Ss]eat 0\b.*", shown)
    assert "physical cards, one deal, seat 2 deals" in out and "dealer: seat 2" in out
    assert "hand 1 A♠ 2♠ …  /  show 2 7♦ …" in out                  # the help
    assert f"  seat 1 holds {RECORDER}" in out and "  1: pass" in out and "  2: pass" in out
    for seat in (0, 3, 0, 3):
        assert f"there is no seat {seat}: seats are counted from 1, so they are 1 and 2" in out
    assert "  2: report R8 K♥ hand" in out and "R8: K♥ was shown from seat 2's hand" in out
    assert 'no_knock: {"seat 2": "seat 2\'s opponent knows his K♥' in out
    assert "seat 1: A♠ 2♠ 3♠" in out and "seat 2: K♥ + 9 unknown" in out
    assert "│ seat 1 │    +33 │ gin:30" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert "1: report R8 K♥ hand" in data["moves"] and data["deal"]["dealer"] == 1
    data["expect"] = {"scores": [33, 0], "winner": [0]}
    assert scenario.check(scenario.replay(data)) == []


def test_cli_physical_refusals_name_the_line_typed_and_seats_from_1() -> None:
    out = cli(TYPED[:14] + ["show 2 A♠", "gin 5♠", "q"])
    assert "illegal move 'show 2 A♠': A♠ was entered in seat 1's hand, not in seat 2's hand" in out
    assert ("seat 2's hand has 9 card(s) not entered yet: enter them first with 'show 2 <cards>'"
            in out)
