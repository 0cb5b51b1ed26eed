"""The terminal rendering and hint: built from a view only, so they show nothing secret."""

from __future__ import annotations

import random

import cardtable
from cardtable.conformance import view_tokens
from cardtable.games.gin import hint, render


def test_render_shows_own_arrangement_and_no_secret_card() -> None:
    rng = random.Random(5)
    for seed in range(20):
        state = cardtable.new_game("gin", seed=seed)
        for _ in range(rng.randrange(0, 40)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        for seat in (0, 1):
            view = state.view(seat)
            text = render(view)
            tip = hint(view, state.legal_moves(seat)) if seat in state.to_move() else None
            shown = view_tokens([text, tip or ""])
            for card in state.secret_cards(seat):
                assert str(card) not in shown, (seed, seat, str(card))
            if not state.hands_public():
                assert "deadwood" in text.splitlines()[2 + seat]


def test_hint_names_the_least_deadwood_discard() -> None:
    deal = {"hands": [["A♠", "2♠", "3♠", "7♥", "7♦", "7♣", "9♣", "K♦", "Q♦", "4♥"],
                      ["2♥", "3♥", "5♠", "6♠", "8♦", "9♦", "J♣", "J♠", "5♣", "6♣"]],
            "discard": ["10♥"], "dealer": 1}
    used = {c for h in deal["hands"] for c in h} | {"10♥"}
    deal["stock"] = [str(c) for c in cardtable.cards.make_pack() if str(c) not in used]
    state = cardtable.new_game("gin", deal=deal)
    state.apply("pass")
    state.apply("pass")
    state.apply("draw")
    drawn = [c for c in state.view(0)["hand"] if c not in deal["hands"][0]]
    assert drawn == ["4♠"]  # the stock's top card: the first unused card in pack order
    tip = hint(state.view(0), state.legal_moves(0))
    # A♠-4♠ and the 7s are melds; throwing K♦ or Q♦ leaves 9♣ + Q♦/K♦ + 4♥ = 23
    assert tip is not None and tip.split("  — ")[0] in ("discard K♦", "discard Q♦")
    assert "least deadwood (23)" in tip
