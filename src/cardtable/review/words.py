"""The review in a player's words, in the current language (:mod:`cardtable.i18n`).

Move texts become the game's move words (:func:`cardtable.movewords.move_words`); losses are
signed as the score sheet shows them ("−18.2 points on average").  Nothing here is data: the
JSON keeps the canonical move texts and the marks' ids, and adds these sentences for people.
"""

from __future__ import annotations

from ..i18n import _, ngettext, pgettext
from ..movewords import move_words
from .evaluate import DecisionReview


def mark_words(mark: str | None) -> str:
    """A mark's name for a person (the empty string for no mark)."""
    if mark == "inaccuracy":
        return pgettext("review mark", "inaccuracy")
    if mark == "mistake":
        return pgettext("review mark", "mistake")
    if mark == "blunder":
        return pgettext("review mark", "blunder")
    if mark == "forced":
        return pgettext("review mark", "forced")
    return ""


def note_words(note: str) -> str:
    """Why a decision has the mark it has (or none), for a person."""
    return {
        "forced": _("the only legal move"),
        "equivalent": _("every move led to the same result"),
        "best": _("best move"),
        "close": _("too close to tell"),
        "small": _("small loss"),
    }.get(note, "")


def signed(x: float, digits: int = 1) -> str:
    """``-18.24`` → ``−18.2`` (a real minus sign, as the score sheet shows it)."""
    return f"{x:+.{digits}f}".replace("-", "\u2212")


def amount(x: float, unit: str) -> str:
    """A loss as points (or wins, where every seat scores alike each deal), signed, on average."""
    value = signed(-x)
    if unit == "wins":
        return _("{amount} wins on average", amount=value)
    return _("{amount} points on average", amount=value)


def decision_sentence(game_id: str, d: DecisionReview, unit: str) -> str:
    """"discard 9♥: −18.2 points on average against knock 4♠" (what was lost, against what)."""
    return _("{played}: {amount} against {best}", played=move_words(game_id, d.played),
             amount=amount(d.loss, unit), best=move_words(game_id, d.best))


def where(deal: int, index: int) -> str:
    """"deal 1, move 7" (both counted from 1, as people count)."""
    return _("deal {deal}, move {move}", deal=deal + 1, move=index + 1)


def summary_sentence(points_lost: float, accuracy: float | None, reviewed: int, good: int,
                     unit: str) -> str:
    """"12.4 points lost; accuracy 80 % (8 of 10 decisions unmarked)"."""
    lost = (_("{amount} wins lost", amount=f"{points_lost:.1f}") if unit == "wins"
            else _("{amount} points lost", amount=f"{points_lost:.1f}"))
    if accuracy is None:
        return _("{lost}; no decision to judge (every move was forced)", lost=lost)
    return ngettext("{lost}; accuracy {accuracy} % ({good} of {n} decision unmarked)",
                    "{lost}; accuracy {accuracy} % ({good} of {n} decisions unmarked)", reviewed,
                    lost=lost, accuracy=f"{accuracy:.0f}", good=good)
