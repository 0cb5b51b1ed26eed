"""Remik's figures for a player's page (games/remik/stats.py) on the RM scenarios of
remik.md §B.12, whose stories say who went out, whether it was a remik z ręki, and who never
opened; and the deal's winner is the lowest hand, not the highest score."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.parts.stats import check, deal_figures
from cardtable.registry import game_parts
from cardtable.scenario import replay

SCENARIOS = Path(__file__).parent / "scenarios"
STATS = game_parts("remik").stats


def column(name: str, key: str) -> list[int]:
    state = replay(SCENARIOS / f"{name}.json").state
    assert state.is_over
    return [deal_figures(state, seat, STATS).get(key, 0) for seat in range(state.players)]


def test_declared() -> None:
    assert STATS is not None and check(STATS) == []


@pytest.mark.parametrize("name, want", [
    ("rm01_loser_ace_joker_five", [1, 0]),          # seat 0 goes out by discarding
    ("rm19_go_out_by_layoff", [1, 0]),              # seat 0 goes out by laying off
    ("rm08_blocked_deal", [0, 0, 0]),               # blocked: B wins, nobody went out
])
def test_went_out(name: str, want: list[int]) -> None:
    assert column(name, "went_out") == want


@pytest.mark.parametrize("name, want", [
    ("rm06b_remik_only_two_of_clubs", [1, 0]),      # A's remik z ręki, B pays 200
    ("rm07_not_remik_after_other_opened", [0, 0, 0]),   # B had opened: no remik
    ("rm01_loser_ace_joker_five", [0, 0]),
])
def test_remik_z_reki(name: str, want: list[int]) -> None:
    assert column(name, "remik") == want


@pytest.mark.parametrize("name, want", [
    ("rm04_four_players", [0, 0, 0, 1]),            # B and C opened, D never
    ("rm08_blocked_deal", [0, 0, 1]),               # A and B opened, C not
    ("rm09_blocked_tie", [0, 0, 0]),                # all opened
])
def test_never_opened(name: str, want: list[int]) -> None:
    assert column(name, "never_opened") == want


@pytest.mark.parametrize("name, want", [
    ("rm01_loser_ace_joker_five", [1, 0]),          # the winner scores 0, the loser 36
    ("rm08_blocked_deal", [0, 1, 0]),               # the lowest hand wins a blocked deal
    ("rm09_blocked_tie", [1, 1, 0]),                # tied lowest hands both win
])
def test_won_is_the_lowest_hand(name: str, want: list[int]) -> None:
    assert column(name, "won") == want
