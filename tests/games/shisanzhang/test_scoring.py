"""Settlement (shisanzhang.md §1.2–§1.5): scoop, grand slam, zero sum, item labels."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import parse_cards
from cardtable.games.shisanzhang.rules import ShisanzhangOptions
from cardtable.games.shisanzhang.scoring import Showing, settle, show_rows
from cardtable.games.shisanzhang.specials import SPECIALS
from cardtable.scoring import totals


def rows(text: str) -> list[list]:  # type: ignore[type-arg]
    return [parse_cards(r) for r in text.split("|")]


STRONG = rows("Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 7♥")          # 30 + 80 + 50 when it wins
MID = rows("J♠ 10♥ 7♦ | K♠ K♦ K♣ 8♠ 8♥ | A♣ A♦ A♥ 9♠ 9♣")
WEAK = rows("4♠ 5♦ 8♣ | 3♠ 3♦ 6♣ 10♣ J♣ | 4♦ 4♣ 7♠ J♦ Q♦")


def test_scoop_and_grand_slam() -> None:
    """§1.4 Decisions: 打枪 multiplies a pair's rows when all three are won; 全垒打 multiplies
    again when one seat scoops every opponent."""
    base = ShisanzhangOptions()
    hands = [show_rows(0, STRONG, base), show_rows(1, MID, base), show_rows(2, WEAK, base)]
    plain = totals(settle(hands, base), 3)
    assert plain[0] == 160 + 160 and sum(plain) == 0          # 30+80+50 against each opponent
    opts = ShisanzhangOptions(scoop_multiplier=2, grand_slam_multiplier=2)
    doubled = totals(settle(hands, opts), 3)
    assert doubled[0] == plain[0] * 4 and sum(doubled) == 0
    labels = {it.rule for it in settle(hands, opts)}
    assert labels == {"shisanzhang:1.4"}


def test_no_scoop_when_a_row_ties() -> None:
    opts = ShisanzhangOptions(scoop_multiplier=2)
    a = rows("A♠ K♠ Q♠ | 9♠ 9♥ 7♠ 7♥ 5♠ | J♠ J♥ 10♠ 10♥ 3♠")
    b = rows("A♥ K♥ Q♥ | 9♦ 9♣ 7♦ 7♣ 4♦ | J♦ J♣ 10♦ 10♣ 2♦")    # first row ties
    t = totals(settle([show_rows(0, a, opts), show_rows(1, b, opts)], opts), 2)
    assert t == [20, -20]


def test_special_beats_a_fouled_hand() -> None:
    opts = ShisanzhangOptions()
    fouled = show_rows(1, rows("K♠ K♥ 4♦ | 5♠ 5♥ 9♣ J♦ 2♠ | A♠ A♥ A♣ 8♦ 3♣"), opts)
    assert fouled.fouled
    items = settle([Showing(0, special="sanshun"), fouled], opts)
    assert totals(items, 2) == [30, -30] and {it.rule for it in items} == {"shisanzhang:1.5"}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4), st.sampled_from(["higher_collects_own", "net_difference",
                                                                   "both_void"]),
       st.integers(1, 3), st.integers(1, 3), st.booleans(), st.booleans())
def test_every_settlement_is_zero_sum(seed: int, players: int, svs: str, scoop: int, slam: int,
                                      tiebreak: bool, strict: bool) -> None:
    """§1.3: pairwise and zero-sum, whatever the options."""
    opts = ShisanzhangOptions(special_vs_special=svs, scoop_multiplier=scoop,  # type: ignore[arg-type]
                              grand_slam_multiplier=slam, suit_tiebreak=tiebreak, strict_ordering=strict,
                              foul_extra_penalty=seed % 7)
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    shows = []
    for s in range(players):
        if rng.random() < 0.2:
            shows.append(Showing(s, special=rng.choice(SPECIALS).id))
        else:
            h = deck[13 * s:13 * s + 13]
            shows.append(show_rows(s, [h[:3], h[3:8], h[8:]], opts))  # type: ignore[list-item]
    items = settle(shows, opts)
    assert sum(totals(items, players)) == 0
    assert all(it.rule in ("shisanzhang:1.2", "shisanzhang:1.4", "shisanzhang:1.5") for it in items)
