"""Our gin bots inside OpenSpiel's gin_rummy (rl/openspiel_gin_play.py, bench/gin_yardstick.py):
every action is legal in OpenSpiel, and the deal's result is OpenSpiel's own."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from bench.openspiel_gin import Duel as ComparingDuel  # noqa: E402  (also compares the legal actions)

from cardtable.cards import parse_cards, shuffled  # noqa: E402
from cardtable.melds import GIN  # noqa: E402
from cardtable.rl import openspiel_gin_play as gp  # noqa: E402
from cardtable.rl import openspiel_gin_play as og  # noqa: E402  (its Duel and translation)


def mask(text: str) -> int:
    return og._mask(parse_cards(text.split()))


@pytest.mark.parametrize("run", ["3♠ 4♠ 5♠ 6♠ 7♠ 8♠", "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥",
                                 "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦", "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣",
                                 "4♠ 5♠ 6♠", "7♥ 7♦ 7♣ 7♠"])
def test_meld_actions_lay_the_meld_in_openspiel_pieces(run: str) -> None:
    m = mask(run)
    acts = gp.meld_actions(m)
    pieces = [og.MELD_MASK[a - og.MELD_BASE] for a in acts]
    union = 0
    for p in pieces:
        assert 3 <= p.bit_count() <= 5 and GIN.is_meld(p)
        assert union & p == 0
        union |= p
    assert union == m


@pytest.mark.parametrize("verb,discard,melds", [
    ("gin", 9, ["A♠ 2♠ 3♠ 4♠", "9♥ 9♦ 9♣", "6♣ 7♣ 8♣"]),      # K♦ out: A♠ joins the run
    ("knock", 8, ["2♠ 3♠ 4♠", "9♥ 9♦ 9♣", "6♣ 7♣ 8♣"]),      # A♠ out: K♦ (10) is deadwood
])
def test_a_knock_is_knock_discard_melds_pass(verb: str, discard: int, melds: list[str]) -> None:
    # player 0 takes the upcard 8♣ to 2-3-4♠, three 9s, 6-7♣, A♠ and K♦
    p0 = "2♠ 3♠ 4♠ 9♥ 9♦ 9♣ 6♣ 7♣ A♠ K♦"
    named = parse_cards(f"{p0} J♥ J♦ Q♥ Q♦ K♥ 10♦ 10♣ 2♥ 3♥ 4♥ 8♣".split())
    order = [og.to_os_card(c) for c in named]
    order += [a for a in range(52) if a not in order]
    duel = og.Duel(order)
    duel._play(og.DRAW_UPCARD)
    move = next(m for m in duel.st.legal_moves() if m.verb == verb and m.cards == (named[discard],))
    acts = gp.os_actions(duel, move)
    assert acts[0] == og.KNOCK and acts[1] == og.to_os_card(named[discard]) and acts[-1] == og.PASS
    assert {og.MELD_MASK[a - og.MELD_BASE] for a in acts[2:-1]} == {mask(m) for m in melds}
    assert (move, acts) in gp.os_legal_moves(duel, list(duel.os.legal_actions()))
    for a in acts:
        assert a in duel.os.legal_actions()
        duel._play(a)
    assert duel.st.knocker == 0 and duel.st.gin == (verb == "gin")
    assert duel.os.current_phase() == og.Phase.LAYOFF and not duel.result.mismatches


def replay_returns(history: list[int]) -> list[float]:
    """A fresh OpenSpiel state fed the same actions, each checked legal there."""
    state = pyspiel.load_game("gin_rummy", og.DEFAULT_PARAMS).new_initial_state()
    for a in history:
        if state.is_chance_node():
            assert a in dict(state.chance_outcomes())
        else:
            assert a in state.legal_actions(), (og.action_label(a), state.legal_actions())
        state.apply_action(a)
    assert state.is_terminal()
    return list(state.returns())


class Recording(gp.Side):
    """Wraps a side and checks each chosen action against OpenSpiel's legal actions."""

    def __init__(self, inner: gp.Side, log: list[tuple[int, list[int]]]) -> None:
        super().__init__(inner.name)
        self.inner, self.log = inner, log

    def start(self, player: int, duel: og.Duel) -> None:
        self.inner.start(player, duel)

    def act(self, duel: og.Duel, legal: list[int]) -> int:
        assert sorted(legal) == sorted(duel.os.legal_actions())
        a = self.inner.act(duel, legal)
        self.log.append((a, list(legal)))
        return a


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_medium_vs_simple_plays_openspiel_legal_actions(seed: int) -> None:
    order = shuffled(list(range(52)), random.Random(seed))
    for ours_at in (0, 1):
        log: list[tuple[int, list[int]]] = []
        ours = gp.OursSide("medium", seed)
        sides = [Recording(gp.SimpleSide(), log), Recording(ours, log)]
        if ours_at == 0:
            sides.reverse()
        out = gp.play(order, (sides[0], sides[1]), duel_type=ComparingDuel)
        assert log and all(a in legal for a, legal in log)
        assert ours.cpu, "our bot was never asked"
        assert out.end in ("scored", "OS-2", "OS-3") and out.mismatches == 0
        assert out.returns == replay_returns(out.history)
        assert sum(out.returns) == 0


def test_ismcts_side_plays_a_deal() -> None:
    order = shuffled(list(range(52)), random.Random(5))
    ours = gp.OursSide("medium", 5)
    theirs = gp.IsmctsSide(0.002, seed=5)        # the minimum, 10 simulations a move
    out = gp.play(order, (theirs, ours))
    assert theirs.sims and min(theirs.sims) == 10
    assert out.returns == replay_returns(out.history)


@pytest.mark.parametrize("name", ["medium", "ismcts:iterations=30"])
def test_bot_move_keeps_to_a_narrowed_legal_list(name: str) -> None:
    # OpenSpiel may allow fewer moves than cardtable (OS-1, OS-4, OS-5): the bot must pick
    # among the moves offered even when its heuristic's favourite is left out
    from cardtable.bots import bot_move
    from cardtable.registry import get_game
    checked = 0
    for seed in range(6):
        st = get_game("gin").new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(6):
            seat = st.to_move()[0]
            legal = st.legal_moves(seat)
            if len(legal) > 2:
                favourite = bot_move("medium", st, seat, random.Random(0))
                rest = [m for m in legal if m != favourite]
                assert bot_move(name, st, seat, random.Random(0), legal=rest) in rest
                checked += 1
            st.apply(bot_move("medium", st, seat, rng), seat)
    assert checked >= 6


@pytest.mark.parametrize("seed", [3, 4])
def test_rlcard_agent_plays_openspiel_legal_actions(seed: int) -> None:
    pytest.importorskip("rlcard")
    from bench.gin_yardstick import RlcardSide  # RLCard's agent is the yardstick's (a bench extra)
    order = shuffled(list(range(52)), random.Random(seed))
    for ours_at in (0, 1):
        log: list[tuple[int, list[int]]] = []
        theirs = RlcardSide(seed)
        sides = [Recording(gp.OursSide("medium", seed), log), Recording(theirs, log)]
        if ours_at == 1:
            sides.reverse()
        out = gp.play(order, (sides[0], sides[1]), duel_type=ComparingDuel)
        assert theirs.cpu, "RLCard's agent was never asked"
        assert all(a in legal for a, legal in log)
        assert out.end in ("scored", "OS-2", "OS-3") and out.mismatches == 0
        assert out.returns == replay_returns(out.history)
