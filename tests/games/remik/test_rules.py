"""Rules of a Remik deal (remik.md §B.4–B.8): turn phases, opening, take, swap, going out."""

from __future__ import annotations

import pytest

from cardtable.errors import IllegalMove
from cardtable.games.remik import RemikOptions, RemikState
from cardtable.moves import Move

from .helpers import GAME, state

# Seat 0 opens with A♠..10♠ (55, pure) and keeps 6♥ 9♣ 9♦; seat 1 opens with 5♥ JK=6♥ 7♥ (18)
# and 9♦..K♦ (49).
SWAP_HANDS = ["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ 6♥ 9♣ 9♦ 3♣",
              "5♥ JK 7♥ 9♦ 10♦ J♦ Q♦ K♦ 2♥ 4♣ 8♣ Q♣ K♣"]
SWAP_START = ["meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠", "discard 3♣",
              "draw", "meld [5♥ JK=6♥ 7♥] [9♦ 10♦ J♦ Q♦ K♦]"]


def test_rm15_swap_then_use_joker() -> None:
    """RM-15: swap 6♥ for the joker, then lay 9♣ 9♦ JK → legal."""
    st = state(SWAP_HANDS, "7♣ 2♣ 2♦")
    for m in SWAP_START + ["discard 2♥", "draw"]:
        st.apply(m)
    st.apply("swap 6♥ @m2")
    assert st.view(0)["table"][1]["cards"] == ["5♥", "6♥", "7♥"]
    assert st.view(0)["must_use_joker"] is True
    with pytest.raises(IllegalMove, match="first use the joker"):
        st.apply("discard 2♣")
    st.apply("meld 9♣ 9♦ JK=9♥")
    st.apply("discard 2♣")
    assert st.is_over and st.winners() == [0]


def test_rm15_swap_illegal_when_joker_cannot_be_used() -> None:
    """RM-15 second half: after taking 4♣ from the pile seat 0 holds 6♥ 4♣; swapping would leave
    JK 4♣, and any use of the joker leaves only the taken 4♣, which he may not discard."""
    hands = ["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ 6♥ 3♣",
             "5♥ JK 7♥ 9♦ 10♦ J♦ Q♦ K♦ 2♥ 4♣ 8♣ Q♣ K♣"]
    st = state(hands, "2♣ 2♦ 7♣")
    for m in ["meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "discard 3♣",
              "draw", "meld [5♥ JK=6♥ 7♥] [9♦ 10♦ J♦ Q♦ K♦]", "discard 4♣", "take"]:
        st.apply(m)
    with pytest.raises(IllegalMove, match="could not use the joker"):
        st.apply("swap 6♥ @m2")
    # with a card from the stock instead, the same swap is legal (the joker goes onto a run)
    st2 = state(hands, "2♣ 2♦ 7♣")
    for m in ["meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "discard 3♣",
              "draw", "meld [5♥ JK=6♥ 7♥] [9♦ 10♦ J♦ Q♦ K♦]", "discard 4♣", "draw"]:
        st2.apply(m)
    assert st2.is_legal("swap 6♥ @m2")
    # and without the same-turn rule the swap is always allowed
    st3 = state(hands, "2♣ 2♦ 7♣", rules={"joker_swap_use_same_turn": False})
    for m in ["meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "discard 3♣",
              "draw", "meld [5♥ JK=6♥ 7♥] [9♦ 10♦ J♦ Q♦ K♦]", "discard 4♣", "take"]:
        st3.apply(m)
    st3.apply("swap 6♥ @m2")
    assert st3.is_legal("discard JK")


def test_layoff_of_a_jokers_card_points_to_swap() -> None:
    st = state(SWAP_HANDS, "7♣ 2♣ 2♦")
    for m in SWAP_START + ["discard 2♥", "draw"]:
        st.apply(m)
    assert "swap 6♥ @m2" in (st.why_illegal(0, st.parse_move("lay 6♥ @m2", 0)) or "")


