"""Gin speaks the player's language: illegal-move reasons, hints, the knock warning, score
lines and the table's words of real positions come out of the catalogs (Russian, the
referee's language, and Polish), filled in, and the pseudo-locale shows nothing unmarked.

The checks do not copy a translation: a text must differ from the English one, hold no
placeholder, and keep no English word (only the move notation and option names may stay in
Latin letters); in the pseudo-locale every word must come from the catalog."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

import pytest
from tests.games.gin.helpers import make_deal

import cardtable
from cardtable.advice import hint, warn
from cardtable.explanation import explain_items
from cardtable.i18n import translator, use_language
from cardtable.i18n.pseudo import unmarked
from cardtable.moves import Move

layout = importlib.import_module("cardtable.games.gin.layout")
render = importlib.import_module("cardtable.games.gin.render")

NAMES = ["A", "B"]                      # seat names outside the catalog, one letter each
NOTATION = {"take", "pass", "draw", "discard", "knock", "gin", "biggin", "meld", "layoff", "done",
            "force_gin", "knock_limit", "big_gin", "report", "choose", "accept"}
_WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")


# words of the English sentences that no Polish or Russian sentence has
ENGLISH = {"the", "is", "not", "and", "you", "your", "must", "can", "with", "cards", "card", "seat",
           "deadwood", "stock", "pile", "dealer", "now", "cannot", "known", "hold", "from", "draw"}
LATIN = {"ru": False, "pl": True, "th": False, "zh_Hans": False}


def english_words(text: str, latin: bool = False) -> list[str]:
    """The English words left in ``text``: any Latin-letter word but notation, or for a
    language written in Latin letters, the words of English sentences."""
    words = [w for w in _WORD.findall(text) if w not in NOTATION]
    return [w for w in words if w.lower() in ENGLISH] if latin else words


def knock_position() -> cardtable.State:
    """Seat 0 passed the upcard 8♠, seat 1 took it (so seat 0 knows it) and threw 2♥; seat 0
    has drawn K♣ and could knock with 5♦ deadwood, undercut risk from the known 8♠."""
    deal = make_deal("A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 9♠ 10♠ J♠ 5♦", "2♥ 3♥ 4♥ 5♥ 6♥ 8♥ 9♥ 10♥ J♥ Q♥", "8♠",
                     stock_top="K♣", dealer=1)
    st = cardtable.new_game("gin", deal=deal)
    for seat, text in ((0, "pass"), (1, "take"), (1, "discard 2♥"), (0, "draw")):
        st.apply(text, seat)
    return st


def texts(st: cardtable.State) -> dict[str, Callable[[], str]]:
    """Each kind of text a player reads at this position, as a function of the language."""
    view, legal = st.view(0), st.legal_moves(0)
    done = knock_position()
    done.apply("knock K♣", 0)
    assert done.is_over
    items = [it.to_json() for it in done.score_items()]
    final = done.view(0)

    def score() -> str:
        return " | ".join(li.text for seat in explain_items("gin", items, 2, NAMES, final) for li in seat)

    def zones() -> str:
        return " | ".join(f"{z['name']}: {z.get('text') or ''}" for z in layout.zones(view, NAMES))

    return {
        "illegal": lambda: st.why_illegal(1, Move("draw")) + " / " + st.why_illegal(0, Move("take")),
        "hint": lambda: hint(view, legal).reason,
        "warning": lambda: warn(view, Move("knock", (cardtable.parse_card("K♣"),))),
        "score": score,
        "layout": zones,
        "render": lambda: render.render(view),
    }


@pytest.mark.parametrize("loc", ["ru", "pl"])
def test_a_real_position_reads_in_the_language(loc: str) -> None:
    st = knock_position()
    for kind, make in texts(st).items():
        with use_language("en"):
            english = make()
        with use_language(loc):
            said = make()
        assert said and said != english, (kind, said)
        assert "{" not in said and "}" not in said, (kind, said)
        assert not english_words(said, LATIN[loc]), (kind, english_words(said, LATIN[loc]), said)


def test_the_knock_warning_names_the_known_card_and_the_deadwood() -> None:
    st = knock_position()
    with use_language("ru"):
        said = warn(st.view(0), Move("knock", (cardtable.parse_card("K♣"),)))
    assert said is not None and "8♠" in said and "5" in said


def test_pseudo_locale_leaves_nothing_unmarked() -> None:
    st = knock_position()
    for kind, make in texts(st).items():
        with use_language("pseudo"):
            said = make()
        assert "⟦" in said, kind
        assert not english_words(unmarked(said)), (kind, unmarked(said))


def test_the_catalog_holds_each_message_shown() -> None:
    """The Russian texts are the catalog's: the msgid of a reason is translated there."""
    ru = translator("ru")
    for msgid in ("{card} is not in your hand", "seat {seat} must discard or knock",
                  "dead hand: two stock cards left, nobody scores", "knock limit {limit}"):
        assert ru.gettext(msgid) != msgid


def test_english_is_unchanged() -> None:
    st = knock_position()
    with use_language("en"):
        assert st.why_illegal(0, Move("take")) == "cannot take now: seat 1 must discard or knock"   # from 1
        assert "knock limit 10" in render.render(st.view(0))


# --- the referee (table mode): its rulings and bars speak Russian, the record stays English ---

def referee_position() -> cardtable.State:
    """A table-mode deal: seat 1 drew K♠ and saw 7♦ illegally (R6), then an exposed card of
    seat 0's hand (R8) bars his knock."""
    from tests.games.gin_referee.helpers import make_deal as table_deal
    from tests.games.gin_referee.helpers import play, table_state
    deal = table_deal("2♠ 4♠ 6♠ 8♠ 10♠ 2♥ 4♥ 6♥ 8♥ 10♥", "A♣ 2♣ 3♣ 8♦ 9♦ 10♦ Q♠ Q♥ Q♦ 5♦", "K♣",
                      "J♣ K♠ 7♦ A♥ K♥")
    return play(table_state(deal), "pass", "pass", "draw", "discard J♣", "draw", "report R6 7♦")


def test_a_ruling_reads_in_russian_and_its_record_stays_english() -> None:
    st = referee_position()
    ruling = st.rulings[-1]
    with use_language("en"):
        english = ruling.said()
    assert english == ruling.sentence()            # the English wording is the data
    with use_language("ru"):
        said = ruling.said()
        lines = explain_items("gin", [it.to_json() for it in st.score_items() if it.rule == "gin:R6"],
                              2, NAMES, st.view(None))
    assert said != english and "7♦" in said and "{" not in said
    assert not english_words(said), english_words(said)
    assert lines[1] and lines[1][0].text.rstrip(".") == said[:1].upper() + said[1:].rstrip(".")
    assert st.score_items()[0].note == ruling.sentence()      # the score item keeps English


def test_a_bar_reason_reads_in_russian() -> None:
    st = referee_position()
    with use_language("ru"):
        why = st._knock_barred(1)
    assert why is not None and not english_words(why) and "R6" in why
