"""The core's own texts (errors, seats and turns, score summaries, mechanics' reasons, bot
names) come out in the asked language: each compared with the catalog's own msgstr (read
from the .po files, not copied here), free of English words, with every placeholder filled;
and in the pseudo-locale nothing the core words is left unmarked."""

from __future__ import annotations

import random
import re

import pytest

from cardtable import new_game
from cardtable.bots import bot_move, make_bot
from cardtable.bots.labels import DESCRIPTIONS, bot_description, bot_label
from cardtable.cards import card_name, parse_card
from cardtable.climbing import Combo, why_not_beats
from cardtable.errors import BadCard, BadOption, IllegalMove, UnknownGame
from cardtable.explanation import score_summary
from cardtable.i18n import catalog_files, use_language
from cardtable.i18n.catalog import read_po
from cardtable.i18n.pseudo import unmarked
from cardtable.melds import MeldTable
from cardtable.presentation import game_title, seat_names, table_layout, turn_line
from cardtable.registry import get_game
from cardtable.tricks import Auction

LANGS = ("ru", "zh_Hans")


def msgstr(loc: str, msgid: str, context: str | None = None, form: int = 0) -> str:
    """The translation of ``msgid`` as the catalog files of ``loc`` write it."""
    for f in catalog_files(loc):
        for e in read_po(f):
            if e.msgid == msgid and e.context == context and e.translated:
                return e.msgstr[form]
    raise AssertionError(f"{loc}: no translation of {msgid!r}")


_WORD = re.compile(r"[A-Za-z]{3,}")


