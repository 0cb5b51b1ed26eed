"""The review of a deal (cardtable.review, issue 29): planted blunders are found, forced moves
are never marked, a seat's review depends only on what it could see, and a seed fixes it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import bot_move, make_bot
from cardtable.game import State
from cardtable.i18n import use_language
from cardtable.match import Match
from cardtable.registry import game_ids, get_game
from cardtable.review import Budget, ReviewError, review_match, thresholds
from cardtable.review.values import deal_values

SCENARIOS = Path(__file__).with_name("scenarios")
#: small budgets keep the tests quick; the planted decisions are far apart from the rest
SMALL = Budget(worlds=12, confirm=16, hindsight=2)
TINY = Budget(worlds=3, confirm=3, candidates=3, hindsight=1, min_worlds=2)

#: file → (index of the planted decision, the moves that are right there)
PLANTED = {
    "gin_blunder": (1, {"gin K♣"}),
    # every meld leads to the same dark knock; the heuristic's is the four-card run
    "dummy_blunder": (1, {"meld 2♠ 3♠ 4♠ 5♠", "meld 2♠ 3♠ 4♠", "meld 3♠ 4♠ 5♠", "meld 5♥ 5♦ 5♣",
                          "meld 5♠ 5♥ 5♦ 5♣", "meld 5♠ 5♦ 5♣", "meld 5♠ 5♥ 5♣", "meld 5♠ 5♥ 5♦"}),
    "sibaifen_blunder": (8, {"trump ♠"}),
    "shisanzhang_blunder": (0, {"arrange K♠ K♥ 5♦ | A♠ A♥ A♦ 3♦ 2♣ | J♥ 10♠ 9♣ 8♣ 7♠"}),
}


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def self_play(game_id: str, seed: int, moves: int | None = None, players: int | None = None) -> State:
    """A deal of the heuristic against itself, stopped after ``moves`` moves (None: the end)."""
    game = get_game(game_id)
    state = game.new_state(players or game.default_players, game.make_options(None), seed=seed)
    bot = make_bot(game_id, "medium")
    rng = random.Random(seed)
    while not state.is_over and (moves is None or len(state.history) < moves):
        seat = state.to_move()[0]
        state.apply(bot_move(bot, state, seat, rng), seat)
    return state


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_blunder_is_marked_with_the_right_best_move(name: str) -> None:
    index, right = PLANTED[name]
    review = review_match(load(name), 0, SMALL, seed=3)
    planted = [d for d in review.decisions if d.index == index]
    assert len(planted) == 1
    d = planted[0]
    assert d.mark == "blunder", d.to_json()
    assert d.best in right
    assert d.ci95[0] > review.thresholds.inaccuracy      # far from "too close to tell"
    assert d.loss >= review.thresholds.blunder
    # the other decisions of the seat in these files are not blunders (四百分's opening bid of
    # 250 with ten top spades is rightly found too low in some seeds: a higher contract scores more)
    assert all(o.mark != "blunder" for o in review.decisions if o is not d)


def test_the_planted_gin_loss_is_about_what_the_gin_is_worth() -> None:
    """Going gin scores 25 and the opponent's deadwood (71 in the true deal; a sampled
    opponent holds 10 unknown cards): the loss is most of that, and the hindsight judgement
    (the true deal) is reported apart, with gin as its best move."""
    review = review_match(load("gin_blunder"), 0, SMALL, seed=3)
    d = review.decisions[1]
    assert 40 < d.loss < 120
    assert d.hindsight is not None and d.hindsight.best == "gin K♣"
    gin_value = next(c for c in d.candidates if c.text == "gin K♣").hindsight
    assert gin_value == 25 + 71


def test_forced_moves_are_never_marked() -> None:
    review = review_match(load("dummy_blunder"), 0, SMALL, seed=3)
    draw = review.decisions[0]
    assert (draw.played, draw.legal, draw.mark, draw.note, draw.loss) == ("draw", 1, "forced", "forced", 0.0)
    for game_id in ("gin", "dummy", "sibaifen"):
        data = self_play(game_id, 11, moves=24).to_json()
        for d in review_match(data, 0, TINY, seed=1).decisions:
            if d.legal == 1:
                assert d.mark == "forced" and d.loss == 0.0
            if d.mark == "forced":
                assert d.note in ("forced", "equivalent")
                assert d.ci95 == (0.0, 0.0)


def test_moves_that_change_nothing_count_as_forced_not_as_good_play() -> None:
    """四百分's declarer sure of the contract whatever it buries: every bury leads to the same
    result in every world, so those decisions are 'forced' and left out of the accuracy."""
    review = review_match(load("sibaifen_blunder"), 0, SMALL, seed=3)
    buries = [d for d in review.decisions if d.played.startswith("bury")]
    assert buries and all(d.mark == "forced" and d.note == "equivalent" for d in buries)
    summary = review.summary()
    assert summary["forced"] >= len(buries)
    assert summary["reviewed"] == len(review.decisions) - summary["forced"]


def test_the_arrangers_own_split_in_shisanzhang_is_the_best_move_not_forced() -> None:
    data = load("shisanzhang_blunder")
    arranger = next(iter(PLANTED["shisanzhang_blunder"][1]))
    data = dict(data, moves=[f"0: {arranger}"])
    [d] = review_match(data, 0, SMALL, seed=3).decisions
    assert (d.played, d.mark, d.note, d.loss) == (arranger, None, "best", 0.0)


def marks(data: dict[str, Any], seat: int, seed: int) -> list[tuple[Any, ...]]:
    """Everything of a review that must not depend on hidden cards (hindsight does)."""
    return [(d.deal, d.index, d.played, d.best, d.loss, d.ci95, d.mark, d.note,
             [(c.text, c.mean, c.worlds) for c in d.candidates])
            for d in review_match(data, seat, TINY, seed=seed).decisions]


@pytest.mark.parametrize("game_id,moves,seat", [("gin", 14, 0), ("dummy", 16, 1), ("sibaifen", 20, 0),
                                                 ("shisanzhang", 2, 1)])
def test_a_review_never_depends_on_cards_the_seat_could_not_see(game_id: str, moves: int, seat: int) -> None:
    state = self_play(game_id, 5, moves=moves)
    others = []
    for k in range(30):
        other = state.sample_hidden(seat, random.Random(900 + k))
        if other.deal.to_json() != state.deal.to_json():
            assert other.view(seat) == state.view(seat)
            others.append(other)
        if len(others) == 2:
            break
    assert others, "no hidden card to move"
    want = marks(state.to_json(), seat, seed=4)
    assert want
    for other in others:
        assert marks(other.to_json(), seat, seed=4) == want


def test_reviews_are_identical_run_twice_with_the_same_seed() -> None:
    data = self_play("gin", 8, moves=16).to_json()
    first = review_match(data, 1, TINY, seed=9).to_json()
    assert review_match(data, 1, TINY, seed=9).to_json() == first
    assert first["budget"]["seed"] == 9 and first["budget"]["worlds"] == TINY.worlds


def test_the_summary_counts_points_lost_accuracy_and_the_costliest_decisions() -> None:
    with use_language("en"):
        data = review_match(load("gin_blunder"), 0, SMALL, seed=3).to_json()
    s = data["summary"]
    assert (s["decisions"], s["forced"], s["reviewed"]) == (2, 0, 2)
    assert s["marks"] == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert s["accuracy"] == 50.0
    blunder = data["decisions"][1]
    assert s["points_lost"] == blunder["loss"]
    [costly] = s["costliest"]
    assert (costly["deal"], costly["index"], costly["played"], costly["best"]) == (0, 1, "discard 9♦", "gin K♣")
    assert "discard 9♦" in costly["words"] and "gin K♣" in costly["words"] and "blunder" in costly["words"]
    assert "−" in costly["words"]
    assert [deal["over"] for deal in s["deals"]] == [False]
    assert s["thresholds"]["blunder"] == pytest.approx(thresholds("gin", 2).blunder, abs=1e-3)


def test_the_summary_speaks_the_players_language() -> None:
    with use_language("pl"):
        words = review_match(load("gin_blunder"), 0, SMALL, seed=3).to_json()["summary"]["costliest"][0]["words"]
    with use_language("en"):
        english = review_match(load("gin_blunder"), 0, SMALL, seed=3).to_json()["summary"]["costliest"][0]["words"]
    assert words != english and "9♦" in words


def test_a_match_file_is_reviewed_deal_by_deal() -> None:
    game = get_game("gin")
    match = Match(game, 2, game.make_options(None), seed=2)
    bot, rng = make_bot("gin", "medium"), random.Random(2)
    entries = []
    for _deal in range(2):
        state = match.state
        while not state.is_over:
            seat = state.to_move()[0]
            state.apply(bot_move(bot, state, seat, rng), seat)
        entries.append({"deal": state.deal.to_json(), "moves": state.moves_text()})
        match.finish_deal()
        match.next_deal()
    data = {"game": "gin", "players": 2, "deals": entries}
    review = review_match(data, 1, TINY, seed=1)
    assert [d.index for d in review.deals] == [0, 1]
    for deal, entry in zip(review.deals, entries, strict=True):
        assert deal.over
        for d in deal.decisions:
            assert entry["moves"][d.index] == d.played
    assert len(review.to_json()["summary"]["deals"]) == 2


def test_bad_input_is_refused_naming_the_problem() -> None:
    data = load("gin_blunder")
    with pytest.raises(ReviewError, match="no seat 3") as e:
        review_match(data, 2, TINY)
    assert e.value.field == "seat"
    with pytest.raises(ReviewError) as e:
        review_match(dict(data, moves=["take", "discard 10♣"]), 0, TINY)
    assert e.value.field == "moves[1]" and "discard 10♣" in str(e.value)
    with pytest.raises(ReviewError) as e:
        review_match(data, 0, 1)
    assert e.value.field == "budget"
    with pytest.raises(ReviewError) as e:
        review_match(SCENARIOS / "no_such_file.json", 0, TINY)
    assert "no_such_file" in str(e.value) or "cannot read" in str(e.value)


def test_values_are_points_margins_or_own_scores_in_zero_sum_games() -> None:
    gin = self_play("gin", 3)
    a, b = gin.scores
    assert deal_values(gin) == [a - b, b - a] or a == b
    ssz = self_play("shisanzhang", 3)
    assert deal_values(ssz) == pytest.approx([float(s) for s in ssz.scores])


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=pytest.mark.slow) if g == "remik" else g
                                     for g in game_ids()])
def test_every_game_can_be_reviewed(game_id: str) -> None:
    state = self_play(game_id, 1, moves=10)
    seat = state.history[-1][0]
    review = review_match(state.to_json(), seat, TINY, seed=2)
    assert review.decisions
    data = review.to_json()
    assert set(data) == {"game", "seat", "budget", "decisions", "summary"}
    for d in data["decisions"]:
        assert d["mark"] in (None, "inaccuracy", "mistake", "blunder", "forced")
        assert state.moves_text()[d["index"]].split(": ")[-1] == d["played"]