def test_full_suit_run_ace_orientation() -> None:
    """rule 7 and the 13-card Decision: A..K counts the ace 1, 2..A counts it 11."""
    hand = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 3♥"
    for text, value in (("meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", 85),
                        ("meld 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", 95)):
        st = state([hand, "2♥"], "3♣")
        st.apply(text)
        assert st.view(0)["table"][0]["value"] == value
        assert st.legal_moves()


def test_swap_only_the_named_card() -> None:
    """Clarification: a set's joker stands for the card named when laid; only that card swaps."""
    st = state(SWAP_HANDS, "2♣ 2♦ 7♣")
    for m in SWAP_START + ["discard 2♥", "draw"]:
        st.apply(m)
    assert "no joker standing for 9♣" in (st.why_illegal(0, st.parse_move("swap 9♣ @m2", 0)) or "")
    assert "no table meld" in (st.why_illegal(0, st.parse_move("swap 6♥ @m7", 0)) or "")


def test_rm18_unopened_take_is_rejected_with_reason() -> None:
    """RM-18 / rule 17: an unopened player takes the discard only to open with it."""
    st = state(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 3♥ 4♥ 7♦",
                "2♣ 3♦ 4♠ 5♥ 6♣ 7♦ 8♠ 9♥ 10♣ J♦ Q♠ K♥ 6♦"], "2♠")
    st.apply("meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]")
    st.apply("discard 7♦")
    with pytest.raises(IllegalMove, match="only together with an opening"):
        st.apply("take")
    assert all(m.verb != "take" for m in st.legal_moves())
    st.apply("draw")


def test_take_meld_opens_with_the_discard() -> None:
    """Clarification: 'take meld' takes the top discard and lays an opening that uses it."""
    st = state(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 3♥ 4♥ 10♥",
                "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ Q♥ Q♣ 5♣ 7♣ 2♥"], "2♠")
    st.apply("meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]")
    st.apply("discard 10♥")
    with pytest.raises(IllegalMove, match="do not hold enough jokers"):
        st.parse_move("take meld [2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦] [Q♥ Q♣ JK=Q♠]", 1)
    why = st.why_illegal(1, st.parse_move("take meld 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦", 1))
    assert why is not None and "must be used in the opening" in why
    st.apply("draw")
    assert st.view(1)["phase"] == "play"


def test_take_meld_legal() -> None:
    st = state(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ K♥ K♦ K♣ K♠ 3♥ 4♥ 10♦",
                "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ Q♥ Q♣ 5♣ 7♣ 2♥"], "2♠")
    st.apply("meld [7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠] [K♥ K♦ K♣ K♠]")
    st.apply("discard 10♦")
    legal = [st.move_text(m) for m in st.legal_moves()]
    assert "take meld 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦" in legal
    st.apply("take meld 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦")
    assert st.view(1)["opened"] == [True, True]
    with pytest.raises(IllegalMove):
        st.apply("take")


def test_opening_too_little_explains_requirement() -> None:
    """The task's requirement: the reason gives the count so far, the 51 and the pure run."""
    st = state(["10♠ J♠ Q♠ 5♦ 5♣ 5♥ K♠ K♥ K♦ 2♣ 3♦ 4♠ 7♥ 8♥", "2♥ 3♥ 4♥"], "2♠")
    with pytest.raises(IllegalMove) as e:
        st.apply("meld [10♠ J♠ Q♠] [5♦ 5♣ 5♥]")
    assert "51" in e.value.why and "count 45 (30 + 15)" in e.value.why and "pure run" in e.value.why
    with pytest.raises(IllegalMove) as e:
        st.apply("meld [K♠ K♥ K♦] [5♦ 5♣ 5♥]")
    assert "no pure run" in e.value.why
    st2 = state(["10♠ J♠ Q♠ 5♦ 5♣ 5♥ K♠ K♥ K♦ 2♣ 3♦ 4♠ 7♥ 8♥", "2♥ 3♥ 4♥"], "2♠",
                rules={"opening_min": 30, "opening_requires_pure_run": False})
    st2.apply("meld [K♠ K♥ K♦] [5♦ 5♣ 5♥]")
    assert st2.view(0)["opened"][0]


