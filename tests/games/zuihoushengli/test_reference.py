"""An independent reference of 最后胜利, written from zuihoushengli.md only (audit).

Cards are read as printed strings (``"10♥"``, ``"BJ"``); the reference keeps its own hands,
stock, bankrupt list and leader, and replays random whole deals beside the engine: the turned
trump (§7.3), the legal plays (§7.4 with the jokers as top trumps and the seed's must-trump
reading, or free discards), each trick's winner, the winner's draw, the bankrupt order, the
survivor (§7.5) and the points (§7.6) must agree.
"""

from __future__ import annotations

import random

import pytest

from cardtable.cards import make_pack, parse_cards
from cardtable.deal import Deal
from cardtable.games.zuihoushengli.state import ZuihoushengliState
from cardtable.registry import get_game

G = get_game("zuihoushengli")
ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]   # §7.4, high → low
SIZES = {4: 7, 5: 6, 6: 5}                                                    # §7.2


def eff_suit(card: str, trump: str | None) -> str:
    """§7.4 Decision: a joker belongs to the trump suit (with no trump suit: to the jokers)."""
    if card in ("BJ", "LJ"):
        return trump or "joker"
    return card[-1]


def strength(card: str) -> int:
    """BJ > LJ > A > K > … > 2."""
    if card == "BJ":
        return 100
    if card == "LJ":
        return 99
    return 50 - ORDER.index(card[:-1])


def ref_legal(hand: set[str], trick: list[str], trump: str | None, must_trump: bool) -> set[str]:
    if not trick:
        return set(hand)
    led = eff_suit(trick[0], trump)
    same = {c for c in hand if eff_suit(c, trump) == led}
    if same:
        return same
    trumps = {c for c in hand if eff_suit(c, trump) == (trump or "joker")}
    if must_trump and trumps:          # seed: 有将牌时可以将吃，无将牌时则可垫牌
        return trumps
    return set(hand)


def ref_winner(trick: list[str], trump: str | None) -> int:
    t = trump or "joker"
    trumps = [i for i, c in enumerate(trick) if eff_suit(c, trump) == t]
    pool = trumps or [i for i, c in enumerate(trick) if eff_suit(c, trump) == eff_suit(trick[0], trump)]
    return max(pool, key=lambda i: strength(trick[i]))


def play_one(players: int, seed: int, rng: random.Random, void_rule: str, joker_top: bool) -> None:
    pack = [str(c) for c in make_pack(named_jokers=2)]
    rng.shuffle(pack)
    if joker_top:                       # force scenario 7.7.8: a joker is the turned card
        n = players * SIZES[players]
        j = pack.index(rng.choice(["BJ", "LJ"]))
        pack[j], pack[n] = pack[n], pack[j]
    n = SIZES[players]
    dealer = seed % players
    hands = [set(pack[i * n:(i + 1) * n]) for i in range(players)]
    stock = pack[players * n:]
    st = G.start(players, G.make_options(rules={"void_rule": void_rule}),
                 Deal([parse_cards(sorted(h)) for h in hands], stock=parse_cards(stock),
                      extra={"dealer": dealer}))
    assert isinstance(st, ZuihoushengliState)
    turned = stock.pop(0)               # §7.3 the top card is turned; it stays out of play
    trump = None if turned in ("BJ", "LJ") else turned[-1]
    assert st.view(None)["turned"] == [turned]
    bankrupt: list[int] = []
    leader = dealer                     # §7.4 甲 leads
    survivor = None
    while survivor is None:
        order = [(leader + k) % players for k in range(players) if hands[(leader + k) % players]]
        trick: list[str] = []
        for s in order:
            assert st.to_move() == (s,)
            legal = {st.move_text(m).split()[1] for m in st.legal_moves()}
            assert legal == ref_legal(hands[s], trick, trump, void_rule == "must_trump"), (trick, trump)
            card = rng.choice(sorted(legal))
            st.apply(f"play {card}")
            hands[s].discard(card)
            trick.append(card)
        w = order[ref_winner(trick, trump)]
        assert st.tricks[-1].winner == w
        if stock:                        # §7.4 the winner alone draws one card
            hands[w].add(stock.pop(0))
        out = [s for s in order if not hands[s]]          # §7.5 in play order
        left = [s for s in range(players) if hands[s]]
        if not left:                                       # Decision: the trick's winner survives
            out.remove(w)
            left = [w]
        bankrupt += out
        if len(left) == 1:
            survivor = left[0]
            break
        leader = w
        while not hands[leader]:                           # Decision: next active player leads
            leader = (leader + 1) % players
        assert [set(st.view(s)["hand"]) for s in range(players)] == hands
    assert st.is_over and st.bankrupt == bankrupt and st.survivor == survivor
    expect = [0] * players
    expect[survivor] = 20                                  # §7.6
    for place, s in enumerate(bankrupt):
        expect[s] = -40 + 10 * place
    assert st.scores == expect and st.winners() == [survivor]


@pytest.mark.parametrize("void_rule", ["must_trump", "free"])
def test_engine_matches_reference_on_random_deals(void_rule: str) -> None:
    rng = random.Random(7 if void_rule == "free" else 8)
    for seed in range(36):
        play_one(4 + seed % 3, seed, rng, void_rule, joker_top=seed % 6 == 5)
