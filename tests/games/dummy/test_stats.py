"""Dummy's figures for a player's page (games/dummy/stats.py) on the T scenarios of dummy.md
§7, whose stories say who knocked, how, who tabled the head and the spetos and who paid."""

from __future__ import annotations

from pathlib import Path

from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("dummy").stats
KEYS = ("knocks", "dark_knocks", "heads", "spetos", "penalties")


def figures(name: str) -> list[dict[str, int]]:
    """Each seat's figures of a scenario's finished deal, every key present."""
    state = replay(SCENARIOS / f"{name}.json").state
    assert state.is_over
    return [{k: f.get(k, 0) for k in ("won", *KEYS)}
            for f in (deal_figures(state, seat, STATS) for seat in range(state.players))]


def column(figs: list[dict[str, int]], key: str) -> list[int]:
    return [f[key] for f in figs]


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


def test_t35_normal_knock() -> None:
    # A knocks (born earlier: not dark); B tabled 2♣3♣4♣; C tabled the head 6♦ and holds Q♠
    # (a speto in hand is not tabled); D tabled nothing; no penalties
    f = figures("T35a_normal_knock")
    assert column(f, "knocks") == [1, 0, 0, 0]
    assert column(f, "dark_knocks") == [0, 0, 0, 0]
    assert column(f, "heads") == [0, 0, 1, 0]
    assert column(f, "spetos") == [0, 1, 0, 0]
    assert column(f, "penalties") == [0, 0, 0, 0]


def test_t36_dark_knock() -> None:
    f = figures("T36_dark_knock")
    assert column(f, "knocks") == [1, 0] and column(f, "dark_knocks") == [1, 0]


def test_t37_colour_knock_is_not_dark() -> None:
    f = figures("T37a_colour_knock")          # A already had 5♠6♠7♠ on the table
    assert column(f, "knocks") == [1, 0] and column(f, "dark_knocks") == [0, 0]


def test_t39_penalties_paid() -> None:
    # A discarded a lay-off card (O3) and later dark-knocks; D had a ทิ้งเต็ม (O4)
    f = figures("T39_penalties_not_multiplied")
    assert column(f, "penalties") == [1, 0, 0, 1]
    assert column(f, "dark_knocks") == [1, 0, 0, 0]


def test_t33_fool_discard_is_a_penalty() -> None:
    f = figures("T33_fool")                   # B's 8♣ picked up by C, who dark-knocks
    assert column(f, "penalties") == [0, 1, 0, 0]
    assert column(f, "knocks") == [0, 0, 1, 0]


def test_t41_stock_out_has_no_knock() -> None:
    f = figures("T41a_stock_out")             # A wins on the higher score, nobody knocked
    assert column(f, "knocks") == [0, 0] and column(f, "won") == [1, 0]


def test_t41c_spetos_tabled_by_the_knocker() -> None:
    state = replay(SCENARIOS / "T41c_final_pickup_knock.json").state
    f = [deal_figures(state, seat, STATS) for seat in range(2)]
    # the 2♣ and Q♠ among the cards the score items say each seat tabled (positive items)
    tabled = [sum(1 for it in state.score_items() if it.seat == seat and it.points > 0
                  and it.rule in ("dummy:S1", "dummy:S2", "dummy:S4", "dummy:B26")
                  for c in it.cards if str(c) in ("2♣", "Q♠")) for seat in range(2)]
    assert tabled == [0, 2]
    assert [x.get("spetos", 0) for x in f] == tabled
