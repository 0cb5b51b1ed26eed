"""The shipped puzzles and the puzzle API (docs/puzzles.md): files, views, answers, the daily pick."""

from __future__ import annotations

import datetime as dt
import json
import math
import random
from pathlib import Path

import pytest

from cardtable import puzzles
from cardtable.conformance import check_secrets, hidden_tokens, view_tokens
from cardtable.i18n import use_language
from cardtable.puzzles import DATA_DIR, Puzzle, PuzzleError
from cardtable.puzzles.mine import find_puzzle
from cardtable.registry import game_ids
from cardtable.review.stats import paired, t95, t99
from cardtable.scenario import replay

FILES = sorted(DATA_DIR.glob("*.jsonl"))
SHIPPED = [p for f in FILES for p in puzzles.read_file(f)]
GAMES_WITH = sorted({p.game for p in SHIPPED})
PLANTED = Path(__file__).resolve().parents[1] / "review" / "scenarios"
LETTERS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def sample(game: str, k: int = 3) -> list[Puzzle]:
    found = [p for p in SHIPPED if p.game == game]
    return random.Random(f"sample:{game}").sample(found, min(k, len(found)))


def test_there_are_puzzle_files() -> None:
    assert FILES, "no puzzle file shipped"
    assert {f.stem for f in FILES} <= set(game_ids())


@pytest.mark.parametrize("path", FILES, ids=lambda f: f.stem)
def test_every_shipped_file_parses(path: Path) -> None:
    found = puzzles.read_file(path)
    assert found, f"{path.name} is empty"
    ids = [p.id for p in found]
    assert len(ids) == len(set(ids)), "a puzzle twice"
    for p in found:
        assert p.game == path.stem and p.id.startswith(f"{p.game}-")
        assert p.id == puzzles.puzzle_id(p.game, p.players, p.rules, p.deal, p.moves, p.seat)
        assert p.ci99[0] > 0 and p.ci99[0] <= p.margin <= p.ci99[1]
        assert p.answer in [c["move"] for c in p.candidates]
        assert p.answer not in p.accept
        assert set(p.explanation) >= {"against", "better", "worse", "same", "ahead", "worlds"}
        assert Puzzle.from_json(json.loads(p.line())) == p


@pytest.mark.parametrize("game", GAMES_WITH)
def test_every_puzzle_rebuilds_with_its_seat_to_move(game: str) -> None:
    for p in puzzles.load(game):
        state = puzzles.state_of(p)
        assert p.seat in state.to_move() and not state.is_over
        legal = {state.move_text(m) for m in state.legal_moves(p.seat)}
        for c in p.candidates:            # every candidate is a legal move (十三张: its bounded list's
            assert puzzles.check_answer(p, c["move"]).legal, (p.id, c["move"])   # head may lie outside it)
        if game != "shisanzhang":
            assert p.answer in legal


@pytest.mark.parametrize("game", GAMES_WITH)
def test_view_of_shows_no_card_hidden_from_the_seat(game: str) -> None:
    rng = random.Random(0)
    for i, p in enumerate(puzzles.load(game)):
        state = puzzles.state_of(p)
        hidden = hidden_tokens(state, p.seat)
        view = puzzles.view_of(p)
        assert view == state.view(p.seat)
        shown = view_tokens(view)
        assert not [t for t in hidden if shown.get(t)], p.id
        public = puzzles.public(p)
        assert "deal" not in public and "answer" not in public and "candidates" not in public
        shown = view_tokens(public)
        assert not [t for t in hidden if shown.get(t)], p.id
        if i < 5:                         # resampling the hidden cards changes neither view nor moves
            assert check_secrets(state, p.seat, rng) is None


def _letters(text: str) -> str:
    return "".join(LETTERS.get(ch, ch) for ch in text)


@pytest.mark.parametrize("game", GAMES_WITH)
def test_check_answer_accepts_the_answer_and_refuses_a_wrong_move(game: str) -> None:
    for p in puzzles.load(game):
        right = puzzles.check_answer(p, p.answer)
        assert right and right.legal and right.move == p.answer
        assert puzzles.check_answer(p, _letters(p.answer)).correct, (p.id, _letters(p.answer))
        for other in p.accept:
            assert puzzles.check_answer(p, other).correct
        wrong = puzzles.check_answer(p, p.explanation["against"])
        assert wrong.legal and not wrong.correct
        nonsense = puzzles.check_answer(p, "no such move 7x")
        assert not nonsense.correct and not nonsense.legal and nonsense.why


