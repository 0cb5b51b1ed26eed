"""An independent reference of 四百分's judgements, written from sibaifen.md only (audit).

It reads cards as their printed strings (``"10♥"``), never the engine's codes or tables, and
replays random whole deals (random auctions, buries, trumps and plays) side by side with the
engine: the legal bids (§3.5), the legal plays (§3.6: follow suit if able, else anything),
every trick's winner (§3.6), the kitty's owner and the settlement (§3.7) must agree.
"""

from __future__ import annotations

import random

from cardtable.games.sibaifen.state import SibaifenState
from cardtable.registry import get_game

G = get_game("sibaifen")

ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]   # §3.3, high → low
POINT = {"K": 25, "Q": 20, "J": 15, "10": 10, "5": 5, "2": 25}                # §3.2


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def ref_legal(hand: list[str], trick: list[str]) -> set[str]:
    """§3.6: follow the led suit if able; a void player may play anything (trump or discard)."""
    if not trick:
        return set(hand)
    same = {c for c in hand if suit(c) == suit(trick[0])}
    return same or set(hand)


def ref_winner(trick: list[str], trump: str) -> int:
    """§3.6: the highest trump if any, else the highest card of the led suit."""
    trumps = [i for i, c in enumerate(trick) if suit(c) == trump]
    pool = trumps or [i for i, c in enumerate(trick) if suit(c) == suit(trick[0])]
    return min(pool, key=lambda i: ORDER.index(rank(trick[i])))


def ref_bids(high: int | None) -> set[str]:
    """§3.5: pass, or a multiple of 5 in [200, 400] above the current bid."""
    low = 200 if high is None else high + 5
    return {"pass"} | {f"bid {b}" for b in range(low, 401, 5)}


def play_one(seed: int, rng: random.Random) -> int:
    st = G.new_state(4, seed=seed, context={"dealer": seed % 4})
    assert isinstance(st, SibaifenState)
    dealer = seed % 4
    # --- auction (§3.5): the dealer first, clockwise (= next seat); a bid + 3 passes ends it
    high: tuple[int, int] | None = None
    seat, passes = dealer, 0
    while True:
        assert st.to_move() == (seat,)
        legal = {st.move_text(m) for m in st.legal_moves()}
        assert legal == ref_bids(None if high is None else high[0])
        move = "pass" if rng.random() < 0.55 or len(legal) == 1 else rng.choice(sorted(legal - {"pass"}))
        st.apply(move)
        if move == "pass":
            passes += 1
            if (high is None and passes == 4) or (high is not None and passes == 3):
                break
        else:
            high, passes = (int(move.split()[1]), seat), 0
            if high[0] == 400:
                break
        seat = (seat + 1) % 4
    if high is None:                                   # §3.5 Decision: thrown in, no score
        assert st.is_over and st.scores == [0, 0, 0, 0] and st.winners() == []
        return 0
    declarer, contract = high[1], high[0]
    assert (st.declarer, st.contract) == (declarer, contract)
    hands = [set(st.view(s)["hand"]) for s in range(4)]
    assert len(hands[declarer]) == 16                  # §3.5 the kitty joins his hand
    buried = rng.sample(sorted(hands[declarer]), 4)    # any 4 cards, points allowed
    st.apply("bury " + " ".join(buried))
    hands[declarer] -= set(buried)
    trump = rng.choice("♠♥♦♣")
    st.apply(f"trump {trump}")
    # --- play (§3.6): the declarer leads; the trick's winner leads the next
    leader = declarer
    taken = [0, 0]
    last_winner = -1
    for _ in range(12):
        trick: list[str] = []
        for k in range(4):
            s = (leader + k) % 4
            assert st.to_move() == (s,)
            legal = {st.move_text(m).split()[1] for m in st.legal_moves()}
            assert legal == ref_legal(sorted(hands[s]), trick)
            card = rng.choice(sorted(legal))
            st.apply(f"play {card}")
            hands[s].discard(card)
            trick.append(card)
        w = (leader + ref_winner(trick, trump)) % 4
        assert st.tricks[-1].winner == w, (trick, trump)
        taken[w % 2] += sum(POINT.get(rank(c), 0) for c in trick)
        leader = last_winner = w
    assert st.is_over and sum(taken) + sum(POINT.get(rank(c), 0) for c in buried) == 400
    # --- settlement (§3.7): the kitty goes with the last trick; made → C, failed → C − T
    taken[last_winner % 2] += sum(POINT.get(rank(c), 0) for c in buried)
    d = declarer % 2
    t = taken[d]
    expect = [0, 0, 0, 0]
    for s in range(4):
        if t >= contract and s % 2 == d:
            expect[s] = contract
        if t < contract and s % 2 != d:
            expect[s] = contract - t
    assert st.scores == expect, (contract, t)
    side = d if t >= contract else 1 - d
    assert st.winners() == [side, side + 2]
    return 1


def test_engine_matches_reference_on_random_deals() -> None:
    rng = random.Random(2026)
    played = sum(play_one(seed, rng) for seed in range(60))
    assert played >= 40          # most random auctions reach a contract