def test_unopened_cannot_lay_off_or_meld_small() -> None:
    st = state(SWAP_HANDS, "2♣ 2♦ 7♣")
    st.apply(SWAP_START[0])
    st.apply(SWAP_START[1])
    st.apply("draw")
    why = st.why_illegal(1, st.parse_move("lay 4♣ @m1", 1))
    assert why is not None and "not opened" in why


def test_one_meld_per_move_after_opening() -> None:
    """Clarifications: after opening, melds are one move each."""
    st = state(["7♠ 8♠ 9♠ 10♠ J♠ Q♠ 2♥ 2♦ 2♣ 5♥ 5♦ 5♣ 3♣ K♦", "2♠ 3♠ 4♠"], "2♣")
    st.apply("meld 7♠ 8♠ 9♠ 10♠ J♠ Q♠")
    with pytest.raises(IllegalMove, match="one meld per move"):
        st.apply("meld [2♥ 2♦ 2♣] [5♥ 5♦ 5♣]")
    st.apply("meld 2♥ 2♦ 2♣")
    st.apply("meld 5♥ 5♦ 5♣")
    assert [m["id"] for m in st.view(1)["table"]] == ["m1", "m2", "m3"]


def test_starter_does_not_draw_and_cannot_throw_back_taken() -> None:
    """rules 12 and 18."""
    st = state(SWAP_HANDS, "2♣ 2♦ 7♣")
    assert "does not draw" in (st.why_illegal(0, Move("draw")) or "")
    for m in SWAP_START + ["discard 2♥"]:
        st.apply(m)
    st.apply("take")                       # seat 0 has opened: takes 2♥
    why = st.why_illegal(0, st.parse_move("discard 2♥", 0))
    assert why is not None and "took 2♥" in why


def test_layoff_on_opening_turn_switch() -> None:
    """rule 21: lay-offs in the opening turn are allowed by default, not with the key off."""
    hands = ["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ 6♥ 9♣ 3♣", "2♥ 3♥ 4♥"]
    st = state(hands, "2♣")
    st.apply("meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠")
    assert st.is_legal("lay J♠ @m1")
    st2 = state(hands, "2♣", rules={"layoff_on_opening_turn": False})
    st2.apply("meld A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠")
    assert "layoff_on_opening_turn" in (st2.why_illegal(0, st2.parse_move("lay J♠ @m1", 0)) or "")


def test_go_out_without_discard_switch() -> None:
    """rule 19: with the key off a player keeps one card to discard."""
    hands = ["A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ 9♠ 9♦ 9♣", "2♣"]
    st = state(hands, "2♦", rules={"allow_go_out_without_discard": False})
    with pytest.raises(IllegalMove, match="keep a card"):
        st.apply("meld [A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥] [9♠ 9♦ 9♣]")
    st.apply("meld [A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥]")
    with pytest.raises(IllegalMove, match="keep a card"):
        st.apply("meld 9♠ 9♦ 9♣")
    st.apply("discard 9♠")
    assert not st.is_over


def test_physical_copies_are_chosen_by_the_engine() -> None:
    """Two packs: text names faces; a move naming the other copy is rejected."""
    st = state(["7♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 2♣ 3♣ 4♣ 5♣ 6♣ 9♠", "2♥"])
    mv = st.parse_move("discard 7♥", 0)
    other = Move("discard", (type(mv.cards[0])(mv.cards[0] + 64),))
    assert "physical copy" in (st.why_illegal(0, other) or "")
    assert st.why_illegal(0, mv) is None


