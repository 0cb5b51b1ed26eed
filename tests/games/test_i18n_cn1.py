"""十三张, 捉黑A, 四百分, 憋7 and 五十一分 speak the player's language (issue 14).

For a real position of each game — an illegal move's reason, the hint, the table's zones and
phase, and the score lines of a finished deal — the text a player reads is checked in
Simplified and Traditional Chinese and Russian: it differs from the English, its placeholders
are filled, and no English word is left in it (only card and move notation, option keys and
the names of the seats, which the test gives).  In the pseudo-locale nothing is left outside
a translated span but that notation.  The catalogs' own completeness is tests/i18n's job.
"""

from __future__ import annotations

import random
import re

import pytest

from cardtable.advice import hint
from cardtable.bots import bot_move, make_bot
from cardtable.errors import IllegalMove
from cardtable.explanation import explain_items, score_summary
from cardtable.i18n import gettext as _
from cardtable.i18n import use_language
from cardtable.i18n.pseudo import unmarked
from cardtable.presentation import table_layout
from cardtable.registry import get_game

GAMES = ("shisanzhang", "zhuoheia", "sibaifen", "bieqi", "wushiyifen")
#: an illegal move at the first decision of a fresh deal, and the seat that tries it
ILLEGAL = {
    "shisanzhang": "arrange A♠ K♠ | Q♠ | J♠",      # rows of 2, 1, 1 cards
    "zhuoheia": "pass",                              # the leader cannot pass
    "sibaifen": "play K♠",                           # the auction is on
    "bieqi": "lend 7♠",                              # nobody asked to borrow
    "wushiyifen": "show",                            # no open declaration to answer
}
NAMES = ("You", "P2", "P3", "P4", "P5", "P6")
# words of the notation a player types, option keys and file references: they stay as written
NOTATION = set("""arrange declare special cards card play pass bury trump bid lend borrow draw
take throw show challenge open hidden reveal give return pick joker position CARDS CARD SUIT
auto_declare_special liuduiban sibaifen live_joker lend_policy forced_worst illegal_borrow
allow_voluntary_reveal may_declare_before_draw verbs moves""".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")
_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[♠♥♦♣]|[♠♥♦♣](?:10|[2-9TJQKA])\b|\bBJ\b|\bLJ\b")


def english_words(text: str) -> list[str]:
    """The words of ``text`` that are neither notation nor a seat's name."""
    for name in NAMES:
        text = text.replace(name, " ")
    text = _CARD.sub(" ", text)
    return [w for w in _WORD.findall(text) if w not in NOTATION and w.lower() not in NOTATION]


def fresh(game_id: str, seed: int = 3):
    state = get_game(game_id).new_state(seed=seed)
    return state, state.to_move()[0]


def finished(game_id: str):
    """A finished deal of ``game_id`` with score items (seeded random bots)."""
    game = get_game(game_id)
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        bot = make_bot(game_id, "auto" if game_id == "shisanzhang" else "random")  # rows, not fouls
        for _step in range(5000):
            if state.is_over:
                break
            seat = state.to_move()[0]
            state.apply(bot_move(bot, state, seat, rng), seat)
        if state.is_over and state.view(0).get("items"):
            return state
    raise AssertionError(f"no finished {game_id} deal with score items")


def texts(game_id: str) -> dict[str, list[str]]:
    """What a player reads, in the current language: reason, hint, zones, score lines."""
    state, seat = fresh(game_id)
    with pytest.raises(IllegalMove) as err:
        state.apply(ILLEGAL[game_id], seat)
    view = state.view(seat)
    names = list(NAMES[:state.players])
    names[0], names[seat] = names[seat], names[0]
    legal = state.legal_moves(seat)
    got = hint(view, legal)
    assert got is not None
    lay = table_layout(view, [state.move_text(m) for m in legal], names)
    zone_words = [z["name"] for z in lay["zones"]] + [z["text"] for z in lay["zones"] if "text" in z]
    end = finished(game_id)
    final = end.view(0)
    lines = explain_items(game_id, final["items"], end.players, list(NAMES[:end.players]), final)
    summary = score_summary(game_id, final, list(NAMES[:end.players]))
    # the core shows a game's PHASES words and SCORING_NOTE through _() (l10ncore's part);
    # translating an already translated text again leaves it as it is
    phase = [_(lay["phase"])] if lay["phase"] else []
    return {"reason": [err.value.why], "hint": [got.reason],
            "layout": [t for t in zone_words if t and t != "—"] + phase
            + [lay["move_note"]] * bool(lay["move_note"]),
            "score": [line.text for seat_lines in lines for line in seat_lines] + [_(summary["note"])]}


@pytest.fixture(scope="module")
def english() -> dict[str, dict[str, list[str]]]:
    with use_language("en"):
        return {g: texts(g) for g in GAMES}


@pytest.mark.parametrize("loc", ["zh_Hans", "zh_Hant", "ru"])
@pytest.mark.parametrize("game_id", GAMES)
def test_player_texts_are_translated(game_id: str, loc: str,
                                     english: dict[str, dict[str, list[str]]]) -> None:
    with use_language(loc):
        got = texts(game_id)
    for kind, items in got.items():
        assert items, (game_id, kind)
        assert len(items) == len(english[game_id][kind])
        for text, en in zip(items, english[game_id][kind], strict=True):
            if text == en and not english_words(en):      # a name or notation only
                continue
            assert text != en, (game_id, loc, kind, text)
            assert "{" not in text and "}" not in text, (game_id, loc, kind, text)
            assert not english_words(text), (game_id, loc, kind, text, english_words(text))


def test_simplified_and_traditional_differ() -> None:
    """zh_Hant is its own catalog in Traditional characters, not a copy of zh_Hans."""
    with use_language("zh_Hans"):
        hans = texts("shisanzhang")
    with use_language("zh_Hant"):
        hant = texts("shisanzhang")
    assert hans["reason"] != hant["reason"]
    assert "頭道" in " ".join(hant["reason"] + hant["layout"])
    assert "头道" in " ".join(hans["reason"] + hans["layout"])


@pytest.mark.parametrize("game_id", GAMES)
def test_pseudo_locale_leaves_only_notation(game_id: str) -> None:
    with use_language("pseudo"):
        got = texts(game_id)
    for kind, items in got.items():
        for text in items:
            left = english_words(unmarked(text))
            assert not left, (game_id, kind, text, left)


def test_game_names_and_option_docs_are_marked() -> None:
    with use_language("zh_Hans"):
        assert _(get_game("shisanzhang").name) == "十三张"
        assert _(get_game("zhuoheia").name) == "捉黑A"
        doc = get_game("sibaifen").options_class.describe()[0].doc
        assert _(doc) != doc and not english_words(_(doc))