def english_words(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """Latin words of three letters or more that are not notation the test expects (the
    player's own input, quoted, is left out)."""
    return [w for w in _WORD.findall(re.sub(r"'[^']*'", " ", text)) if w not in allowed]


@pytest.mark.parametrize("loc", LANGS)
def test_illegal_move_from_a_mechanic(loc: str) -> None:
    with use_language(loc):
        straight, pair = Combo("straight", 5, 6), Combo("pair", 2, 3)
        text = why_not_beats(straight, pair)
        pair_words = msgstr(loc, "pair of {rank}").format(rank="6")
        want = msgstr(loc, "the table shows a {combo}; reply with the same type and number of "
                      "cards ({n}) or a bomb", form=0 if loc == "zh_Hans" else 1)
        assert text == want.format(combo=pair_words, n=2)
        assert "{" not in text and not english_words(text)
        auction = Auction(players=4, first=0, minimum=80, step=5, maximum=200)
        bid = auction.why_not(auction.turn, 83)
        assert bid == msgstr(loc, "bids are multiples of {step} from {lowest} to {highest}").format(
            step=5, lowest=80, highest=200)
        assert not english_words(bid)


@pytest.mark.parametrize("loc", LANGS)
def test_illegal_move_wrapper_and_bad_card(loc: str) -> None:
    state = new_game("gin", seed=3)
    seat = state.to_move()[0]
    with use_language(loc), pytest.raises(IllegalMove) as err:
        state.apply("discard QX", seat)
    with use_language(loc):
        text = str(err.value)
        suit = msgstr(loc, "unknown suit {suit}; suits are ♠♥♦♣ or s/h/d/c, before or after the "
                      "rank (8♠, ♠8, 8s, s8)").format(suit="'X'")
        bad = msgstr(loc, "bad card token {token}: {why}").format(token="'QX'", why=suit)
        assert err.value.why == bad
        assert text == msgstr(loc, "seat {seat}: illegal move {move}: {why}").format(
            seat=seat + 1, move="'discard QX'", why=bad)          # seats counted from 1 (issue 26)
        assert not english_words(text, ("discard",))
        with pytest.raises(BadCard) as bc:
            parse_card("fish")
        assert not english_words(str(bc.value), ("fish",))


@pytest.mark.parametrize("loc", LANGS)
def test_unknown_game_and_bad_options(loc: str) -> None:
    with use_language(loc):
        with pytest.raises(UnknownGame) as err:
            get_game("poker")
        text = str(err.value)
        head = msgstr(loc, "unknown game {game}; valid games: {valid}").split("{valid}")[0]
        assert text.startswith(head.format(game="'poker'"))
        assert "gin" in text and "unknown" not in text
        with pytest.raises(BadOption) as bo:
            get_game("gin").make_options(rules={"no_such_rule": 1})
        assert not english_words(re.split("[;；]", str(bo.value))[0])
        with pytest.raises(BadOption) as pre:
            get_game("gin").make_options(preset="nope")
        assert "preset" not in str(pre.value)


@pytest.mark.parametrize("loc", LANGS)
def test_seats_and_turn_words(loc: str) -> None:
    state = new_game("gin", seed=5)
    me = state.to_move()[0]
    other = 1 - me
    with use_language(loc):
        names = seat_names(2, me, ["heuristic", "heuristic"])
        assert names[me] == msgstr(loc, "You")
        assert names[other] == msgstr(loc, "seat {n} ({bot})").format(
            n=other + 1, bot=msgstr(loc, "heuristic", "bot"))
        mine = turn_line(state.view(me), names)
        theirs = turn_line(state.view(other), names)
    assert mine.startswith(msgstr(loc, "Your turn — {phase}.").split("{phase}")[0])
    waiting = msgstr(loc, "Waiting for {seats} — {phase}.").split("{phase}")[0]
    assert theirs.startswith(waiting.format(seats=names[me]))
    for text in (mine, theirs):
        assert not english_words(re.sub(r"—.*", "", text)), text     # the phase is the game's


@pytest.mark.parametrize("loc", LANGS)
def test_score_summary_words(loc: str) -> None:
    state = finished("gin", 11)
    winners = [s for s in range(state.players) if state.scores[s] == max(state.scores)]
    with use_language(loc):
        names = seat_names(state.players, 0, [None, "random"])
        summary = score_summary("gin", state.view(0), names, winners=winners)
    seats = msgstr(loc, ", ", "list separator").join(names[s] for s in winners)
    assert summary["winners"] == msgstr(loc, "Won the deal: {seats}.").format(seats=seats)
    assert not english_words(summary["winners"])
    assert [s["name"] for s in summary["seats"]] == names


def finished(game_id: str, seed: int):
    state = new_game(game_id, seed=seed)
    rng = random.Random(seed)
    bot = make_bot(game_id, "random")
    for _step in range(5000):
        if state.is_over:
            return state
        seat = state.to_move()[0]
        state.apply(bot_move(bot, state, seat, rng), seat)
    raise AssertionError("deal did not end")


@pytest.mark.parametrize("loc", LANGS)
def test_meld_and_card_words(loc: str) -> None:
    with use_language(loc):
        reason = MeldTable().check_arrangement(0b111, [0b1000])
        name = card_name(parse_card("Q♥"))
    assert reason == msgstr(loc, "a meld names a card that is not in the hand")
    queen = msgstr(loc, "queen", "card rank")
    assert name == msgstr(loc, "{rank} of hearts", "card").format(rank=queen)


def test_game_titles() -> None:
    g = get_game("shisanzhang")
    assert game_title(g) == "Chinese Poker · 十三张"
    assert game_title("gin") == "Gin Rummy"
    with use_language("ru"):
        ru = game_title(g)
        assert ru.endswith(" · 十三张")
    with use_language("zh_Hans"):
        zh = game_title(g)
        from cardtable.i18n import _
        translated = _(g.name)
    # in Chinese the native name is left out once the name itself is translated
    assert zh == (translated if translated != g.name else f"{g.name} · 十三张")


def test_bot_labels_and_descriptions() -> None:
    assert bot_label("hard") == "hard" and bot_label("Alice") == "Alice"
    with use_language("ru"):
        assert bot_label("hard") == msgstr("ru", "hard", "bot level")
        assert bot_label("Alice") == "Alice"
        for name in DESCRIPTIONS:
            assert bot_description(name) and not english_words(
                bot_description(name), ("MCTS",)), name


def test_pseudo_leaves_no_core_word_unmarked() -> None:
    """A finished random deal's table and score in the pseudo-locale: every word the core
    produces (title, seats, turn, range labels, winners) went through the catalog."""
    state = new_game("gin", seed=2)
    rng = random.Random(2)
    bot = make_bot("gin", "random")
    seen: list[str] = []
    with use_language("pseudo"):
        while not state.is_over:
            seat = state.to_move()[0]
            names = seat_names(2, seat, [None, "random"] if seat == 0 else ["random", None])
            lay = table_layout(state.view(seat), [state.move_text(m) for m in state.legal_moves(seat)],
                               names)
            seen += [lay["turn"], lay["title"]["name"], lay["title"]["text"].split(" · ")[0]]
            seen += [g["label"] for g in lay["moves"] if g["range"]]
            seen += [line.partition(": ")[0] for line in lay["last_moves"]]
            state.apply(bot_move(bot, state, seat, rng), seat)
        names = seat_names(2, 0, [None, "random"])
        winners = [s for s in range(2) if state.scores[s] == max(state.scores)]
        summary = score_summary("gin", state.view(0), names, winners=winners)
        seen += [summary["winners"], *(s["name"] for s in summary["seats"])]
        seen.append(turn_line(state.view(0), names))
    for text in seen:
        left = unmarked(text)
        assert not re.findall(r"[A-Za-z]{2,}", left), (text, left)


def test_illegal_move_is_worded_when_shown_and_pickles() -> None:
    import pickle

    err = IllegalMove("discard Q♥", "why", 1)
    back = pickle.loads(pickle.dumps(err))
    assert (back.move, back.why, back.seat) == ("discard Q♥", "why", 1)
    assert str(back) == "seat 2: illegal move 'discard Q♥': why"      # the engine's seat 1, from 1
    with use_language("ru"):
        assert str(back) == msgstr("ru", "seat {seat}: illegal move {move}: {why}").format(
            seat=2, move="'discard Q♥'", why="why")


def test_option_and_preset_descriptions_go_through_the_catalog() -> None:
    from cardtable.options import option_rows

    game = get_game("gin")
    rows = option_rows(game.options_class)
    assert [r["doc"] for r in rows] == [i.doc for i in game.options_class.describe()]
    with use_language("pseudo"):
        shown = option_rows(game.options_class)
        presets = [p.shown_description for p in game.presets.values()]
    assert all(r["doc"].startswith("⟦") for r in shown if r["doc"])
    assert presets and all(p.startswith("⟦") for p in presets)
