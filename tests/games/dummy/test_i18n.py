"""Thai Dummy speaks the player's language: at a real position (seeded heuristic bots, the
first discard the table warns about) the illegal-move reason, the hint, the penalty warning,
the score lines and the table's words come out of the catalogs in Thai and Russian, filled
in, and the pseudo-locale leaves nothing unmarked.

No translation is copied here: a text must differ from the English one, hold no
placeholder, and keep no Latin-letter word but the move notation and option names."""

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

layout = importlib.import_module("cardtable.games.dummy.layout")
render = importlib.import_module("cardtable.games.dummy.render")

NAMES = ["A", "B", "C", "D"]
NOTATION = {"take", "meld", "on", "layoff", "draw", "discard", "knock", "pass", "show"}
_WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")


def latin_words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if w not in NOTATION and "_" not in w]


def warned_position() -> tuple[cardtable.State, int, Move]:
    """The first position of seed 0 (heuristic bots) where a legal discard draws a warning."""
    st = cardtable.new_game("dummy", seed=0)
    bot, rng = make_bot("dummy", "heuristic"), random.Random(0)
    for _ in range(400):
        seat = st.to_move()[0]
        view = st.view(seat)
        for m in st.legal_moves(seat):
            if m.verb == "discard" and warn(view, m):
                return st, seat, m
        st.apply(bot_move(bot, st, seat, rng), seat)
    raise AssertionError("no warned discard in 400 moves")


def finished() -> cardtable.State:
    st = cardtable.new_game("dummy", seed=1)
    bot, rng = make_bot("dummy", "heuristic"), random.Random(1)
    while not st.is_over:
        seat = st.to_move()[0]
        st.apply(bot_move(bot, st, seat, rng), seat)
    return st


def texts() -> dict[str, Callable[[], str]]:
    st, seat, risky = warned_position()
    view, legal = st.view(seat), st.legal_moves(seat)
    other = (seat + 1) % st.players
    done = finished()
    items = [it.to_json() for it in done.score_items()]
    final = done.view(0)
    assert items

    def score() -> str:
        return " | ".join(li.text for s in explain_items("dummy", items, done.players, NAMES, final) for li in s)

    def zones() -> str:
        return " | ".join(f"{z['name']}: {z.get('text') or ''}" for z in layout.zones(view, NAMES))

    return {
        "illegal": lambda: st.why_illegal(seat, Move("draw")) + " / " + st.why_illegal(other, Move("draw")),
        "hint": lambda: hint(view, legal).reason,
        "warning": lambda: warn(view, risky),
        "score": score,
        "layout": zones,
        "render": lambda: render.render(view),
    }


@pytest.mark.parametrize("loc", ["th", "ru"])
def test_a_real_position_reads_in_the_language(loc: str) -> None:
    for kind, make in texts().items():
        with use_language("en"):
            english = make()
        with use_language(loc):
            said = make()
        assert said and said != english, (kind, said)
        assert "{" not in said and "}" not in said, (kind, said)
        assert not latin_words(said), (kind, latin_words(said), said)


def test_the_thai_warning_keeps_the_card_and_the_amount() -> None:
    st, seat, risky = warned_position()
    with use_language("th"):
        said = warn(st.view(seat), risky)
    assert said is not None and str(risky.cards[0]) in said and "50" in said


def test_pseudo_locale_leaves_nothing_unmarked() -> None:
    for kind, make in texts().items():
        with use_language("pseudo"):
            said = make()
        assert "⟦" in said, kind
        assert not latin_words(unmarked(said)), (kind, unmarked(said))


def test_the_catalog_uses_the_seed_terms() -> None:
    """The Thai words of the seed (dummy.md §1): knock น็อค, head card ใบหัว, lay off ฝาก, born เกิด."""
    th = translator("th")
    assert "น็อค" in th.gettext("knock bonus")
    assert "ใบหัว" in th.gettext("head card")
    said = th.gettext("laying off needs being born")
    assert "ฝาก" in said and "เกิด" in said