def test_blocked_when_stock_empty_at_turn_start() -> None:
    """Clarification "Blocked deal": upcard deal with an empty stock ends at once."""
    st = state(["2♣ 3♣", "K♠ K♥"], "", "5♦", rules={"deal_mode": "upcard"})
    assert st.is_over and st.winners() == [0]
    assert [it.rule for it in st.score_items()] == ["remik:32", "remik:30"]
    assert st.scores == [0, 45]


def test_reshuffle_turns_the_pile_over() -> None:
    st = state(["2♣ 3♣ 4♠", "K♠ K♥ Q♦"], "9♦", "5♦", rules={"deal_mode": "upcard",
                                                           "on_stock_empty": "reshuffle"})
    st.apply("draw")
    st.apply("discard 9♦")                 # pile: 5♦ 9♦ → the stock becomes 5♦
    assert not st.is_over and st.view(1)["stock"] == 1 and st.view(1)["discard"] == ["9♦"]
    st.apply("draw")
    assert "5♦" in st.view(1)["hand"]


def test_rm17_thresholds_and_caps() -> None:
    """RM-17: thresholds 100..500 and unopened caps 50/100/100/100/100."""
    o = RemikOptions()
    assert [o.threshold(n) for n in range(2, 7)] == [100, 200, 300, 400, 500]
    assert [o.unopened_cap_for(n) for n in range(2, 7)] == [50, 100, 100, 100, 100]


def test_options_cover_the_config_summary() -> None:
    """§B.11: every key with the spec's default."""
    o = GAME.make_options()
    assert isinstance(o, RemikOptions)
    assert (o.num_jokers, o.deal_mode, o.opening_min, o.opening_requires_pure_run) == (4, "starter14", 51, True)
    assert (o.discard_pickup_requires_open, o.joker_minority, o.no_adjacent_jokers) == (True, True, True)
    assert (o.joker_swap_use_same_turn, o.layoff_on_opening_turn, o.allow_go_out_without_discard) == \
        (True, True, True)
    assert (o.on_stock_empty, o.unopened_surcharge, o.remik_z_reki_penalty) == ("block", 25, 200)
    assert (o.threshold_per_opponent, o.joker_hand_value, o.ace_hand_value) == (100, 20, 11)
    assert set(GAME.presets) >= {"default", "no_pure_run", "opening30", "six_jokers"}
    assert GAME.make_options("six_jokers") == RemikOptions(num_jokers=6)
    assert len(GAME.pack(4, GAME.make_options("six_jokers"))) == 110
    assert len(GAME.pack(4, o)) == 108


def test_deal_shapes() -> None:
    """rule 12: 13 each, starter 14 (seat after the dealer); upcard: 13 each + 1 upcard."""
    st = GAME.new_state(4, seed=3)
    sizes = st.view(None)["hand_sizes"]
    starter = st.view(None)["starter"]
    assert sizes == [14 if s == starter else 13 for s in range(4)] and st.view(None)["discard"] == []
    assert starter == (st.view(None)["dealer"] + 1) % 4
    assert sum(sizes) + st.view(None)["stock"] == 108
    st2 = GAME.new_state(3, GAME.make_options(rules={"deal_mode": "upcard"}), seed=3)
    assert st2.view(None)["hand_sizes"] == [13, 13, 13] and len(st2.view(None)["discard"]) == 1
    assert st2.view(None)["phase"] == "draw"


def test_rule11_first_dealer_draws_highest_card() -> None:
    """remik.md rule 11 (audit): the first dealer is whoever draws the highest card.  Replays
    the draw with an independent model of it (ace high, no jokers, ties draw again) and checks
    that every seat can be the first dealer."""
    import random

    from cardtable.cards import card_str, make_pack, shuffled
    order = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    seen: set[int] = set()
    for seed in range(60):
        players = 2 + seed % 5
        rng = random.Random(seed)
        ctx = GAME.first_context(players, GAME.make_options(), rng)
        ref = random.Random(seed)
        alive = list(range(players))
        while len(alive) > 1:
            drawn = [card_str(c)[:-1] for c in shuffled(make_pack(packs=2), ref)[:len(alive)]]
            best = max(order.index(r) for r in drawn)
            alive = [s for s, r in zip(alive, drawn, strict=True) if order.index(r) == best]
        assert ctx == {"dealer": alive[0]}
        if players == 4:
            seen.add(alive[0])
    assert seen == {0, 1, 2, 3}


