"""Meld validation with jokers and duplicates, and table values (remik.md §B.2–B.3, RM-10–RM-14)."""

from __future__ import annotations

import pytest

from cardtable.games.remik.checks import opening_shortfall
from cardtable.games.remik.melds import MeldError, analyse

from .helpers import slots


def value(text: str) -> int:
    return analyse(slots(text)).value


def test_rm13_table_values() -> None:
    """RM-13: Q♥ K♥ A♥ = 31; A♥ 2♥ 3♥ = 6; A♠ A♥ A♦ = 33; JK(=A♣) 2♣ 3♣ = 6."""
    assert value("Q♥ K♥ A♥") == 31
    assert value("A♥ 2♥ 3♥") == 6
    assert value("A♠ A♥ A♦") == 33
    assert value("JK=A♣ 2♣ 3♣") == 6


@pytest.mark.parametrize("text", ["K♠ A♠ 2♠", "8♠ 8♠ 8♥", "JK=8♠ JK=8♥ JK=8♦",
                                  "9♣ 9♦ 9♥ 9♠ JK=9♣", "8♠ JK=8♥ JK=8♦", "5♥ JK=6♥ JK=7♥ 8♥"])
def test_rm14_invalid(text: str) -> None:
    """RM-14: wrap, same suit twice, all jokers, 5-card set, jokers not a minority, adjacent."""
    with pytest.raises(MeldError):
        analyse(slots(text))


@pytest.mark.parametrize("text", ["8♠ 8♥ JK=8♦", "5♥ JK=6♥ 7♥ JK=8♥ 9♥"])
def test_rm14_valid(text: str) -> None:
    assert analyse(slots(text)).kind in ("set", "run")


def test_reasons_name_the_rule() -> None:
    with pytest.raises(MeldError, match="corner"):
        analyse(slots("K♠ A♠ 2♠"))
    with pytest.raises(MeldError, match="different suits"):
        analyse(slots("8♠ 8♠ 8♥"))
    with pytest.raises(MeldError, match="jokers only"):
        analyse(slots("JK=8♠ JK=8♥ JK=8♦"))
    with pytest.raises(MeldError, match="at most 4"):
        analyse(slots("9♣ 9♦ 9♥ 9♠ JK=9♣"))
    with pytest.raises(MeldError, match="fewer than natural"):
        analyse(slots("8♠ JK=8♥ JK=8♦"))
    with pytest.raises(MeldError, match="next to each other"):
        analyse(slots("5♥ JK=6♥ JK=7♥ 8♥ 9♥ 10♥"))


def test_duplicates_never_in_one_meld() -> None:
    """remik.md rule 2: two physical 7♥ (two packs) cannot sit in one run or set."""
    with pytest.raises(MeldError):
        analyse(slots("6♥ 7♥ 7♥ 8♥"))
    with pytest.raises(MeldError):
        analyse(slots("7♥ 7♥ 7♠ 7♣"))


def test_joker_duplicate_of_natural_rejected() -> None:
    """A joker may not stand for a card already in the meld."""
    with pytest.raises(MeldError):
        analyse(slots("8♠ 8♥ JK=8♥"))


def test_ace_high_or_low_not_both() -> None:
    """remik.md rule 7: A..K and 2..A are the longest runs; never both ends."""
    assert analyse(slots("A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")).value == 1 + 54 + 30
    assert analyse(slots("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")).value == 54 + 30 + 11
    with pytest.raises(MeldError):
        analyse(slots("Q♣ K♣ A♣ 2♣"))


def test_set_joker_stands_for_named_suit() -> None:
    info = analyse(slots("8♠ 8♥ JK=8♣"))
    assert info.kind == "set" and info.value == 24 and not info.pure


def test_minority_and_adjacency_switches() -> None:
    assert analyse(slots("8♠ JK=8♥ JK=8♦"), joker_minority=False).kind == "set"
    assert analyse(slots("5♥ JK=6♥ JK=7♥ 8♥ 9♥ 10♥"), no_adjacent_jokers=False).kind == "run"
    with pytest.raises(MeldError):       # all-joker melds are banned whatever the switches
        analyse(slots("JK=8♠ JK=8♥ JK=8♦"), joker_minority=False, no_adjacent_jokers=False)


def test_pure_run() -> None:
    assert analyse(slots("7♠ 8♠ 9♠")).pure
    assert not analyse(slots("7♠ JK=8♠ 9♠")).pure
    assert not analyse(slots("7♠ 7♥ 7♦")).pure


def _infos(*melds: str) -> list:
    return [analyse(slots(m)) for m in melds]


def test_rm10_opening_accepted() -> None:
    """RM-10: A♦ 2♦ JK(=3♦) 6 + 8♦ 8♣ 8♥ 24 + 7♠..10♠ 34 = 64 with a pure run."""
    infos = _infos("A♦ 2♦ JK=3♦", "8♦ 8♣ 8♥", "7♠ 8♠ 9♠ 10♠")
    assert [i.value for i in infos] == [6, 24, 34]
    assert opening_shortfall(infos, 51, True) is None


def test_rm11_no_pure_run() -> None:
    """RM-11: K♠ K♥ K♦ + Q♣ Q♦ Q♥ = 60, no pure run: rejected unless the rule is off."""
    infos = _infos("K♠ K♥ K♦", "Q♣ Q♦ Q♥")
    why = opening_shortfall(infos, 51, True)
    assert why is not None and "no pure run" in why and "count 60" in why
    assert opening_shortfall(infos, 51, False) is None


def test_rm12_too_little() -> None:
    """RM-12: 10♠ J♠ Q♠ 30 + 5♦ 5♣ 5♥ 15 = 45 < 51."""
    infos = _infos("10♠ J♠ Q♠", "5♦ 5♣ 5♥")
    why = opening_shortfall(infos, 51, True)
    assert why is not None and "count 45 (30 + 15)" in why and "6 short" in why and "51" in why
