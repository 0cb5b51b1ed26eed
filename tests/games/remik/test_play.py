"""Notation, matches, bots and seeded playouts for Remik."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import make_bot
from cardtable.conformance import check_conservation, check_roundtrip, check_secrets
from cardtable.errors import BadCard, IllegalMove
from cardtable.game import MatchEnd
from cardtable.games.remik import RemikState
from cardtable.match import Match
from cardtable.registry import new_match

from .helpers import GAME, state


def _table_state() -> RemikState:
    st = state(["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ 6♥ 9♣ 9♦ 3♣",
                "5♥ JK 7♥ 9♦ 10♦ J♦ Q♦ K♦ 2♥ 4♣ 8♣ Q♣ K♣"], "7♣ 2♣ 2♦")
    for m in ["meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠", "discard 3♣", "draw",
              "meld [5♥ JK=6♥ 7♥] [9♦ 10♦ J♦ Q♦ K♦]", "discard 2♥", "draw"]:
        st.apply(m)
    return st


@pytest.mark.parametrize(("before", "text"), [
    ([], "swap 6♥ @m2"), (["swap 6♥ @m2"], "meld 9♣ 9♦ JK=9♥"), (["swap 6♥ @m2"], "lay JK=J♠ @m1"),
    ([], "discard 2♣"), ([], "discard 9♦")])
def test_notation_round_trip(before: list[str], text: str) -> None:
    st = _table_state()
    for m in before:
        st.apply(m)
    mv = st.parse_move(text, 0)
    assert st.move_text(mv) == text
    assert st.parse_move(st.move_text(mv), 0) == mv
    assert st.why_illegal(0, mv) is None


def test_notation_input_forms() -> None:
    st = _table_state()
    assert st.parse_move("lay 6♥ m2", 0) == st.parse_move("lay 6♥ @m2", 0)
    assert st.parse_move("discard 2c", 0) == st.parse_move("discard 2♣", 0)
    assert st.view(0)["table"][1]["cards"] == ["5♥", "JK=6♥", "7♥"]
    st.apply("swap 6♥ @m2")
    assert st.parse_move("meld 9c 9d jk=9h", 0) == st.parse_move("meld 9♣ 9♦ JK=9♥", 0)
    with pytest.raises(BadCard, match="stands for"):
        st.parse_move("meld 9♣ 9♦ JK", 0)
    with pytest.raises(IllegalMove, match="name the table meld"):
        st.parse_move("lay 9♣", 0)
    with pytest.raises(IllegalMove, match="unknown move"):
        st.parse_move("knock", 0)
    assert [m["id"] for m in st.view(0)["table"]] == ["m1", "m2", "m3"]
    assert st.view(0)["table"][1]["cards"] == ["5♥", "6♥", "7♥"]


def test_log_and_views_hide_hands() -> None:
    st = _table_state()
    v = st.view(1)
    assert "hand" in v and len(v["hand"]) == v["hand_sizes"][1]
    assert "hand" not in st.view(None)
    assert all("draw" == line.split(": ", 1)[1] or "draw" not in line for line in v["log"])


class _Stub:
    def __init__(self, totals: list[int], players: int = 3) -> None:
        self.totals = totals
        self.players = players
        self.options = GAME.make_options()


def test_match_end_threshold_and_tie() -> None:
    """rules 33–35: the lowest total wins once a total reaches 100 × opponents; a tie plays on."""
    assert GAME.match_end(_Stub([199, 0, 0])) is None
    assert GAME.match_end(_Stub([210, 150, 150])) is None
    end = GAME.match_end(_Stub([210, 150, 162]))
    assert isinstance(end, MatchEnd) and end.winners == [1]
    assert GAME.match_end(_Stub([100, 40], players=2)) == MatchEnd([1], [])


def test_match_rotates_the_deal_and_ends() -> None:
    """rule 11 (clockwise deal) and rule 34: a whole match between heuristic bots."""
    m: Match = new_match("remik", 3, seed=5)
    bot = make_bot("remik", "heuristic")
    rng = random.Random(5)
    starters = []
    while True:
        st = m.state
        assert isinstance(st, RemikState)
        starters.append(st.starter)
        while not st.is_over:
            s = st.to_move()[0]
            st.apply(bot.choose(st.view(s), st.legal_moves(s), rng), s)
        if m.finish_deal() is not None:
            break
        m.next_deal()
    assert starters == [(starters[0] + k) % 3 for k in range(len(starters))]
    t = m.totals
    assert max(t) >= 200 and m.end is not None and m.end.winners == [t.index(min(t))]
    assert t.count(min(t)) == 1


def test_heuristic_beats_random() -> None:
    """The heuristic bot opens and sheds: over 30 two-player deals it scores far less."""
    totals = {"heuristic": 0, "random": 0}
    for seed in range(30):
        st = GAME.new_state(2, seed=seed)
        names = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        bots = [make_bot("remik", n) for n in names]
        rng = random.Random(seed)
        while not st.is_over:
            s = st.to_move()[0]
            st.apply(bots[s].choose(st.view(s), st.legal_moves(s), rng), s)
        for s, n in enumerate(names):
            totals[n] += st.scores[s]
    assert totals["heuristic"] * 5 < totals["random"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_playouts_keep_the_contract(players: int) -> None:
    """Seeded deals played mostly by the heuristic bot (so openings, lay-offs and swaps happen):
    every listed move is legal and prints/parses back, cards are conserved, views keep secrets,
    and a finished deal round-trips through JSON."""
    for seed in range(4):
        preset = ["default", "no_pure_run", "opening30", "six_jokers"][seed]
        opts = GAME.make_options(preset)
        pack = GAME.pack(players, opts)
        st = GAME.new_state(players, opts, seed=100 * players + seed)
        rng = random.Random(seed)
        bot = make_bot("remik", "heuristic")
        step = 0
        while not st.is_over:
            s = st.to_move()[0]
            legal = st.legal_moves(s)
            assert legal
            assert check_conservation(st, pack) is None
            for mv in legal:
                assert st.why_illegal(s, mv) is None
                assert st.parse_move(st.move_text(mv), s) == mv
            if step % 23 == 5:
                assert check_secrets(st, s, rng) is None
                assert check_secrets(st, None, rng) is None
            mv = bot.choose(st.view(s), legal, rng) if rng.random() < 0.8 else rng.choice(legal)
            st.apply(mv, s)
            step += 1
        assert check_roundtrip(st) is None
        assert st.winners()


def test_render_and_hint_use_the_view() -> None:
    from cardtable.games.remik import hint, render
    st = _table_state()
    text = render(st.view(0))
    assert "m2" in text and "JK=6♥" in text and "seat 0 (you)" in text
    assert "hand" not in st.view(None) and "seat 1: " in render(st.view(None))
    assert hint(st.view(0), st.legal_moves()) is not None
