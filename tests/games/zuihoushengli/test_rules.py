"""Rule tests of 最后胜利 (zuihoushengli.md §7.1–§7.7)."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import cards_of, make_pack, parse_cards
from cardtable.deal import Deal
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.zuihoushengli.rules import HAND_SIZES
from cardtable.games.zuihoushengli.state import ZuihoushengliState, bankrupt_points
from cardtable.match import Match
from cardtable.registry import get_game, new_game

G = get_game("zuihoushengli")


def stacked(hands: list[str], stock_top: str, players: int = 4, dealer: int = 0,
            **rules: object) -> ZuihoushengliState:
    """Hands start with the given cards, the stock with ``stock_top``; the pack fills the rest."""
    given = [parse_cards(h) for h in hands] + [[] for _ in range(players - len(hands))]
    top = parse_cards(stock_top)
    used = {c for h in given for c in h} | set(top)
    rest = [c for c in make_pack(named_jokers=2) if c not in used]
    full = []
    for h in given:
        need = HAND_SIZES[players] - len(h)
        full.append(h + rest[:need])
        rest = rest[need:]
    st = G.start(players, G.make_options(rules=dict(rules)),
                 Deal(full, stock=top + rest, extra={"dealer": dealer}))
    assert isinstance(st, ZuihoushengliState)
    return st


@pytest.mark.parametrize(("players", "each", "stock"), [(4, 7, 25), (5, 6, 23), (6, 5, 23)])
def test_scenario_1_deal_sizes(players: int, each: int, stock: int) -> None:
    """§7.7.1: 7/6/5 cards each; after the trump card the stock holds 25/23/23."""
    st = new_game("zuihoushengli", players, seed=players)
    assert isinstance(st, ZuihoushengliState)
    assert len(G.pack(players, st.options)) == 54
    assert all(h.bit_count() == each for h in st.hands)
    assert len(st.stock) == stock and len(st.turned) == 1
    assert st.to_move() == (0,)     # §7.4 甲 (the dealer) leads


def test_dealer_leads_and_deal_starts_after_him() -> None:
    st = G.new_state(4, seed=2, context={"dealer": 3})
    assert st.to_move() == (3,)


def test_scenario_2_trump_wins_and_winner_draws() -> None:
    """§7.7.2: turned 4♦; 9♠, K♠, 2♦ (void), A♠ → 2♦ wins; its player draws 1 and leads."""
    st = stacked(["9♠", "K♠", "2♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", "A♠"], "4♦ Q♣")
    assert st.view(None)["trump"] == "♦" and st.view(None)["turned"] == ["4♦"]
    for m in ("play 9♠", "play K♠", "play 2♦", "play A♠"):
        st.apply(m)
    assert st.tricks[0].winner == 2
    assert st.hands[2].bit_count() == 7 and st.hands[2] >> parse_cards("Q♣")[0] & 1
    assert [st.hands[s].bit_count() for s in (0, 1, 3)] == [6, 6, 6]
    assert st.to_move() == (2,)


def test_scenario_3_big_joker_beats_trump() -> None:
    """§7.7.3: the same trick, the last player (void in ♠) plays BJ → BJ wins."""
    st = stacked(["9♠", "K♠", "2♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", "BJ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣"], "4♦")
    for m in ("play 9♠", "play K♠", "play 2♦", "play BJ"):
        st.apply(m)
    assert st.tricks[0].winner == 3 and st.to_move() == (3,)


def test_scenario_4_joker_may_not_replace_led_suit() -> None:
    """§7.7.4: holding 5♠ and BJ a player must play 5♠ to a ♠ lead."""
    st = stacked(["9♠", "5♠ BJ"], "4♦")
    st.apply("play 9♠")
    before = st.to_json()
    with pytest.raises(IllegalMove, match="follow suit"):
        st.apply("play BJ")
    assert st.to_json() == before
    legal = [str(m.cards[0]) for m in st.legal_moves()]
    assert "5♠" in legal and "BJ" not in legal and all(c.endswith("♠") for c in legal)


def test_joker_follows_a_trump_lead() -> None:
    """§7.4 Decision: to a trump lead a player must play a trump or a joker if he has one."""
    st = stacked(["9♦", "LJ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣"], "4♦")
    st.apply("play 9♦")
    assert [str(m.cards[0]) for m in st.legal_moves()] == ["LJ"]


def test_must_trump_by_default_free_as_option() -> None:
    """§7.4 (seed: 有将牌时可以将吃，无将牌时则可垫牌): void players trump; void_rule=free lets them discard."""
    hands = ["9♠", "3♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥"]
    st = stacked(hands, "4♦")
    st.apply("play 9♠")
    with pytest.raises(IllegalMove, match="must trump"):
        st.apply("play 3♥")
    st2 = stacked(hands, "4♦", void_rule="free")
    st2.apply("play 9♠")
    st2.apply("play 3♥")
    assert len(st2.trick.plays) == 2


def test_scenario_8_joker_turned_no_trump() -> None:
    """§7.7.8: turned LJ → no trump suit; only jokers trump."""
    st = stacked(["9♠", "2♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", "BJ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣", "A♠"], "LJ")
    assert st.trump is None and st.view(None)["trump"] is None
    for m in ("play 9♠", "play 2♦", "play BJ", "play A♠"):
        st.apply(m)
    assert st.tricks[0].winner == 2
    st2 = stacked(["9♠", "2♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣", "A♠"], "LJ")
    for m in ("play 9♠", "play 2♦", "play 3♣", "play 8♠"):
        st2.apply(m)
    assert st2.tricks[0].winner == 0   # 2♦ is no trump when a joker was turned


def test_joker_turned_turn_again_and_bottom_of_stock() -> None:
    """§7.3 configs joker_turned=turn_again, trump_card=bottom_of_stock."""
    st = stacked([], "LJ 7♣", joker_turned="turn_again", trump_card="bottom_of_stock")
    assert st.trump == 3 and st.turned == []
    assert [str(c) for c in st.stock[-2:]] == ["LJ", "7♣"]
    assert st.view(1)["stock_known"][-2:] == ["LJ", "7♣"]
    assert "7♣" not in [str(c) for c in st.secret_cards(1)]


def test_scenarios_5_6_points() -> None:
    """§7.7.5/§7.7.6: −40, −30, −20, −10, 0 for bankrupts in order; survivor +20."""
    assert [bankrupt_points(i) for i in range(5)] == [-40, -30, -20, -10, 0]


def test_scenario_7_same_trick_bankrupts_with_empty_stock() -> None:
    """§7.7.7: stock empty; P1 and P2 play their last cards in one trick, P1 first → P1 worse."""
    st = stacked(["9♠", "8♠", "A♠", "2♠"], "4♦")
    # empty the stock (the cards leave play) and trim seats 0 and 1 to one card each
    st.turned += st.stock
    st.stock = []
    for s in (0, 1):
        keep = parse_cards(["9♠", "8♠"][s])[0]
        for c in cards_of(st.hands[s]):
            if c != keep:
                st.hands[s] &= ~(1 << c)
                st.turned.append(c)
    for m in ("play 9♠", "play 8♠", "play A♠", "play 2♠"):
        st.apply(m)
    assert st.bankrupt == [0, 1] and st.to_move() == (2,)


def test_all_empty_in_one_trick_winner_survives() -> None:
    """§7.5 Decision: if every remaining player empties his hand in one trick, its winner survives."""
    st = stacked(["9♠", "8♠", "A♠", "2♠"], "4♦")
    st.turned += st.stock
    st.stock = []
    for s, keep in enumerate(("9♠", "8♠", "A♠", "2♠")):
        k = parse_cards(keep)[0]
        for c in cards_of(st.hands[s]):
            if c != k:
                st.hands[s] &= ~(1 << c)
                st.turned.append(c)
    for m in ("play 9♠", "play 8♠", "play A♠", "play 2♠"):
        st.apply(m)
    assert st.is_over and st.survivor == 2 and st.bankrupt == [0, 1, 3]
    assert st.scores == [-40, -30, 20, -20]


def test_property_playouts() -> None:
    """Random deals: one survivor, everyone else bankrupt once, scores per §7.6."""
    rng = random.Random(3)
    for players in (4, 5, 6):
        for seed in range(10):
            st = new_game("zuihoushengli", players, seed=seed)
            assert isinstance(st, ZuihoushengliState)
            while not st.is_over:
                st.apply(rng.choice(st.legal_moves()))
            assert st.survivor is not None
            assert sorted(st.bankrupt + [st.survivor]) == list(range(players))
            assert st.scores[st.survivor] == 20
            assert sorted(st.scores) == sorted([20] + [bankrupt_points(i) for i in range(players - 1)])
            assert st.winners() == [st.survivor]


def test_match_target() -> None:
    """§7.6 target: the first player whose total reaches it wins; dealer moves to the next seat."""
    rng = random.Random(1)
    m = Match(G, 4, G.make_options(rules={"target": 40}), seed=1)
    while not m.state.is_over:
        m.state.apply(rng.choice(m.state.legal_moves()))
    assert m.finish_deal() is None          # +20 is short of 40
    assert m.next_deal().deal.extra["dealer"] == 1
    m2 = Match(G, 4, G.make_options(rules={"target": 20}), seed=1)
    while not m2.state.is_over:
        m2.state.apply(rng.choice(m2.state.legal_moves()))
    end = m2.finish_deal()
    assert end is not None and end.winners == [m2.state.winners()[0]]


def test_options_validation() -> None:
    with pytest.raises(BadOption, match="valid values"):
        G.make_options(rules={"joker_rank": "middle"})
    with pytest.raises(IllegalMove, match="play one card"):
        new_game("zuihoushengli", seed=1).apply("play")


def test_recycle_stock_option() -> None:
    """§7.4 config recycle_stock: an empty stock is refilled from the played tricks, face up."""
    st = stacked(["9♠", "8♠", "A♠", "2♠"], "4♦", recycle_stock=True)
    st.turned += st.stock
    st.stock = []
    for m in ("play 9♠", "play 8♠", "play A♠", "play 2♠"):
        st.apply(m)
    nine = parse_cards("9♠")[0]
    assert st.tricks[0].winner == 2 and st.hands[2] >> nine & 1     # drew the first card played
    assert [str(c) for c in st.stock] == ["8♠", "A♠", "2♠"]
    assert st.view(0)["known_in_hands"] == {"2": ["9♠"]}
    assert nine not in st.secret_cards(0)


def test_resampling_keeps_shown_voids() -> None:
    """A player who showed a void holds none of that suit in any resampled world."""
    st = stacked(["9♠", "K♠", "2♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", "A♠"], "4♦ Q♣")
    for m in ("play 9♠", "play K♠", "play 2♦", "play A♠"):
        st.apply(m)
    rng = random.Random(5)
    for _ in range(20):
        sample = st.sample_hidden(0, rng)
        assert isinstance(sample, ZuihoushengliState)
        assert sample.view(0) == st.view(0)
        # seat 2 showed no ♠ in trick 1; the card drawn after it (Q♣'s place) is unconstrained
        held_before = sample.hands[2] & ~(1 << int(sample.deal.stock[1]))
        assert not any(held_before >> b & 1 for b in range(13))


def test_resampling_redeals_the_secret_cards() -> None:
    """Audit: samples keep the seat's view, conserve the cards, and redeal the other hands
    and the stock instead of copying the true ones."""
    st = new_game("zuihoushengli", 5, seed=12)
    assert isinstance(st, ZuihoushengliState)
    rng = random.Random(1)
    for _ in range(7):
        st.apply(rng.choice(st.legal_moves()))
    viewer = st.to_move()[0]
    worlds = set()
    for _ in range(15):
        sample = st.sample_hidden(viewer, rng)
        assert isinstance(sample, ZuihoushengliState)
        assert sample.view(viewer) == st.view(viewer)
        assert sorted(c for p in sample.card_places().values() for c in p) == sorted(
            c for p in st.card_places().values() for c in p)
        worlds.add((tuple(sample.hands), tuple(sample.stock)))
    assert len(worlds) > 10


def test_default_rules_never_empty_the_stock() -> None:
    """Audit finding: with the default options the stock cannot run out before the deal ends
    (cards in hands minus stock starts at 3 / 7 / 7 and falls by at least 2 per trick while
    four or more play), so §7.7.7's empty stock needs a hand-made position (see above)."""
    rng = random.Random(9)
    for players in (4, 5, 6):
        for seed in range(15):
            st = new_game("zuihoushengli", players, seed=seed)
            assert isinstance(st, ZuihoushengliState)
            while not st.is_over:
                assert st.stock
                st.apply(rng.choice(st.legal_moves()))
