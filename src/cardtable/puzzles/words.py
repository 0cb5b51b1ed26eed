"""A puzzle in a person's words, in the current language (:mod:`cardtable.i18n`).

The puzzle files keep data only (move texts in the notation, numbers); the sentences are made
here when they are shown, so they follow the language of the screen.  :func:`public` is what
a solver may be given before answering: the seat's view, its legal moves and whose turn it is,
never the deal.
"""

from __future__ import annotations

from typing import Any

from .. import advice
from ..errors import CardtableError
from ..i18n import _, ngettext, pgettext
from ..movewords import move_words, sayer
from ..review.words import amount, signed
from .model import Puzzle, read_move, state_of


def difficulty_words(difficulty: str) -> str:
    """A difficulty's name for a person."""
    return {"easy": pgettext("puzzle difficulty", "easy"),
            "medium": pgettext("puzzle difficulty", "medium"),
            "hard": pgettext("puzzle difficulty", "hard")}.get(difficulty, difficulty)


def lead(x: float, unit: str) -> str:
    """A lead in review points (or deals won), signed, on average: "+21.3 points on average"."""
    return amount(-x, unit)


def public(puzzle: Puzzle) -> dict[str, Any]:
    """What a solver is shown: ``{"id", "game", "players", "seat", "to_move", "view", "legal":
    [{"move", "words"}], "difficulty", "unit", "question"}``.  The view is
    ``State.view(seat)``; the deal, the moves' true cards, the answer and the candidates'
    values are not in it."""
    state = state_of(puzzle)
    view = state.view(puzzle.seat)
    say = sayer(puzzle.game)
    texts = [state.move_text(m) for m in state.legal_moves(puzzle.seat)]
    return {"id": puzzle.id, "game": puzzle.game, "players": puzzle.players, "seat": puzzle.seat,
            "to_move": puzzle.seat, "view": view,
            "legal": [{"move": t, "words": say(t)} for t in texts],
            "difficulty": puzzle.difficulty, "difficulty_words": difficulty_words(puzzle.difficulty),
            "unit": puzzle.unit, "question": question(puzzle)}


def question(puzzle: Puzzle) -> str:
    """"Seat 2 to move: find the best move." (the seat counted from 1, as people count)."""
    return _("Seat {seat} to move: find the best move.", seat=puzzle.seat + 1)


def explain(puzzle: Puzzle) -> list[str]:
    """Why the answer is best, as sentences in the current language: its lead over the next
    best move with the 99 % interval, how often it did better over the sampled deals, how
    often the seat came out ahead with each, and what the game's own hint says."""
    game, unit, e = puzzle.game, puzzle.unit, puzzle.explanation
    answer = move_words(game, puzzle.answer)
    against = move_words(game, str(e.get("against", puzzle.answer)))
    lo, hi = puzzle.ci99
    out = [_("Best move: {answer}, {amount} against the next best, {against} ({level} interval: "
             "{lo} to {hi}).", answer=answer, amount=lead(puzzle.margin, unit),
             against=against, level="99 %", lo=signed(lo), hi=signed(hi))]
    if puzzle.accept:
        out.append(_("Just as good: {moves} (the same result in every sampled deal).",
                     moves=", ".join(move_words(game, t) for t in puzzle.accept)))
    n = int(e.get("worlds") or 0)
    if n:
        out.append(ngettext("In {n} sampled deal that matches what you see, it did better than {against} "
                            "in {better}, worse in {worse} and the same in {same}.",
                            "In {n} sampled deals that match what you see, it did better than {against} "
                            "in {better}, worse in {worse} and the same in {same}.", n, against=against,
                            better=e.get("better", 0), worse=e.get("worse", 0), same=e.get("same", 0)))
        ahead = e.get("ahead") or [0.0, 0.0]
        a, r = (f"{100 * float(x):.0f} %" for x in ahead[:2])
        if unit == "wins":
            out.append(_("You win the deal in {a} of them with {answer}, and in {r} with {against}.",
                         a=a, r=r, answer=answer, against=against))
        elif puzzle.players == 2:
            out.append(_("You end the deal ahead of your opponent in {a} of them with {answer}, and in "
                         "{r} with {against}.", a=a, r=r, answer=answer, against=against))
        else:
            out.append(_("You end the deal ahead of the others' average in {a} of them with {answer}, "
                         "and in {r} with {against}.", a=a, r=r, answer=answer, against=against))
    out.extend(_advice_sentences(puzzle, answer, against))
    return out


def _advice_sentences(puzzle: Puzzle, answer: str, against: str) -> list[str]:
    """What the game's hint (from the seat's view) says here, and its warning about the runner-up."""
    out: list[str] = []
    try:
        state = state_of(puzzle)
        view = state.view(puzzle.seat)
        legal = state.legal_moves(puzzle.seat)
        hint = advice.hint(view, legal)
        right = {state.move_text(read_move(state, puzzle.seat, t)) for t in puzzle.correct}
        if hint is not None:
            said = state.move_text(hint.move)
            if said in right:
                out.append(_("The game's hint agrees: {reason}.", reason=hint.reason))
            else:
                out.append(_("The game's hint would play {move} ({reason}); the playouts find {answer} "
                             "better.", move=move_words(puzzle.game, said), reason=hint.reason, answer=answer))
        runner = puzzle.explanation.get("against")
        if isinstance(runner, str) and runner not in right:
            warning = advice.warn(view, read_move(state, puzzle.seat, runner))
            if warning:
                out.append(_("Against {against}: {warning}", against=against, warning=warning))
    except CardtableError:
        return out
    return out


def candidate_lines(puzzle: Puzzle) -> list[tuple[str, str]]:
    """Each candidate in words with its lead or loss against the answer, measured world by
    world on the worlds both were played in ("−21.3"; the answer: "best")."""
    values = {str(c["move"]): float(c["value"]) for c in puzzle.candidates}
    best = values.get(puzzle.answer, 0.0)
    out = []
    for c in puzzle.candidates:
        text = str(c["move"])
        words = move_words(puzzle.game, text)
        if text == puzzle.answer:
            out.append((words, pgettext("puzzle candidate", "best")))
        elif text in puzzle.accept:
            out.append((words, pgettext("puzzle candidate", "just as good")))
        else:
            ci = c.get("ci99")
            lead = (float(ci[0]) + float(ci[1])) / 2 if isinstance(ci, list) and len(ci) == 2 else best - values[text]
            out.append((words, signed(-lead)))
    return out
