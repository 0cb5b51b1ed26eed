"""Audit of 憋负分: an independent reference of the legal moves and of the scoring (written
from biefufen.md §8.2–§8.6 only, on card strings), compared with the engine over whole random
deals of every variant and rule switch."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import card_str
from cardtable.registry import new_game

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
# §8.4: minus points by rank (7 → 7 ... A/K → 1), jokers 0
VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 6, "9": 5, "10": 4, "J": 3,
         "Q": 2, "K": 1}


def split(tok: str) -> tuple[int, str]:
    return RANKS.index(tok[:-1]) + 1, tok[-1]


def value(tok: str) -> int:
    return 0 if tok in ("BJ", "LJ") else VALUE[tok[:-1]]


class Ref:
    def __init__(self, hands: list[list[str]], rules: dict[str, Any]) -> None:
        self.hands = [set(h) for h in hands]
        self.piles: list[list[str]] = [[] for _ in hands]
        self.rules = rules
        self.variant = rules.get("variant", "plain")
        self.suits = {split(c)[1] for h in hands for c in h if c not in ("BJ", "LJ")}
        self.table: dict[str, set[int]] = {}
        self.mult: dict[str, int] = {}            # replaced (dead) position -> 2 or 3
        self.on_table: set[str] = set()           # physical cards on the table

    def is_wild(self, c: str) -> bool:
        """§8.5: 2s and Ks; §8.6: also the jokers."""
        if self.variant == "plain":
            return False
        if c in ("BJ", "LJ"):
            return self.variant == "daiwang"
        return c[:-1] in ("2", "K")

    def extends(self, pos: str) -> bool:
        r, s = split(pos)
        return s in self.table and r in (max(self.table[s]) + 1, min(self.table[s]) - 1)

    def opens(self, pos: str) -> bool:
        r, s = split(pos)
        return s in self.suits and s not in self.table and r == 7

    def all_positions(self) -> list[str]:
        return [f"{r}{s}" for s in sorted(self.suits) for r in RANKS]

    def legal(self, seat: int) -> set[str]:
        hand = self.hands[seat]
        if not self.table:
            return {"play 7♠"} if "7♠" in hand else set()
        natural = {c for c in hand if c not in ("BJ", "LJ") and c not in self.mult}
        connect = {c for c in natural if self.extends(c)}
        sevens = {c for c in natural if self.opens(c)}
        may_open = bool(self.rules.get("seven_anytime")) or not connect
        out = {f"play {c}" for c in connect}
        if may_open:
            out |= {f"play {c}" for c in sevens}
        spots = [p for p in self.all_positions() if self.extends(p) or (may_open and self.opens(p))]
        wilds = {c for c in hand if self.is_wild(c) and c not in self.mult}
        for w in wilds:
            out |= {f"play {w} for {p[-1]}{p[:-1]}" for p in spots if p != w}
        must = bool(connect)
        if self.rules.get("seven_anytime") or self.rules.get("must_play_seven_if_no_connect"):
            must |= bool(sevens)
        if self.rules.get("wild_counts_as_playable") and wilds:
            must |= any(self.extends(p) or self.opens(p) for p in self.all_positions())
        if not must:
            out |= {f"kou {c}" for c in hand}
        return out

    def apply(self, seat: int, text: str) -> None:
        w = text.split()
        card = w[1]
        self.hands[seat].discard(card)
        if w[0] == "kou":
            self.piles[seat].append(card)
            return
        pos = card
        if len(w) == 4:
            pos = w[3][1:] + w[3][0]
            if pos not in self.on_table:          # the real card dies (§8.5 / §8.6)
                self.mult[pos] = 3 if card in ("BJ", "LJ") else 2
        r, s = split(pos)
        self.table.setdefault(s, set()).add(r)
        self.on_table.add(card)

    def scores(self, teams: bool) -> list[int]:
        """§8.4: minus the values of the face-down cards; a dead card ×2 (§8.5) or ×3 (§8.6);
        teams (§8.1): partners s and s + n/2 carry the sum."""
        own = [-sum(value(c) * self.mult.get(c, 1) for c in p) for p in self.piles]
        if not teams:
            return own
        half = len(own) // 2
        return [own[s % half] + own[s % half + half] for s in range(len(own))]


CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (3, {}),
    (2, {"variant": "dai2k"}),
    (5, {"variant": "dai2k", "wild_counts_as_playable": True}),
    (4, {"variant": "daiwang", "teams": "alternate"}),
    (6, {"variant": "daiwang", "seven_anytime": True}),
    (4, {"must_play_seven_if_no_connect": True, "variant": "dai2k"}),
    (8, {"variant": "daiwang", "removed_suits": "h"}),
]


@pytest.mark.parametrize(("players", "rules"), CONFIGS)
def test_engine_matches_reference_on_random_deals(players: int, rules: dict[str, Any]) -> None:
    rng = random.Random(players * 31 + len(rules))
    dead_face_down = 0
    for g in range(10):
        state = new_game("biefufen", players, seed=g * 13 + players, rules=rules)
        ref = Ref([[card_str(c) for c in h] for h in state.deal.hands], rules)
        while not state.is_over:
            (seat,) = state.to_move()
            engine = {state.move_text(m) for m in state.legal_moves(seat)}
            assert engine == ref.legal(seat), (g, state.moves_text())
            # prefer wild substitutions now and then so that dead cards occur
            subs = sorted(m for m in engine if " for " in m)
            move = rng.choice(subs) if subs and rng.random() < 0.3 else rng.choice(sorted(engine))
            state.apply(move, seat)
            ref.apply(seat, move)
        assert state.scores == ref.scores(rules.get("teams") == "alternate")
        dead_face_down += sum(c in ref.mult for p in ref.piles for c in p)
        sc = state.scores
        if len(set(sc)) > 1:
            assert state.winners() == [s for s in range(players) if sc[s] == max(sc)]
            assert state.losers() == [s for s in range(players) if sc[s] == min(sc)]
    if rules.get("variant", "plain") != "plain":
        assert dead_face_down > 0          # the ×2 / ×3 rule was exercised