def test_check_answer_refuses_a_move_for_another_seat() -> None:
    p = SHIPPED[0]
    other = (p.seat + 1) % p.players
    check = puzzles.check_answer(p, f"{other}: {p.answer}")
    assert not check.legal and not check.correct


@pytest.mark.parametrize("game", GAMES_WITH)
def test_daily_is_deterministic_and_goes_round_every_puzzle(game: str) -> None:
    day = dt.date(2027, 3, 14)
    assert puzzles.daily(game, day) == puzzles.daily(game, day)
    n = len(puzzles.load(game))
    start = dt.date.fromordinal((day.toordinal() // n) * n)      # the first day of a round
    seen = [puzzles.daily(game, start + dt.timedelta(days=k)).id for k in range(n)]
    assert sorted(seen) == sorted(p.id for p in puzzles.load(game))
    assert puzzles.daily(game, start) == puzzles.daily(game, start)
    assert isinstance(puzzles.daily(game), Puzzle)             # today's


def test_daily_of_a_game_without_puzzles_and_unknown_ids() -> None:
    without = [g for g in game_ids() if not puzzles.load(g)]
    for g in without:
        with pytest.raises(PuzzleError):
            puzzles.daily(g, dt.date(2027, 1, 1))
    with pytest.raises(PuzzleError):
        puzzles.by_id("gin-0000000000")
    with pytest.raises(PuzzleError):
        puzzles.by_id("nosuchgame-1")
    with pytest.raises(PuzzleError):
        puzzles.load("nosuchgame")
    p = SHIPPED[0]
    assert puzzles.by_id(p.id) == p


def test_explain_speaks_the_current_language() -> None:
    p = SHIPPED[0]
    english = puzzles.explain(p)
    assert english and "99 %" in english[0]
    with use_language("pl"):
        polish = puzzles.explain(p)
    assert len(polish) == len(english) and polish[0] != english[0]
    assert puzzles.games()[p.game] == len(puzzles.load(p.game))


def test_malformed_puzzles_are_refused_naming_the_field(tmp_path: Path) -> None:
    good = SHIPPED[0].to_json()
    for key, value in (("margin", "big"), ("difficulty", "trivial"), ("ci99", [1]), ("moves", "draw")):
        with pytest.raises(PuzzleError) as e:
            Puzzle.from_json({**good, key: value})
        assert e.value.field == key
    path = tmp_path / "gin.jsonl"
    path.write_text(json.dumps(good, ensure_ascii=False) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(PuzzleError, match="line 2"):
        puzzles.read_file(path)
    broken = Puzzle.from_json({**good, "moves": ["no such move"]})
    with pytest.raises(PuzzleError):
        puzzles.view_of(broken)


def test_t99_and_the_99_percent_interval() -> None:
    table = {1: 63.657, 2: 9.925, 5: 4.032, 10: 3.169, 30: 2.750, 120: 2.617}
    for df, want in table.items():
        assert math.isclose(t99(df), want, rel_tol=1e-3)
    a, b = [3.0, 5.0, 4.0, 6.0, 2.0], [1.0, 2.0, 2.0, 3.0, 1.0]
    m95, lo95, hi95 = paired(a, b)
    m99, lo99, hi99 = paired(a, b, level=0.99)
    assert m95 == m99 == pytest.approx(2.2) and lo99 < lo95 < m95 < hi95 < hi99
    assert math.isclose((hi95 - lo95) / (hi99 - lo99), t95(4) / t99(4))
    with pytest.raises(ValueError):
        paired(a, b, level=0.9)


def test_the_miner_finds_a_planted_puzzle() -> None:
    """gin_blunder.json: after taking 10♦ seat 1 can go gin; every other move is far worse."""
    state = replay(PLANTED / "gin_blunder.json").state
    state = state.game.start(state.players, state.options, state.deal)
    state.apply("take")
    attempt = find_puzzle(state, 0, seed=3, index=1, source={"kind": "test"}, quick_worlds=8, worlds=24)
    assert attempt.stage == "kept" and attempt.puzzle is not None
    p = attempt.puzzle
    assert p.answer == "gin K♣" and p.ci99[0] > 0 and p.legal == len(p.candidates)
    assert p.source == {"kind": "test"} and p.worlds == 24
    assert puzzles.check_answer(p, "gin K♣") and puzzles.check_answer(p, "gin kc")
    assert not puzzles.check_answer(p, "discard 9♦")
    verdict = puzzles.verify(p, seed=p.seed + 1, worlds=16)
    assert verdict.ok and verdict.best == "gin K♣"
    assert find_puzzle(state, 0, 3, 1, {}, 8, 24, max_legal=5).stage == "skipped"   # too many moves
