"""An independent reference for 捡十四分, written from the spec text only (jianshisifen.md
§6.1 pick values, §6.3 picking, §6.4 end and suit points), replayed beside the engine on whole
random deals (audit).  The reference works on printed card symbols, not the engine's codes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.registry import new_game

SUIT_POINTS = {"♠": 4, "♥": 3, "♦": 2, "♣": 1}
HAND = {3: 6, 4: 5, 5: 4, 6: 3}
TABLE = {3: 4, 4: 5, 5: 6, 6: 7}


def ref_value(card: str) -> int:
    """§6.1: jokers and A = 1; K 13, Q 12, J 11, 10..2 pip value."""
    if card in ("BJ", "LJ"):
        return 1
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])


def ref_points(card: str, joker: int) -> int:
    """§6.4: ♠ 4, ♥ 3, ♦ 2, ♣ 1; jokers ``joker_suit_points``."""
    return joker if card in ("BJ", "LJ") else SUIT_POINTS[card[-1]]


class Ref:
    """The deal as the spec tells it, one turn = (pick + draw 2 | draw 1) + put 1."""

    def __init__(self, deal: dict[str, Any], players: int, rules: dict[str, Any]) -> None:
        self.n = players
        self.hands = [list(h) for h in deal["hands"]]
        self.table = list(deal["table"])
        self.stock = list(deal["stock"])
        self.turn = deal.get("dealer", 0)
        self.must = rules.get("must_pick", True)
        self.play_out = rules.get("play_out_after_stock", False)
        self.joker = rules.get("joker_suit_points", 0)
        self.teams = rules.get("teams", 0)
        self.piles: list[list[str]] = [[] for _ in range(players)]
        self.over = False
        self.need_put = False

    def picks(self) -> set[tuple[str, str]]:
        return {(h, t) for h in self.hands[self.turn] for t in self.table
                if ref_value(h) + ref_value(t) == 14}

    def legal(self) -> set[str]:
        if self.need_put:
            return {f"put {c}" for c in self.hands[self.turn]}
        out = {f"pick {h} {t}" for h, t in self.picks()}
        if not out or not self.must:
            if self.stock:
                out.add("draw")
            else:
                out |= {f"put {c}" for c in self.hands[self.turn]}
        return out

    def play(self, text: str) -> None:
        words = text.split()
        hand = self.hands[self.turn]
        if words[0] == "pick":
            hand.remove(words[1])
            self.table.remove(words[2])
            self.piles[self.turn] += words[1:]
            for _ in range(2):               # §6.3 draw 2 (§6.4: what is left)
                if self.stock:
                    hand.append(self.stock.pop(0))
            if hand:
                self.need_put = True
            else:
                self.end_turn()
        elif words[0] == "draw":
            hand.append(self.stock.pop(0))
            self.need_put = True
        else:
            hand.remove(words[1])
            self.table.append(words[1])
            self.end_turn()

    def end_turn(self) -> None:
        self.need_put = False
        if not self.stock and (not self.play_out or not any(self.hands)):
            self.over = True
            return
        for k in range(1, self.n + 1):
            if self.hands[(self.turn + k) % self.n]:
                self.turn = (self.turn + k) % self.n
                return
        self.over = True

    def scores(self) -> list[int]:
        own = [sum(ref_points(c, self.joker) for c in p) for p in self.piles]
        if not self.teams:
            return own
        return [sum(own[t] for t in range(self.n) if t % self.teams == s % self.teams)
                for s in range(self.n)]


CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}), (4, {}), (5, {}), (6, {}), (4, {"teams": 2}),
    (6, {"teams": 3, "must_pick": False, "play_out_after_stock": True, "joker_suit_points": 1}),
    (5, {"play_out_after_stock": True}),
]


@pytest.mark.parametrize("players,rules", CONFIGS)
def test_whole_deals_match_the_reference(players: int, rules: dict[str, Any]) -> None:
    for seed in range(12):
        st = new_game("jianshisifen", players, rules=rules, seed=seed)
        deal = st.to_json()["deal"]
        ref = Ref(deal, players, rules)
        assert len(ref.stock) == 54 - players * HAND[players] - TABLE[players]   # §6.5.3
        rng = random.Random(seed)
        while not st.is_over:
            assert not ref.over and st.to_move() == (ref.turn,)
            legal = {st.move_text(m) for m in st.legal_moves()}
            assert legal == ref.legal()
            move = rng.choice(sorted(legal))
            st.apply(move)
            ref.play(move)
            assert sorted(st.view(None)["table"]) == sorted(ref.table)
        assert ref.over
        assert st.scores == ref.scores()
        for s in range(players):
            assert sorted(st.view(s)["hand"]) == sorted(ref.hands[s])


def test_reference_itself_on_spec_test_6() -> None:
    """§6.5.6 with the reference's own point rule: (SJ,H3) 4+3, (DA,CK) 2+1, (BJ,SK) 0+4 = 14."""
    pile = ["J♠", "3♥", "A♦", "K♣", "BJ", "K♠"]
    assert sum(ref_points(c, 0) for c in pile) == 14
    assert all(ref_value(a) + ref_value(b) == 14 for a, b in zip(pile[::2], pile[1::2], strict=True))
