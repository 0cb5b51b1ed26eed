"""憋负分 rules: every test scenario of biefufen.md §8.7 plus the Decisions of §8.1–§8.6."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots import make_bot
from cardtable.cards import card_str, cards_of, parse_card
from cardtable.errors import BadOption, IllegalMove
from cardtable.games.biefufen import card_value
from cardtable.moves import Move
from cardtable.registry import get_game, new_game
from cardtable.scenario import check, replay

from .helpers import finish, new

GAME = get_game("biefufen")
SCEN = Path(__file__).parent / "scenarios"


def texts(state, seat=None) -> list[str]:
    return sorted(state.move_text(m) for m in state.legal_moves(seat))


def c(tok: str) -> int:
    return int(parse_card(tok))


# --- §8.7.1 / §8.7.2 values ----------------------------------------------------------------

@pytest.mark.parametrize(("tok", "value"), [("7♣", 7), ("8♥", 6), ("K♦", 1), ("A♠", 1), ("2♥", 2),
                                            ("Q♠", 2), ("5♦", 5), ("10♣", 4), ("BJ", 0), ("LJ", 0)])
def test_871_values(tok: str, value: int) -> None:
    assert card_value(c(tok)) == value


def test_872_pile_scores_minus_10() -> None:
    result = replay(SCEN / "s02_pile_minus_10.json")
    assert check(result) == []
    state = result.state
    assert sorted(card_str(x) for x in state.card_places()["pile0"]) == ["2♦", "7♥", "K♠"]
    assert state.scores[0] == -10


# --- §8.7.3–§8.7.5 what may be played ---------------------------------------------------------

def test_873_must_connect() -> None:
    """§8.7.3: only 7♠ down, the player holds 8♠ and 7♥: he must play 8♠."""
    state = new({0: "7S 2D", 1: "8S 7H 3C"})
    state.apply("play 7♠")
    assert texts(state) == ["play 8♠"]
    with pytest.raises(IllegalMove, match="may not open 7♥"):
        state.apply("play 7♥")
    with pytest.raises(IllegalMove, match="must"):
        state.apply("kou 3♣")


def test_873_seven_anytime() -> None:
    state = new({0: "7S 2D", 1: "8S 7H 3C"}, rules={"seven_anytime": True})
    state.apply("play 7♠")
    assert texts(state) == ["play 7♥", "play 8♠"]


def test_874_open_seven_or_kou() -> None:
    """§8.7.4: no ♠6/♠8 but 7♥: play 7♥ or 扣 any card."""
    state = new({0: "7S 2D", 1: "7H 3C 9D"})
    state.apply("play 7♠")
    assert texts(state) == ["kou 3♣", "kou 7♥", "kou 9♦", "play 7♥"]


def test_874_must_play_seven_if_no_connect() -> None:
    state = new({0: "7S 2D", 1: "7H 3C 9D"}, rules={"must_play_seven_if_no_connect": True})
    state.apply("play 7♠")
    assert texts(state) == ["play 7♥"]
    with pytest.raises(IllegalMove, match="7 that must be played"):
        state.apply("kou 3♣")


def test_875_no_connector_no_seven_must_kou() -> None:
    """§8.7.5: no connector and no 7: 扣 exactly one card of his choice; the turn passes."""
    state = new({0: "7S 2D", 1: "3C 9D"}, {2: 20, 3: 99})
    state.apply("play 7♠")
    assert texts(state) == ["kou 3♣", "kou 9♦"]
    state.apply("kou 9♦")
    assert state.to_move() == (2,)
    assert state.piles[1] == 1 << c("9♦")
    assert state.view(2)["log"][-1] == "1: kou (face down)"
    assert state.view(1)["log"][-1] == "1: kou 9♦"
    assert state.view(1)["pile"] == ["9♦"] and "pile" not in state.view(None)
    assert c("9♦") in state.secret_cards(0) and c("9♦") not in state.secret_cards(1)


def test_first_card_must_be_seven_of_spades() -> None:
    state = new({0: "7S 8S 2D"})
    assert texts(state) == ["play 7♠"]
    with pytest.raises(IllegalMove, match="7♠"):
        state.apply("kou 2♦")


# --- §8.7.6 deck sizes ---------------------------------------------------------------------

@pytest.mark.parametrize(("players", "size", "suits"), [
    (2, 26, {0, 1}), (3, 39, {0, 1, 2}), (4, 52, {0, 1, 2, 3}), (8, 52, {0, 1, 2, 3})])
def test_876_deck_sizes(players: int, size: int, suits: set[int]) -> None:
    opts = GAME.make_options()
    pack = GAME.pack(players, opts)
    assert len(pack) == size and {x.suit for x in pack} == suits
    state = new_game("biefufen", players, seed=1)
    assert sum(len(h) for h in state.deal.hands) == size


def test_removed_suits_option() -> None:
    assert len(GAME.pack(4, GAME.make_options(rules={"removed_suits": "hc"}))) == 26
    assert len(GAME.pack(3, GAME.make_options(rules={"removed_suits": ""}))) == 52
    assert len(GAME.pack(4, GAME.make_options("daiwang"))) == 54
    with pytest.raises(BadOption, match="never removed"):
        GAME.make_options(rules={"removed_suits": "s"})


# --- §8.7.7 ranking ------------------------------------------------------------------------

def _finished(piles: list[str], players: int = 4, rules: dict | None = None):
    """A finished deal whose face-down piles are exactly ``piles`` (every other card was
    played): built from a real state, then the piles are set."""
    state = new_game("biefufen", players, seed=3, rules=rules)
    state.hands = [0] * players
    state.piles = [sum(1 << c(t) for t in p.split()) for p in piles]
    return state


def _scenario_877(rules: dict | None = None):
    """The real deal of scenarios/s07_ranking_totals.json (a stacked deal played out)."""
    data = json.loads((Path(__file__).parent / "scenarios" / "s07_ranking_totals.json").read_text())
    state = new_game("biefufen", 4, rules=rules, deal=data["deal"])
    for mv in data["moves"]:
        state.apply(mv)
    return state


def test_877_ranking() -> None:
    """§8.7.7: totals −3, −10, 0, −15: the 0 player wins, the −15 player loses — on a real
    stacked deal played to its end (no pile set by hand)."""
    state = _scenario_877()
    assert state.is_over
    assert state.scores == [-3, -10, 0, -15]
    assert state.winners() == [2]
    assert state.losers() == [3]
    assert state.view(None)["losers"] == [3]


def test_ties_share_the_place() -> None:
    state = _finished(["3S", "", "", "7C 6C 2C"])
    assert state.winners() == [1, 2]


def test_teams_sum_members() -> None:
    """§8.1: partners (seats s and s+n/2) carry the sum of their piles (the §8.7.7 deal)."""
    state = _scenario_877(rules={"teams": "alternate"})
    assert state.scores == [-3, -25, -3, -25]
    assert state.winners() == [0, 2]
    assert state.losers() == [1, 3]
    with pytest.raises(BadOption, match="even"):
        new_game("biefufen", 3, rules={"teams": "alternate"}, seed=1)


# --- §8.7.8–§8.7.10 wilds ------------------------------------------------------------------

def test_878_dai2k_wild_makes_card_dead() -> None:
    state = new({0: "7S 3D", 1: "2H 9D", 2: "6S 5S 4D"}, preset="dai2k")
    state.apply("play 7♠")
    assert "play 2♥ for ♠6" in texts(state)
    state.apply("play 2♥ for S6")
    assert state.dead == {c("6♠"): 2}
    assert "play 5♠" in texts(state) and "play 6♠" not in texts(state)
    with pytest.raises(IllegalMove, match="dead"):
        state.apply("play 6♠")
    result = replay(SCEN / "s08_dai2k_dead_double.json")
    assert check(result) == []
    items = [it for it in result.state.score_items() if c("6♠") in it.cards]
    assert [(it.points, it.rule) for it in items] == [(-12, "biefufen:8.5")]


def test_879_wild_face_down_as_itself() -> None:
    result = replay(SCEN / "s09_dai2k_wild_face_down.json")
    assert check(result) == []
    items = [it for it in result.state.score_items() if c("K♠") in it.cards]
    assert [(it.points, it.rule) for it in items] == [(-1, "biefufen:8.4")]


def test_8710_daiwang_joker_triples() -> None:
    state = new({0: "7S 3D", 1: "7D 3H", 2: "BJ 9D 3C", 3: "8D LJ"}, preset="daiwang")
    for m in ("play 7♠", "play 7♦", "play BJ for ♦8"):
        state.apply(m)
    assert state.dead == {c("8♦"): 3}
    assert state.chains.attach_mask() >> c("9♦") & 1
    result = replay(SCEN / "s10_daiwang_triple.json")
    assert check(result) == []
    by_card = {card_str(it.cards[0]): it.points for it in result.state.score_items()}
    assert by_card["8♦"] == -18 and by_card["LJ"] == 0


def test_wild_may_not_open_a_seven_while_connecting() -> None:
    """§8.5 Decision: a wild fills a 7 only when a 7 may be opened."""
    state = new({0: "7S 3D", 1: "2H 8S 9D"}, preset="dai2k")
    state.apply("play 7♠")
    assert "play 2♥ for ♥7" not in texts(state)
    with pytest.raises(IllegalMove, match="may not be opened"):
        state.apply("play 2♥ for ♥7")
    state2 = new({0: "7S 3D", 1: "2H 9D"}, preset="dai2k")
    state2.apply("play 7♠")
    assert "play 2♥ for ♥7" in texts(state2) and "kou 2♥" in texts(state2)


def test_wild_counts_as_playable() -> None:
    state = new({0: "7S 3D", 1: "2H 9D"}, preset="dai2k", rules={"wild_counts_as_playable": True})
    state.apply("play 7♠")
    assert not any(t.startswith("kou") for t in texts(state))


def test_non_wild_cannot_stand_in_and_plain_has_no_wilds() -> None:
    state = new({0: "7S 3D", 1: "2H 9D"})
    state.apply("play 7♠")
    assert not any(" for " in t for t in texts(state))
    with pytest.raises(IllegalMove, match="not a wild"):
        state.apply("play 2♥ for ♠6")


# --- notation, hidden information, bots ----------------------------------------------------

def test_notation() -> None:
    state = new({0: "7S 3D"}, preset="daiwang")
    for m in [Move("play", (parse_card("7♠"),)), Move("kou", (parse_card("3♦"),)),
              Move("play", (parse_card("BJ"),), target="♦8")]:
        assert state.parse_move(state.move_text(m), 0) == m
    assert state.parse_move("扣 3♦", 0) == Move("kou", (parse_card("3♦"),))
    assert state.parse_move("play 2h=s6", 0) == Move("play", (parse_card("2♥"),), target="♠6")
    with pytest.raises(IllegalMove, match="moves are"):
        state.parse_move("pass", 0)


def test_piles_revealed_at_the_end() -> None:
    result = replay(SCEN / "s02_pile_minus_10.json")
    view = result.state.view(1)
    assert sorted(view["piles"][0]) == ["2♦", "7♥", "K♠"]
    assert "kou (face down)" not in " ".join(view["log"])


def test_resampling_respects_kou() -> None:
    state = new_game("biefufen", 4, seed=5)
    rng = random.Random(4)
    while not state.is_over and len(state.history) < 30:
        state.apply(rng.choice(state.legal_moves()))
    for seat in (None, 0, 2):
        for _ in range(5):
            assert state.sample_hidden(seat, rng).view(seat) == state.view(seat)


def test_finish_helper_is_deterministic() -> None:
    a = new_game("biefufen", 4, seed=9)
    b = new_game("biefufen", 4, seed=9)
    assert finish(a) == finish(b)
    assert sum(p.bit_count() for p in a.piles) + len(a.table) == 52


def test_heuristic_beats_random() -> None:
    bot, rand = make_bot("biefufen", "heuristic"), make_bot("biefufen", "random")
    rng = random.Random(5)
    diff = 0
    for g in range(40):
        state = new_game("biefufen", 4, seed=g)
        while not state.is_over:
            seat = state.to_move()[0]
            b = bot if seat == 0 else rand
            state.apply(b.choose(state.view(seat), state.legal_moves(seat), rng), seat)
        diff += state.scores[0] - sum(state.scores[1:]) / 3
    assert diff > 0


def test_scenario_files_are_valid_json() -> None:
    for p in SCEN.glob("*.json"):
        assert json.loads(p.read_text(encoding="utf-8"))["game"] == "biefufen"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8),
       variant=st.sampled_from(["plain", "dai2k", "daiwang"]))
def test_property_scores(seed: int, players: int, variant: str) -> None:
    """Random playouts: every card ends on the table or face down, a dead card is never on
    the table as itself, and the score is minus the (multiplied) values of the piles."""
    state = new_game("biefufen", players, rules={"variant": variant}, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    places = state.card_places()
    assert sum(len(v) for v in places.values()) == len(GAME.pack(players, state.options))
    assert all(not h for h in state.hands)
    on_table = {int(x) for x in places["table"]}
    assert not on_table & set(state.dead)
    for s in range(players):
        want = -sum(state.dead.get(int(x), 1) * card_value(x) for x in cards_of(state.piles[s]))
        assert state.scores[s] == want


def test_wild_for_a_card_already_face_down() -> None:
    """§8.5: the replaced card counts double for its holder even if it already lies face down."""
    state = new({0: "7S 3D", 1: "7H 9D", 2: "2C 4D"}, {3: 99}, preset="dai2k")
    for m in ("play 7♠", "kou 7♥", "play 2♣ for ♥7"):
        state.apply(m)
    assert state.dead == {c("7♥"): 2}
    finish(state)
    items = [it for it in state.score_items() if c("7♥") in it.cards]
    assert [(it.seat, it.points, it.rule) for it in items] == [(1, -14, "biefufen:8.5")]