# --- audit: rule 24 (joker exchange) beyond "use it in the very next move" --------------------

SPADES = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"      # full runs: no joker fits on them
DIAMONDS = "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦"


def test_rule24_swap_whose_only_use_is_a_two_card_layoff() -> None:
    """remik.md rule 24: the swap is legal when the joker can be used this turn.  Here the only
    use is 'lay 4♥ JK=5♥' onto A♥ 2♥ JK=3♥ (JK=4♥ alone would touch the other joker, rule 9);
    the first engine searched only one-card lay-offs and rejected the swap."""
    st = state([SPADES + " 9♥ 4♥ K♣ 2♣", DIAMONDS + " A♥ 2♥ JK 9♣ 9♦ 9♠ JK 7♣"], "3♣ 5♣ 6♣")
    for m in ["meld " + SPADES, "discard 2♣", "draw",
              f"meld [{DIAMONDS}] [A♥ 2♥ JK=3♥] [9♣ 9♦ 9♠ JK=9♥]", "discard 7♣", "draw"]:
        st.apply(m)
    assert not st.is_legal("lay JK=4♥ @m3")
    st.apply("swap 9♥ @m4")
    assert st.view(0)["table"][3]["cards"] == ["9♠", "9♥", "9♦", "9♣"]
    with pytest.raises(IllegalMove, match="rule 24"):
        st.apply("discard K♣")
    st.apply("lay 4♥ @m3")                   # any move may come first, the joker still fits
    st.apply("lay JK=5♥ @m3")
    assert st.view(0)["table"][2]["cards"] == ["A♥", "2♥", "JK=3♥", "4♥", "JK=5♥"]
    st.apply("discard K♣")
    assert not st.is_over and st.view(0)["hand_sizes"][0] == 1


def _two_joker_table() -> RemikState:
    st = state([SPADES + " 9♥ 4♥ 5♣ 7♣ 9♣ K♦ 2♣",
                DIAMONDS + " 9♣ 9♦ 9♠ JK A♥ 2♥ 3♥ JK 7♠ 7♥ 7♦ 3♣"], "6♦ 8♦")
    for m in ["meld " + SPADES, "discard 2♣", "draw",
              f"meld [{DIAMONDS}] [9♣ 9♦ 9♠ JK=9♥] [A♥ 2♥ 3♥ JK=4♥] [7♠ 7♥ 7♦]", "discard 3♣",
              "draw"]:
        st.apply(m)
    return st


def test_rule24_two_jokers_exchanged_then_one_meld() -> None:
    """remik.md rule 24 says 'in the same turn', not 'in the next move': two exchanges, then
    one meld holding both jokers (the first engine refused the second exchange)."""
    st = _two_joker_table()
    st.apply("swap 9♥ @m3")
    st.apply("swap 4♥ @m4")
    assert st.view(0)["must_use_joker"] is True
    st.apply("meld 5♣ JK=6♣ 7♣ JK=8♣ 9♣")
    assert st.view(0)["must_use_joker"] is False
    assert st.view(0)["table"][5]["cards"] == ["5♣", "JK=6♣", "7♣", "JK=8♣", "9♣"]
    assert {st.move_text(m) for m in st.legal_moves()} == {"discard 8♦", "discard K♦"}


