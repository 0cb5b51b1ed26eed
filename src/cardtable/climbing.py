"""Climbing-game combinations (争上游 family): classify a set of cards, compare two plays and
list every play of a hand that beats the table.

Ranks are *climbing ranks* 0..14 = ``3 4 5 6 7 8 9 T J Q K A 2 LJ BJ`` (:func:`climb_rank`);
sequences (straights, pair and triple sequences) use ranks 0..11 (3 up to A) only, plus the
optional low A-2-3-4-5 straight.  Work is done on rank counts, then expanded into card choices.
Stdlib only; games pass a :class:`ClimbRules` with their options.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .cards import COPY_STRIDE, LJ
from .i18n import _, ngettext

RANK_NAMES = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "LJ", "BJ")
ACE, TWO, LITTLE, BIG = 11, 12, 13, 14
NRANKS = 15

SINGLE, PAIR, TRIPLE, STRAIGHT = "single", "pair", "triple", "straight"
PAIR_SEQ, TRIPLE_SEQ, TRIPLE_PAIR = "pair_seq", "triple_seq", "triple_pair"
BOMB, JOKER_BOMB = "bomb", "joker_bomb"
KIND_NAMES = {SINGLE: "single", PAIR: "pair", TRIPLE: "triple", STRAIGHT: "straight",
              PAIR_SEQ: "pair sequence", TRIPLE_SEQ: "triple sequence",
              TRIPLE_PAIR: "triple with pair", BOMB: "bomb", JOKER_BOMB: "joker bomb"}


def climb_rank(card: int) -> int:
    """3..K → 0..10, A → 11, 2 → 12, LJ → 13, BJ → 14."""
    b = card % COPY_STRIDE
    if b >= LJ:
        return LITTLE if b == LJ else BIG
    r = b % 13  # 0 = A, 1 = 2, 2 = 3 ...
    return ACE if r == 0 else TWO if r == 1 else r - 2


def rank_counts(cards: Iterable[int]) -> list[int]:
    counts = [0] * NRANKS
    for c in cards:
        counts[climb_rank(c)] += 1
    return counts


@dataclass(frozen=True)
class ClimbRules:
    """Which combinations exist (争上游 base, zhuoheia.md §2.0 and its config flags)."""

    min_straight: int = 5
    min_pair_seq: int = 2
    min_triple_seq: int = 2
    triple_with_pair: bool = False
    straight_flush_beats_straight: bool = False
    joker_pair_bomb: bool = False
    a2345_straight: bool = False


@dataclass(frozen=True, order=True)
class Combo:
    """A classified play: ``top`` is the rank that decides (highest of a sequence, the triple
    of a triple-with-pair; -1 for the low A-2-3-4-5 family is never used: its top is the 5)."""

    kind: str
    size: int
    top: int
    flush: bool = False

    def describe(self) -> str:
        name = KIND_NAMES[self.kind]
        if self.kind == JOKER_BOMB:
            return name
        extra = " flush" if self.flush else ""
        return f"{self.size}-card {name}{extra} topped by {RANK_NAMES[self.top]}" \
            if self.kind in (STRAIGHT, PAIR_SEQ, TRIPLE_SEQ) else f"{name} of {RANK_NAMES[self.top]}"


def _run_top(ranks: Sequence[int], rules: ClimbRules, length_min: int,
             allow_low: bool) -> int | None:
    """Top rank if the distinct ``ranks`` (sorted) form one run of ≥ length_min, else None."""
    n = len(ranks)
    if n < length_min:
        return None
    if ranks[-1] <= ACE and ranks[-1] - ranks[0] == n - 1:
        return ranks[-1]
    if allow_low and rules.a2345_straight and ACE in ranks and TWO in ranks:
        low = sorted(-2 if r == ACE else -1 if r == TWO else r for r in ranks)
        if low[0] == -2 and low[-1] - low[0] == n - 1 and low[-1] <= ACE - 1:
            return low[-1]
    return None


def classify(cards: Sequence[int], rules: ClimbRules) -> Combo | None:
    """The combination ``cards`` form, or None if they form none (zhuoheia.md §2.0)."""
    n = len(cards)
    if n == 0:
        return None
    counts = rank_counts(cards)
    used = [r for r in range(NRANKS) if counts[r]]
    if n == 1:
        return Combo(SINGLE, 1, used[0])
    if len(used) == 1:
        r = used[0]
        return Combo({2: PAIR, 3: TRIPLE, 4: BOMB}.get(n, ""), n, r) if n <= 4 else None
    if n == 2 and used == [LITTLE, BIG] and rules.joker_pair_bomb:
        return Combo(JOKER_BOMB, 2, BIG)
    mult = {counts[r] for r in used}
    if mult == {1}:
        top = _run_top(used, rules, rules.min_straight, True)
        if top is not None:
            flush = len({c % COPY_STRIDE // 13 for c in cards}) == 1
            return Combo(STRAIGHT, n, top, flush and rules.straight_flush_beats_straight)
        return None
    if mult == {2}:
        top = _run_top(used, rules, rules.min_pair_seq, False)
        return Combo(PAIR_SEQ, n, top) if top is not None else None
    if mult == {3}:
        top = _run_top(used, rules, rules.min_triple_seq, False)
        return Combo(TRIPLE_SEQ, n, top) if top is not None else None
    if rules.triple_with_pair and n == 5 and len(used) == 2 and mult == {2, 3}:
        t = used[0] if counts[used[0]] == 3 else used[1]
        p = used[1] if t == used[0] else used[0]
        if p < LITTLE:  # jokers never pair
            return Combo(TRIPLE_PAIR, 5, t)
    return None


def beats(a: Combo, b: Combo) -> bool:
    """Does play ``a`` beat the table's ``b``?  Same type and size and higher; a bomb beats
    every non-bomb; a higher bomb beats a lower; the joker bomb beats everything."""
    if b.kind == JOKER_BOMB:
        return False
    if a.kind == JOKER_BOMB:
        return True
    if a.kind == BOMB:
        return b.kind != BOMB or a.top > b.top
    if b.kind == BOMB or a.kind != b.kind or a.size != b.size:
        return False
    return (a.flush, a.top) > (b.flush, b.top)


def combo_words(c: Combo) -> str:
    """A combination in words of the current language ("5-card straight topped by 9");
    :meth:`Combo.describe` is the English of the view and stays as it is."""
    rank = RANK_NAMES[c.top]
    if c.kind == JOKER_BOMB:
        return _("joker bomb")
    if c.kind == STRAIGHT and c.flush:
        return ngettext("{n}-card straight flush topped by {rank}",
                        "{n}-card straight flush topped by {rank}", c.size, rank=rank)
    if c.kind == STRAIGHT:
        return ngettext("{n}-card straight topped by {rank}",
                        "{n}-card straight topped by {rank}", c.size, rank=rank)
    if c.kind == PAIR_SEQ:
        return ngettext("{n}-card pair sequence topped by {rank}",
                        "{n}-card pair sequence topped by {rank}", c.size, rank=rank)
    if c.kind == TRIPLE_SEQ:
        return ngettext("{n}-card triple sequence topped by {rank}",
                        "{n}-card triple sequence topped by {rank}", c.size, rank=rank)
    if c.kind == PAIR:
        return _("pair of {rank}", rank=rank)
    if c.kind == TRIPLE:
        return _("triple of {rank}", rank=rank)
    if c.kind == TRIPLE_PAIR:
        return _("triple with pair of {rank}", rank=rank)
    if c.kind == BOMB:
        return _("bomb of {rank}", rank=rank)
    return _("single of {rank}", rank=rank)


def why_not_beats(a: Combo, b: Combo) -> str:
    """A sentence saying why ``a`` does not beat ``b`` (for error messages)."""
    if b.kind == JOKER_BOMB:
        return _("nothing beats the joker bomb")
    if b.kind == BOMB and a.kind == BOMB:
        return _("a bomb must be higher than the bomb of {rank}", rank=RANK_NAMES[b.top])
    if b.kind == BOMB:
        return _("only a higher bomb beats a bomb")
    if a.kind != b.kind or a.size != b.size:
        return ngettext("the table shows a {combo}; reply with the same type and number of "
                        "cards ({n}) or a bomb",
                        "the table shows a {combo}; reply with the same type and number of "
                        "cards ({n}) or a bomb", b.size, combo=combo_words(b))
    return _("{mine} is not higher than {theirs}", mine=combo_words(a), theirs=combo_words(b))


def _seq_patterns(counts: Sequence[int], need: int, kind: str, min_len: int,
                  low: bool, rules: ClimbRules) -> list[tuple[Combo, tuple[tuple[int, int], ...]]]:
    out = []
    for start in range(ACE + 1):
        ranks: list[tuple[int, int]] = []
        for r in range(start, ACE + 1):
            if counts[r] < need:
                break
            ranks.append((r, need))
            if len(ranks) >= min_len:
                out.append((Combo(kind, need * len(ranks), r), tuple(ranks)))
    if low and rules.a2345_straight and counts[ACE] >= 1 and counts[TWO] >= 1:
        ranks = [(ACE, 1), (TWO, 1)]
        for r in range(ACE):
            if counts[r] < 1:
                break
            ranks.append((r, 1))
            if len(ranks) >= min_len:
                out.append((Combo(kind, len(ranks), r), tuple(ranks)))
    return out


def rank_patterns(counts: Sequence[int], rules: ClimbRules
                  ) -> list[tuple[Combo, tuple[tuple[int, int], ...]]]:
    """Every combination the rank counts allow: (combo, ((rank, how many), ...))."""
    out: list[tuple[Combo, tuple[tuple[int, int], ...]]] = []
    for r in range(NRANKS):
        c = counts[r]
        if c >= 1:
            out.append((Combo(SINGLE, 1, r), ((r, 1),)))
        if c >= 2:
            out.append((Combo(PAIR, 2, r), ((r, 2),)))
        if c >= 3:
            out.append((Combo(TRIPLE, 3, r), ((r, 3),)))
        if c >= 4:
            out.append((Combo(BOMB, 4, r), ((r, 4),)))
    out += _seq_patterns(counts, 1, STRAIGHT, rules.min_straight, True, rules)
    out += _seq_patterns(counts, 2, PAIR_SEQ, rules.min_pair_seq, False, rules)
    out += _seq_patterns(counts, 3, TRIPLE_SEQ, rules.min_triple_seq, False, rules)
    if rules.triple_with_pair:
        for t in range(NRANKS):
            if counts[t] >= 3:
                for p in range(LITTLE):
                    if p != t and counts[p] >= 2:
                        out.append((Combo(TRIPLE_PAIR, 5, t), ((t, 3), (p, 2))))
    if rules.joker_pair_bomb and counts[LITTLE] >= 1 and counts[BIG] >= 1:
        out.append((Combo(JOKER_BOMB, 2, BIG), ((LITTLE, 1), (BIG, 1))))
    return out


def plays(hand: Iterable[int], rules: ClimbRules, top: Combo | None = None
          ) -> list[tuple[Combo, tuple[int, ...]]]:
    """Every distinct set of cards of ``hand`` that forms a combination beating ``top``
    (any combination when ``top`` is None), each as (combo, cards sorted by rank)."""
    by_rank: list[list[int]] = [[] for _ in range(NRANKS)]
    for c in sorted(hand):
        by_rank[climb_rank(c)].append(c)
    counts = [len(x) for x in by_rank]
    sf = rules.straight_flush_beats_straight
    out: list[tuple[Combo, tuple[int, ...]]] = []
    for combo, need in rank_patterns(counts, rules):
        may_flush = sf and combo.kind == STRAIGHT
        if top is not None and not beats(combo, top):
            # a straight flush may still beat a straight (plain, or a lower straight flush)
            # of the same size: decided per card choice below
            if not (may_flush and top.kind == STRAIGHT and top.size == combo.size):
                continue
        choices = [list(combinations(by_rank[r], k)) for r, k in need]
        for pick in product(*choices):
            cards = tuple(c for group in pick for c in group)
            real = combo
            if may_flush and len({c % COPY_STRIDE // 13 for c in cards}) == 1:
                real = Combo(STRAIGHT, combo.size, combo.top, True)
            if top is None or beats(real, top):
                out.append((real, cards))
    return out
