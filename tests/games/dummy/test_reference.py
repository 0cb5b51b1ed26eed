"""An independent reference for the seed's penalties (dummy.md §4 O3, O4, O6–O9, P1; §5 C1–C5)
and the hand scores (§3 S1–S4, B19–B26), written from the spec text only (no engine helper is
used), run alongside random playouts that favour pickups and melds, compared with the engine."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from cardtable.cards import parse_card
from cardtable.registry import new_game

SUITS = "♠♥♦♣"


def rank(c: int) -> int:
    ri = c % 13
    return 14 if ri == 0 else ri + 1


def suit(c: int) -> int:
    return c // 13


def valid_meld(cards: set[int]) -> bool:
    """B6 set of 3–4 one rank; B7–B9 run of ≥3, one suit, consecutive, ace high only."""
    if len(cards) < 3:
        return False
    if len({rank(c) for c in cards}) == 1:
        return len(cards) <= 4
    if len({suit(c) for c in cards}) != 1:
        return False
    rs = sorted(rank(c) for c in cards)
    return rs == list(range(rs[0], rs[0] + len(rs)))


def connector(x: int, y: int) -> bool:
    if x == y:
        return False
    return rank(x) == rank(y) or (suit(x) == suit(y) and abs(rank(x) - rank(y)) in (1, 2))


def cs(text: str) -> set[int]:
    return {int(parse_card(t)) for t in text.split()}


SPETO = cs("2♣ Q♠")
C2 = cs("2♠ 2♦ 2♥ 3♣ 4♣")
CQ = cs("Q♣ Q♦ Q♥ 10♠ J♠ K♠ A♠")
CONN = C2 | CQ
RELATED = CONN | SPETO


class Reference:
    def __init__(self, players: int, pile: list[int]) -> None:
        self.n = players
        self.pile = list(pile)
        self.head = pile[0]
        self.melds: list[dict[str, Any]] = []     # {"cards": set, "creator": seat, "by": {card: seat}}
        self.events: list[tuple[int, int, int, set[int]]] = []   # (card, seat, turn, P_e)
        self.charges: Counter[tuple[int, str, int]] = Counter()
        self.turn = 1
        self.tabled: list[set[int]] = [set() for _ in range(players)]
        self.knock: tuple[int, int, bool] | None = None     # (seat, card, dark)
        self.new_turn(None)

    def new_turn(self, seat: int | None) -> None:
        self.took = False
        self.target: int | None = None
        self.taken: set[int] = set()
        self.new_melds: list[set[int]] = []
        self.tabled_at_start = [set(t) for t in self.tabled]

    def meld_of(self, card: int) -> dict[str, Any]:
        return next(m for m in self.melds if card in m["cards"])

    def on_move(self, seat: int, verb: str, cards: list[int], group: list[int]) -> None:
        if verb == "take":
            t = cards[0]
            i = self.pile.index(t)
            self.taken, self.pile = set(self.pile[i:]), self.pile[:i]
            self.took, self.target = True, t
            meld = set(group)
            self.melds.append({"cards": meld, "creator": seat, "by": dict.fromkeys(meld, seat)})
            self.new_melds.append(set(meld))
            self.tabled[seat] |= meld
        elif verb == "meld":
            meld = set(cards)
            self.melds.append({"cards": meld, "creator": seat, "by": dict.fromkeys(meld, seat)})
            self.new_melds.append(set(meld))
            self.tabled[seat] |= meld
        elif verb == "layoff":
            m = self.meld_of(group[0])
            self.o9(seat, m, set(cards))
            m["cards"] |= set(cards)
            m["by"].update(dict.fromkeys(cards, seat))
            self.tabled[seat] |= set(cards)
        elif verb == "discard":
            c = cards[0]
            if any(valid_meld(m["cards"] | {c}) for m in self.melds):                    # O3
                self.charges[(seat, "O3", c)] += 1
            if any(valid_meld({c, a, b}) for a, b in combinations(self.pile, 2)):          # O4
                self.charges[(seat, "O4", c)] += 1
            self.events.append((c, seat, self.turn, set(self.pile)))
            self.pile.append(c)
            self.end_of_turn(seat)
        elif verb == "knock":
            prev = [e for e in self.events if e[2] == self.turn - 1]                       # P1
            if self.took and prev and self.target == prev[0][0]:
                self.charges[(prev[0][1], "P1", prev[0][0])] += 1
            self.knock = (seat, cards[0], not self.tabled_at_start[seat])
            self.end_of_turn(seat)

    def o9(self, seat: int, meld: dict[str, Any], group: set[int]) -> None:
        for s in group & SPETO:
            old = meld["cards"]
            if len({rank(c) for c in old}) == 1:            # a set: its creator
                z = meld["creator"]
            else:                                           # a run: who placed the old neighbour
                nb = [c for c in old if abs(rank(c) - rank(s)) == 1]
                if not nb:
                    continue                                # the two-card exemption
                z = meld["by"][nb[0]]
            if z != seat:
                self.charges[(z, "O9", s)] += 1

    def end_of_turn(self, seat: int) -> None:
        if self.took:
            for c, x, te, pe in self.events:
                if x == seat or not te < self.turn < te + self.n:
                    continue
                h = self.head
                if (h in pe and connector(h, c) and {h, c} <= self.taken
                        and any({h, c} <= m for m in self.new_melds)):                      # O6
                    self.charges[(x, "O6", c)] += 1
                o7 = c in RELATED and c in self.taken and any(
                    d in RELATED and d in self.taken and not (c in SPETO and d in SPETO)
                    and any({c, d} <= m and m & SPETO for m in self.new_melds) for d in pe)
                if o7:
                    self.charges[(x, "O7", c)] += 1
                elif c in CONN and c in self.taken and any(c in m and m & SPETO for m in self.new_melds):
                    self.charges[(x, "O8", c)] += 1                                        # O8
        self.turn += 1
        self.new_turn(None)


def value(c: int) -> int:
    """B25."""
    if c in SPETO:
        return 50
    r = rank(c)
    return 15 if r == 14 else 5 if r <= 9 else 10


def ref_scores(ref: Reference, hands: list[set[int]]) -> list[int]:
    """§3 S1–S4 with B19–B26 under the default options."""
    pen = Counter()
    for (seat, _, _), k in ref.charges.items():
        pen[seat] += 50 * k
    out = []
    for p in range(ref.n):
        t = sum((100 if ref.head in SPETO else 50) if c == ref.head else value(c) for c in ref.tabled[p])
        if ref.knock and ref.knock[0] == p:
            k = ref.knock[1]
            kc = 100 if k in SPETO or any(valid_meld(m["cards"] | {k}) for m in ref.melds) else value(k)
            colour = len({suit(c) for c in ref.tabled[p]}) == 1
            mult = (4 if colour else 2) if ref.knock[2] else (2 if colour else 1)
            out.append((t + kc + 50) * mult - pen[p])
            continue
        h = sum(value(c) for c in hands[p])
        dark = ref.knock is not None and not ref.tabled[p]
        out.append((-2 * h if dark else t - h) - pen[p])
    return out


def _policy(legal: list[Any], rng: random.Random, eager: float) -> Any:
    takes = [m for m in legal if m.verb in ("take", "meld", "layoff")]
    knocks = [m for m in legal if m.verb == "knock"]
    if knocks:
        return knocks[0]
    if takes and rng.random() < eager:
        return rng.choice(takes)
    return rng.choice(legal)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_penalties_match_an_independent_reference(players: int) -> None:
    fired: Counter[str] = Counter()
    for seed in range(60):
        s = new_game("dummy", players, seed=seed * 7 + players)
        ref = Reference(players, [int(c) for c in s.deal.discard])
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.cur
            mv = _policy(s.legal_moves(), rng, 0.8 if seed % 3 else 0.3)
            s.apply(mv)
            group = [int(c) for c in mv.groups[0]] if mv.groups else []
            ref.on_move(seat, mv.verb, [int(c) for c in mv.cards], group)
        got = Counter((it.seat, it.rule.split(":")[1], int(it.cards[0])) for it in s.penalties)
        assert got == ref.charges, (seed, s.moves_text())
        hands = [{int(parse_card(x)) for x in h} for h in s.view(None)["hands"]]
        assert s.scores == ref_scores(ref, hands), (seed, s.moves_text())
        fired["knock"] += ref.knock is not None
        fired["dark"] += bool(ref.knock and ref.knock[2])
        fired["colour"] += bool(ref.knock and len({suit(c) for c in ref.tabled[ref.knock[0]]}) == 1)
        fired.update(r for _, r, _ in got.elements())
    # the playouts must actually exercise the rules compared
    assert fired["knock"] > 5 and sum(fired.values()) > 20
    assert fired["O3"] and fired["O9"] and fired["O6"] + fired["O7"] + fired["O8"]


def _meld_hand(rng: random.Random, sizes: tuple[int, ...], one_suit: int | None) -> list[int]:
    """Disjoint random melds of the given sizes (runs of one suit if ``one_suit`` is set)."""
    while True:
        hand: set[int] = set()
        for size in sizes:
            if one_suit is not None:
                lo = rng.randrange(2, 16 - size)
                opts = [{one_suit * 13 + (r - 1 if r < 14 else 0) for r in range(lo, lo + size)}]
            else:
                r = rng.randrange(2, 15)
                opts = [{s * 13 + (r - 1 if r < 14 else 0) for s in rng.sample(range(4), size)}] if size <= 4 else []
                lo, st = rng.randrange(2, 16 - size), rng.randrange(4)
                opts.append({st * 13 + (x - 1 if x < 14 else 0) for x in range(lo, lo + size)})
            m = rng.choice(opts)
            if m & hand:
                break
            hand |= m
        else:
            return sorted(hand)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dark_and_colour_knocks_match_the_reference(players: int) -> None:
    """Stacked deals: the starter holds only melds, draws a knock card and knocks dark (B20), in
    some deals with runs of one suit only (dark colour, B22); scores as §3 S1/S3."""
    from cardtable.cards import card_str, make_pack
    sizes = {2: (4, 4, 3), 3: (3, 3, 3), 4: (4, 3)}[players]
    seen = Counter()
    for k in range(12):
        rng = random.Random(k)
        hand = _meld_hand(rng, sizes, rng.randrange(4) if k % 2 else None)
        rest = [int(c) for c in make_pack() if int(c) not in hand]
        rng.shuffle(rest)
        size = len(hand)
        others = [rest[i * size:(i + 1) * size] for i in range(players - 1)]
        pile, stock = rest[(players - 1) * size], rest[(players - 1) * size + 1:]
        deal = {"hands": [[card_str(c) for c in h] for h in [hand, *others]],
                "discard": [card_str(pile)], "stock": [card_str(c) for c in stock]}
        s = new_game("dummy", players, deal=deal)
        ref = Reference(players, [pile])
        s.apply("draw")
        ref.on_move(0, "draw", [], [])
        while not s.is_over:
            legal = s.legal_moves()
            assert all(m.verb != "discard" for m in legal) or not s.must_knock
            knocks = [m for m in legal if m.verb == "knock"]
            tabling = [m for m in legal if m.verb in ("meld", "layoff")]
            mv = knocks[0] if knocks else rng.choice(tabling)
            s.apply(mv)
            ref.on_move(0, mv.verb, [int(c) for c in mv.cards], [int(c) for c in mv.groups[0]] if mv.groups else [])
        assert ref.knock is not None and ref.knock[0] == 0 and ref.knock[2]
        hands = [{int(parse_card(x)) for x in h} for h in s.view(None)["hands"]]
        assert s.scores == ref_scores(ref, hands), (k, s.moves_text())
        seen[len({suit(c) for c in ref.tabled[0]}) == 1] += 1
    assert seen[True] and seen[False]