def test_rule24_a_move_that_strands_the_joker_is_rejected() -> None:
    """After the exchange, laying 7♣ on the sevens would leave the joker with no use this turn
    (no meld from JK 4♥ 5♣ 9♣ 8♦ K♦, no table meld takes it): illegal, with the rule."""
    st = _two_joker_table()
    st.apply("swap 9♥ @m3")
    with pytest.raises(IllegalMove, match="no longer be used this turn.*rule 24"):
        st.apply("lay 7♣ @m5")
    legal = {st.move_text(m) for m in st.legal_moves()}
    assert "lay 7♣ @m5" not in legal and "lay JK=7♣ @m5" in legal
    assert not any(t.startswith("discard") for t in legal)


# Seat 0 opens with the tens and Q♠ Q♥ Q♦ (no_pure_run) and throws a joker; seat 1 (opened with
# the aces and 2♥ 2♦ 2♣ JK=2♠) takes it and exchanges 2♠ for the table joker: two jokers in hand,
# the exchanged one to be used this turn (rule 24), the taken one not to be discarded (rule 18).
TAKEN_JOKER_START = ["meld [10♠ 10♥ 10♦ 10♣] [Q♠ Q♥ Q♦]", "discard 7♦", "draw"]


def _taken_and_exchanged_joker(seat1: str, meld1: str, discard1: str) -> RemikState:
    st = state(["10♠ 10♥ 10♦ 10♣ Q♠ Q♥ Q♦ JK 4♣ 7♦", seat1], "8♣ 6♦ 3♦ 4♦ 5♦ 6♦", preset="no_pure_run")
    for m in [*TAKEN_JOKER_START, meld1, discard1, "draw", "discard JK", "take", "swap 2♠ @m4"]:
        st.apply(m)
    assert len(st.pending) == 1 and st.taken >= 0 and st.taken not in st.pending
    return st


def test_rule24_the_exchanged_joker_goes_before_the_taken_one() -> None:
    """Seed 10355 (no_pure_run, 2 players, random moves) got stuck here: holding 9♥ 8♣ and two
    jokers — one taken from the pile, one taken by exchange — the only use of a joker is
    JK=Q♣ on the queens, but the engine played the *taken* joker there, which left the
    exchanged one with no use this turn, so the lay-off was refused, and so was every discard
    (rule 24): no legal move.  The exchanged joker goes first now (RM-15 note in
    docs/games/remik.md), the taken one stays in hand, and any other card may be discarded."""
    st = _taken_and_exchanged_joker("A♠ A♥ A♦ A♣ 2♥ 2♦ 2♣ JK 2♠ 9♥ 5♣",
                                    "meld [A♠ A♥ A♦ A♣] [2♥ 2♦ 2♣ JK=2♠]", "discard 5♣")
    assert st.view(1)["hand"] == ["9♥", "8♣", "JK", "JK"]
    pending, taken = st.pending[0], st.taken
    assert [st.move_text(m) for m in st.legal_moves()] == ["lay JK=Q♣ @m2"]
    lay = st.parse_move("lay JK=Q♣ @m2", 1)
    assert [int(c) for c in lay.cards] == [pending]
    st.apply(lay)
    assert not st.pending and st.hands[1] >> taken & 1
    assert {st.move_text(m) for m in st.legal_moves()} == {"discard 9♥", "discard 8♣"}
    with pytest.raises(IllegalMove, match="rule 18"):
        st.apply("discard JK")
    st.apply("discard 9♥")
    assert not st.is_over and st.view(1)["hand"] == ["8♣", "JK"]


