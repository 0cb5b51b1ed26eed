"""Remik speaks the player's language: at a real position (seeded heuristic bots, the first
discard the table warns about) the illegal-move and meld reasons, the hint, the warning, the
score lines and the table's words come out of the catalogs in Polish and Russian, filled in,
and the pseudo-locale leaves nothing unmarked.

No translation is copied here: a text must differ from the English one and hold no
placeholder; Russian keeps no Latin-letter word but the move notation, Polish no word of the
English sentences."""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable

import pytest

import cardtable
from cardtable.advice import hint, warn
from cardtable.bots import bot_move, make_bot
from cardtable.explanation import explain_items
from cardtable.i18n import translator, use_language
from cardtable.i18n.pseudo import unmarked
from cardtable.moves import Move

layout = importlib.import_module("cardtable.games.remik.layout")
render = importlib.import_module("cardtable.games.remik.render")

NAMES = ["A", "B", "C", "D"]
NOTATION = {"draw", "take", "meld", "lay", "swap", "discard", "remik", "ręki"}
ENGLISH = {"the", "is", "not", "and", "you", "your", "must", "can", "with", "cards", "card", "seat",
           "stock", "pile", "now", "cannot", "hand", "meld", "run", "set", "opened", "turn", "draw",
           "they", "their", "last", "out", "have", "already"}
_WORD = re.compile(r"[A-Za-zęą][A-Za-z_ęą]{2,}")


def foreign_words(text: str, loc: str) -> list[str]:
    words = [w for w in _WORD.findall(text) if "_" not in w]
    if loc == "pl":
        return [w for w in words if w.lower() in ENGLISH and w not in NOTATION]
    return [w for w in words if w not in NOTATION]


def warned_position() -> tuple[cardtable.State, int, Move]:
    """The first position of seed 3 (heuristic bots) where a legal discard draws a warning."""
    st = cardtable.new_game("remik", seed=3)
    bot, rng = make_bot("remik", "heuristic"), random.Random(3)
    for _ in range(600):
        seat = st.to_move()[0]
        view = st.view(seat)
        for m in st.legal_moves(seat):
            if m.verb == "discard" and warn(view, m):
                return st, seat, m
        st.apply(bot_move(bot, st, seat, rng), seat)
    raise AssertionError("no warned discard in 600 moves")


def bad_meld(st: cardtable.State, seat: int) -> Move:
    """Three cards of the seat's hand that are no meld (different ranks, not one suit)."""
    hand = [c for c in st.view(seat)["hand"] if not c.startswith("JK")]
    for a in hand:
        for b in hand:
            for c in hand:
                if len({a[:-1], b[:-1], c[:-1]}) == 3 and len({a[-1], b[-1], c[-1]}) > 1:
                    return st.parse_move(f"meld {a} {b} {c}", seat)
    raise AssertionError("no three unrelated cards")


def texts() -> dict[str, Callable[[], str]]:
    st, seat, risky = warned_position()
    view, legal = st.view(seat), st.legal_moves(seat)
    meld = bad_meld(st, seat)
    done, s = st.clone(), seat
    bot, rng = make_bot("remik", "heuristic"), random.Random(0)
    while not done.is_over:
        s = done.to_move()[0]
        done.apply(bot_move(bot, done, s, rng), s)
    items = [it.to_json() for it in done.score_items()]
    final = done.view(0)

    def score() -> str:
        return " | ".join(li.text for p in explain_items("remik", items, done.players, NAMES, final) for li in p)

    def zones() -> str:
        return " | ".join(f"{z['name']}: {z.get('text') or ''}" for z in layout.zones(view, NAMES))

    return {
        "illegal": lambda: st.why_illegal(seat, Move("draw")),
        "meld": lambda: st.why_illegal(seat, meld),
        "hint": lambda: hint(view, legal).reason,
        "warning": lambda: warn(view, risky),
        "score": score,
        "layout": zones,
        "render": lambda: render.render(view),
    }


@pytest.mark.parametrize("loc", ["pl", "ru"])
def test_a_real_position_reads_in_the_language(loc: str) -> None:
    for kind, make in texts().items():
        with use_language("en"):
            english = make()
        with use_language(loc):
            said = make()
        assert said and said != english, (kind, said)
        assert "{" not in said and "}" not in said, (kind, said)
        assert not foreign_words(said, loc), (kind, foreign_words(said, loc), said)


def test_pseudo_locale_leaves_nothing_unmarked() -> None:
    for kind, make in texts().items():
        with use_language("pseudo"):
            said = make()
        assert "⟦" in said, kind
        assert not foreign_words(unmarked(said), "ru"), (kind, unmarked(said))


def test_the_polish_catalog_uses_the_seed_terms() -> None:
    """Polish Remik words (remik.md, the Polish seed): sekwens, dżoker, otwarcie."""
    pl = translator("pl")
    assert "sekwens" in pl.gettext("a run may not turn the corner K-A-2 (remik.md rule 7)")
    assert "dżoker" in pl.gettext("two jokers may not be adjacent in a run")
    assert "otwarci" in pl.gettext("the opening must include a run without a joker")


def test_a_meld_reason_is_translated_where_it_is_shown() -> None:
    """The meld check raises English reasons while moves are listed; the player's language
    is used only in the reason returned."""
    from cardtable.games.remik.melds import MeldError
    err = MeldError("a meld has at least 3 cards, not {n}", n=2)
    assert str(err) == "a meld has at least 3 cards, not 2"
    with use_language("ru"):
        assert err.said() != str(err) and "2" in err.said()
