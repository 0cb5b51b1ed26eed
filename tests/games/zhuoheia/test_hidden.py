"""Audit: the hidden partnership (zhuoheia.md §2.1) cannot leak.

Twin worlds: two deals that differ only in which of two other seats holds A♠ (A♠ swapped with
another ace).  Until either card is played or shown, everything a seat that holds neither can
see must be identical in both worlds: its view, the CLI screen (render), the hint, the log,
the score items, the errors of bad moves, and the heuristic bot's choice (bots get only views).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.cards import Card, card_str, parse_card
from cardtable.errors import IllegalMove
from cardtable.games.zhuoheia import BOTS, hint, render
from cardtable.moves import Move
from cardtable.registry import new_game, new_match

SA = parse_card("A♠")
BAD = ["reveal", "pass", "play A♠", "give A♠", "pick A♠", "return 3♠", "play 3♠ 4♥ 5♦ 6♣",
       "dance", "play BJ LJ"]


def swap(m: Move, a: int, b: int) -> Move:
    return Move(m.verb, tuple(Card(b if c == a else a if c == b else c) for c in m.cards))


def errors(st: Any, seat: int) -> list[str]:
    out = []
    for text in BAD:
        try:
            st.clone().apply(text, seat)
            out.append("ok")
        except IllegalMove as e:
            out.append(str(e))
    return out


def seen(st: Any, seat: int | None) -> dict[str, Any]:
    v = st.view(seat)
    out: dict[str, Any] = {"view": v, "screen": render(v),
                           "items": [it.to_json() for it in st.score_items()],
                           "log": [st.log_text(seat, s, m) for s, m in st.history]}
    if seat is not None and seat in st.to_move():
        legal = st.legal_moves(seat)
        out["hint"] = hint(v, legal)
        out["bot"] = str(BOTS["heuristic"]("zhuoheia").choose(v, legal, random.Random(1)))
        out["errors"] = errors(st, seat)
    return out


def twin_check(deal: dict[str, Any], players: int, rules: dict[str, Any], rng: random.Random) -> int:
    """Play a random game in world 1 and the same moves in world 2; compare what every seat
    that holds neither swapped card sees.  Returns how many steps were compared."""
    w1 = new_game("zhuoheia", players, rules=rules, deal=deal)
    holder = next(s for s in range(players) if w1.hands[s] >> SA & 1)
    others = [(s, c) for s in range(players) if s != holder
              for c in map(parse_card, ("A♥", "A♦", "A♣")) if w1.hands[s] >> c & 1
              and not w1.public >> c & 1]
    if not others or w1.public >> SA & 1:
        return 0
    y, z = rng.choice(others)
    hands2 = [[card_str(z) if t == "A♠" else "A♠" if t == card_str(z) else t for t in h]
              for h in deal["hands"]]
    w2 = new_game("zhuoheia", players, rules=rules, deal={**deal, "hands": hands2})
    watchers = [None, *[s for s in range(players) if s not in (holder, y)]]
    steps = 0
    while not w1.is_over:
        if w1.public >> SA & 1 or w1.public >> z & 1 or w1.played >> SA & 1 or w1.played >> z & 1:
            break
        if w1.phase == "play" and w1.partner not in (holder, w1.dealer):
            break      # A♠ moved openly in tribute: public, nothing left to compare
        for s in watchers:
            assert seen(w1, s) == seen(w2, s), (s, w1.to_json())
        steps += 1
        m = rng.choice(w1.legal_moves())
        if SA in m.cards or z in m.cards or m.verb == "reveal":
            break
        w1.apply(m)
        w2.apply(swap(m, SA, z))
    return steps


def test_twin_worlds_first_hands() -> None:
    rng = random.Random(3)
    total = 0
    for seed in range(6):
        for players, rules in ((4, {}), (5, {"lead_after_out": "partner", "first_lead": "holder_of_H3"}),
                               (4, {"allow_voluntary_reveal": True, "pass_is_final_for_round": True})):
            st = new_game("zhuoheia", players, rules=rules, seed=seed)
            deal = {k: v for k, v in st.deal.to_json().items() if k not in ("stock", "discard")}
            total += twin_check(deal, players, rules, rng)
    assert total > 100


def test_twin_worlds_tribute_hands() -> None:
    """Later hands: tribute first (open, D1), then play; the swap is made in the new deal."""
    rng = random.Random(4)
    total = 0
    for players, seed in ((4, 8), (5, 9), (4, 10)):
        m = new_match("zhuoheia", players, rules={"deals": 2}, seed=seed)
        st = m.state
        while not st.is_over:
            st.apply(rng.choice(st.legal_moves()))
        m.finish_deal()
        st = m.next_deal()
        deal = {k: v for k, v in st.deal.to_json().items() if k not in ("stock", "discard")}
        total += twin_check(deal, players, {"deals": 2}, rng)
    assert total > 20


def test_partner_hidden_on_the_cli_screen() -> None:
    """render() of a non-holder's view says the partner is unknown; the holder's says who."""
    st = new_game("zhuoheia", 4, seed=12)
    holder = next(s for s in range(4) if st.hands[s] >> SA & 1)
    if holder == st.dealer:
        return
    other = next(s for s in range(4) if s not in (holder, st.dealer))
    assert "unknown (A♠ not shown)" in render(st.view(other))
    assert "unknown (A♠ not shown)" in render(st.view(st.dealer))
    assert f"seat {holder} holds A♠" in render(st.view(holder))