def test_rule24_taken_joker_first_when_it_would_be_the_last_card() -> None:
    """The one exception: if playing the exchanged joker would leave only the taken joker in
    hand (which may not be discarded), the taken joker is played and the exchanged one kept —
    here both jokers go out on two lay-offs, one to the queens and one to the clubs run."""
    st = _taken_and_exchanged_joker("A♠ A♥ A♦ A♣ 2♥ 2♦ 2♣ JK 2♠ 6♣ 7♣ 5♦",
                                    "meld [A♠ A♥ A♦ A♣] [2♥ 2♦ 2♣ JK=2♠] [6♣ 7♣ 8♣]", "discard 5♦")
    assert st.view(1)["hand"] == ["JK", "JK"]
    pending, taken = st.pending[0], st.taken
    assert {st.move_text(m) for m in st.legal_moves()} == {
        "lay JK=Q♣ @m2", "lay JK=9♣ @m5", "lay JK=5♣ @m5", "lay JK=5♣ JK=9♣ @m5"}
    lay = st.parse_move("lay JK=Q♣ @m2", 1)
    assert [int(c) for c in lay.cards] == [taken]
    st.apply(lay)
    assert st.pending == [pending]
    st.apply("lay JK=9♣ @m5")
    assert st.is_over and st.winners() == [1]


def test_canonical_copy_is_the_permissive_one() -> None:
    """Two packs (audit of limitation c): text names a face and the engine picks the copy that
    never loses a legal option — the card taken from the pile goes to the table first, and a
    discard of the same face throws the other copy (rule 18 forbids only the taken card)."""
    st = state(["2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ 6♥ 7♥ 8♥ 3♣", "7♥ 2♦ 3♦ 4♦ K♣"], "5♦ 6♦")
    for m in ["meld 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "discard 3♣", "draw", "discard 7♥", "take"]:
        st.apply(m)
    taken = st.taken
    assert st.view(0)["hand"] == ["6♥", "7♥", "7♥", "8♥"]
    discard = st.parse_move("discard 7♥", 0)
    assert int(discard.cards[0]) != taken and st.is_legal(discard)
    meld = st.parse_move("meld 6♥ 7♥ 8♥", 0)
    assert taken in [int(c) for c in meld.groups[0]]
    st.apply(meld)                                # leaves his own 7♥, which he may discard
    st.apply("discard 7♥")
    assert st.is_over and st.winners() == [0]


def test_opening_message_for_a_single_small_meld() -> None:
    """The issue's "done when": melding too little says what an opening needs and what is
    missing — here one run of 30: '51', 'this meld counts 30', '21 short'; the state is unchanged."""
    st = state(["10♠ J♠ Q♠ 5♦ 5♣ 5♥ K♠ K♥ K♦ 2♣ 3♦ 4♠ 7♥ 8♥", "2♥ 3♥ 4♥"], "2♠")
    before = st.view(0)
    with pytest.raises(IllegalMove) as e:
        st.apply("meld 10♠ J♠ Q♠")
    assert "at least 51 points" in e.value.why and "this meld counts 30; 21 short" in e.value.why
    assert "rule 20" in e.value.why and st.view(0) == before
    with pytest.raises(IllegalMove, match="you have not opened: laying off only after your opening"):
        st.apply("lay 5♦ @m1")


def test_seed_hand_values_and_unopened_cap() -> None:
    """Seed 003 table: joker 20, ace 11, J/Q/K 10, 2–10 their value; never opened: hand + 25,
    at most 100 and at most half the threshold (100 per opponent); 2–6 players."""
    from cardtable.cards import parse_card
    from cardtable.games.remik.scoring import card_hand_value, unopened_score
    o = RemikOptions()
    seed_table = {"JK": 20, "A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7,
                  "6": 6, "5": 5, "4": 4, "3": 3, "2": 2}
    for rank, pts in seed_table.items():
        for suit in ("" if rank == "JK" else "♠♥♦♣"):
            assert card_hand_value(int(parse_card(rank + suit)), o) == pts, rank + suit
            assert card_hand_value(int(parse_card(rank + suit)) + 64, o) == pts
    assert card_hand_value(int(parse_card("JK")), o) == 20
    for players in range(2, 7):
        cap = min(100, 100 * (players - 1) // 2)
        for hand in (0, 20, 24, 25, 26, 74, 75, 76, 90, 200):
            assert unopened_score(hand, players, o) == min(hand + 25, cap)
    assert (GAME.min_players, GAME.max_players) == (2, 6)
