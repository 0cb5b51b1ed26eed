"""Every move a person reads is in their language (issue 26, finding 8).

``cardtable.movewords`` says a move's text (the canonical notation, which stays the input and
the data) in words: each game declares the shapes of its notation in its layout part
(``Layout.move_words``), a shared table covers the common verbs, and anything else is shown as
it is.  These tests play seeded random deals of every game (two deals of a match, so that
捉黑A's tribute comes up) and check, in Thai and both Chinese scripts, that no legal move and
no log entry said in words keeps an English word; that the documented notation of every game
(docs/games/<id>.md "Move notation", and the redacted forms of the logs) is covered; that
English reads as before; that in the pseudo-locale every word went through the catalog; that
the canonical text is still what ``State.apply`` takes; and that the terminal and the server's
frames use the words.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest

from cardtable.i18n import use_language
from cardtable.i18n.pseudo import unmarked
from cardtable.match import Match
from cardtable.movewords import common_words, log_words, move_words, shape_pattern, verb_words
from cardtable.presentation import group_moves, seat_names, table_layout
from cardtable.registry import BUILTIN_GAMES, game_parts, get_game

GAMES = sorted(BUILTIN_GAMES)
WORDED = ("th", "zh_Hans", "zh_Hant")

#: ASCII that stays in a translated move: the card notation (ranks ``10 J Q K A``, jokers
#: ``BJ``/``LJ`` and remik's ``JK``/``JK=8♥``) — docs/i18n.md: cards stay in the notation in
#: every language.  Remik's table melds ``m3`` are ids the view shows (one letter, never a word).
ALLOWED = {"JK", "BJ", "LJ"}
_CARD = re.compile(r"(?:10|[2-9AJQKT])[♠♥♦♣]|[♠♥♦♣](?:10|[2-9AJQKT])")
#: the bots sitting at the tables of these tests (their labels are words too)
BOTS = ["heuristic", "medium", "hard", "easy", "random"]


def kinds(players: int) -> list[str]:
    """Seat 0 is the person, the others bots."""
    return [""] + [BOTS[i % len(BOTS)] for i in range(players - 1)]

#: each game's notation as docs/games/<id>.md "Move notation" writes it, with the redacted
#: forms another seat reads in the log ("submit (hidden)", "lend (a card)" …)
SAMPLES: dict[str, list[str]] = {
    "gin": ["take", "pass", "draw", "discard K♠", "knock 4♠", "knock 4♠ [A♠ 2♠ 3♠] [7♥ 7♦ 7♣]",
            "gin 4♠", "gin 4♠ [A♠ 2♠ 3♠] [4♥ 5♥ 6♥] [J♣ J♦ J♥]", "biggin",
            "biggin [A♠ 2♠ 3♠] [4♥ 5♥ 6♥] [9♣ 10♣ J♣ Q♣ K♣]", "meld K♠ K♦ K♥",
            "layoff 9♠ [6♠ 7♠ 8♠]", "done", "knock (face down)", "knock (face down) [A♠ 2♠ 3♠]",
            "gin (face down)", "gin (face down) [A♠ 2♠ 3♠] [4♥ 5♥ 6♥]"],
    "dummy": ["draw", "take 7♥ meld 6♥ 7♥ 8♥", "take 8♥ on 7♥", "meld 3♥ 4♥ 5♥", "layoff 10♥ on 7♥",
              "layoff 2♣ 3♣ on 4♣", "discard 9♣", "knock K♦", "pass", "show"],
    "remik": ["draw", "take", "take meld [A♦ 2♦ JK=3♦] [8♦ 8♣ 8♥]", "meld [8♦ 8♣ 8♥] [7♠ 8♠ 9♠ 10♠ J♠]",
              "meld 7♥ JK=8♥ 9♥", "lay 10♥ @m3", "lay 10♥ J♥ @m3", "lay JK=10♥ @m3", "swap 6♥ @m2",
              "discard K♠", "discard JK"],
    "shisanzhang": ["arrange 2♥ 5♥ 9♥ | K♠ J♠ 8♠ 6♠ 2♠ | A♣ Q♣ 9♣ 7♣ 4♣", "declare liuduiban",
                    "declare qinglong", "declare", "submit (hidden)"],
    "zhuoheia": ["play 3♠ 4♥ 5♦ 6♣ 7♠", "play 2♠ 2♥", "play BJ", "pass", "give BJ 2♠", "return 3♠ 4♦",
                 "pick 9♥", "reveal"],
    "bieqi": ["play 7♠", "play 10♦", "borrow", "lend K♣", "lend", "lend (a card)", "play BJ for ♦8"],
    "biefufen": ["play 7♠", "play 8♠", "kou K♠", "kou (face down)", "play 2♥ for ♠6"],
    "sibaifen": ["bid 250", "pass", "bury 9♣", "bury K♠ 2♥ 5♦ 9♣", "bury (1 card)", "bury (4 cards)",
                 "trump ♥", "play K♠"],
    "yijiang": ["bid 4", "pass", "trump ♠", "play K♥"],
    "wushiyifen": ["draw", "take", "throw 9♠", "throw 9♠ open", "throw 9♠ hidden", "declare open",
                   "declare hidden", "show", "challenge", "pass"],
    "jianshisifen": ["pick J♥ 3♦", "draw", "put 7♣"],
    "zuihoushengli": ["play 10♠", "play BJ"],
}

#: the common verbs: Polish and Russian must not read them as English
COMMON = ["draw", "pass", "take", "discard 7♠", "play 7♠", "meld 3♥ 4♥ 5♥", "knock 4♠", "bid 250", "trump ♥"]


def english_words(text: str) -> list[str]:
    """The ASCII words of 2+ letters in ``text`` that are not card notation."""
    left = _CARD.sub(" ", text)
    return [w for w in re.findall(r"[A-Za-z]{2,}", left) if w not in ALLOWED]


def verbs(texts: list[str]) -> set[str]:
    return {t.split(" ", 1)[0] for t in texts if t}


def played(game_id: str, seeds: int = 2, deals: int = 2) -> tuple[set[str], set[str], list[int]]:
    """Seeded random play of two deals of a match at every player count: every legal move's
    text, every log entry (read by every seat and a spectator, also mid-deal, where secret
    moves are redacted), and the player counts met.  Each move is made from its canonical
    text through ``State.apply``: the input is the notation, whatever the screen says."""
    g = get_game(game_id)
    legal_texts: set[str] = set()
    log: set[str] = set()
    counts = list(range(g.min_players, g.max_players + 1))
    for players in counts:
        for seed in range(seeds):
            rng = random.Random(seed * 100 + players)
            try:
                match = Match(g, players, g.make_options(), seed=seed)
            except Exception:          # a player count the default options refuse
                continue
            for _deal in range(deals):
                state = match.state
                for step in range(3000):
                    if state.is_over:
                        break
                    seat = rng.choice(state.to_move())
                    legal = state.legal_moves(seat)
                    texts = [state.move_text(m) for m in legal]
                    legal_texts.update(texts[:400])
                    state.apply(texts[rng.randrange(len(texts))], seat)
                    if step % 3 == 0 or state.is_over:
                        for viewer in [*range(players), None]:
                            log.update(state.view(viewer)["log"])
                if not state.is_over or match.finish_deal() is not None:
                    break
                match.next_deal()
    return legal_texts, log, counts


@pytest.fixture(scope="module")
def plays() -> dict[str, tuple[set[str], set[str], list[int]]]:
    return {g: played(g) for g in GAMES}


# --- every word in the player's language ----------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("loc", WORDED)
def test_no_english_word_in_moves_and_logs(plays: dict, game_id: str, loc: str) -> None:
    legal, log, counts = plays[game_id]
    assert legal and log
    with use_language(loc):
        left = {t: move_words(game_id, t) for t in legal if english_words(move_words(game_id, t))}
        assert left == {}, f"{game_id} {loc}: legal moves left in English"
        left = {t: verb_words(game_id, v) for v in verbs(sorted(legal))
                for t in [v] if english_words(verb_words(game_id, v))}
        assert left == {}, f"{game_id} {loc}: verbs (group headings) left in English"
        names = seat_names(counts[-1], 0, kinds(counts[-1]))
        for entry in log:
            said = log_words(game_id, entry, names)
            assert not english_words(said), (game_id, loc, entry, said)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("loc", WORDED)
def test_the_documented_notation_is_all_worded(game_id: str, loc: str) -> None:
    """The notation of docs/games/<id>.md (and the logs' redacted forms), every verb alone as a
    heading too: translated, nothing English left, cards and numbers kept."""
    with use_language(loc):
        for text in SAMPLES[game_id]:
            said = move_words(game_id, text)
            assert said != text and not english_words(said), (text, said)
            for card in _CARD.findall(text):
                assert card in said, (text, said)
        for verb in verbs(SAMPLES[game_id]) - {"submit"}:       # "submit (hidden)": a log's only
            said = verb_words(game_id, verb)
            assert said != verb and not english_words(said), (verb, said)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_shape_is_a_documented_move(game_id: str) -> None:
    """No shape is declared for a move the notation does not have (and the samples above cover
    every shape a game declares)."""
    layout = game_parts(game_id).layout
    assert layout is not None
    if layout.move_words is None:          # the shared words suffice (最后胜利: play only)
        assert game_id == "zuihoushengli"
        return
    with use_language("en"):
        shapes = list(layout.move_words())
    samples = SAMPLES[game_id]
    for shape in shapes:
        assert shape in verbs(samples) or any(shape_pattern(shape).fullmatch(t) for t in samples), shape


def test_polish_and_russian_say_the_common_verbs_in_their_own_words() -> None:
    for game_id in [None, *GAMES]:
        for text in COMMON:
            for loc in ("pl", "ru"):
                with use_language(loc):
                    said = move_words(game_id, text)
                assert said != text, (game_id, loc, text)
                if loc == "ru":
                    assert re.search("[а-яё]", said), (game_id, text, said)


def test_english_reads_as_before(plays: dict) -> None:
    """In English a move reads as its text (the notation was readable English already); only
    十三张's special ids (pinyin) become their English names."""
    with use_language("en"):
        for game_id in GAMES:
            legal, log, _counts = plays[game_id]
            for text in sorted(legal | {e.partition(": ")[2] for e in log}) + SAMPLES[game_id]:
                said = move_words(game_id, text)
                if game_id == "shisanzhang" and text.startswith("declare "):
                    assert said != text and said.startswith("declare ")
                    continue
                assert said == text, (game_id, text)
            for verb in verbs(sorted(legal)):
                assert verb_words(game_id, verb) == verb
        assert move_words("shisanzhang", "declare qinglong") == "declare dragon flush"
        assert log_words("gin", "1: discard 5♠", ["You", "seat 2"]) == "seat 2: discard 5♠"


def test_the_pseudo_locale_shows_every_word_went_through_the_catalog(plays: dict) -> None:
    with use_language("pseudo"):
        for game_id in GAMES:
            legal, log, counts = plays[game_id]
            texts = sorted(legal)[:300] + SAMPLES[game_id] + sorted(verbs(sorted(legal)))
            for text in texts:
                said = move_words(game_id, text)
                assert "⟦" in said and not english_words(unmarked(said)), (game_id, text, said)
            names = seat_names(counts[-1], 0, kinds(counts[-1]))
            for entry in sorted(log)[:300]:
                said = log_words(game_id, entry, names)
                assert not english_words(unmarked(said)), (game_id, entry, said)


def test_text_no_shape_knows_is_shown_as_it_is() -> None:
    with use_language("th"):
        assert move_words("gin", "frobnicate 7♠") == "frobnicate 7♠"
        assert move_words(None, "discard 7♠") == move_words("zuihoushengli", "discard 7♠") != "discard 7♠"
        assert move_words("no-such-game", "play 7♠") == move_words(None, "play 7♠")


# --- where people read moves ----------------------------------------------------------------

def test_the_table_layout_groups_and_last_moves_are_in_words() -> None:
    g = get_game("sibaifen")
    state = g.new_state(4, seed=3)
    seat = state.to_move()[0]
    legal = [state.move_text(m) for m in state.legal_moves(seat)]
    state.apply(legal[0], seat)
    seat = state.to_move()[0]
    legal = [state.move_text(m) for m in state.legal_moves(seat)]
    view = state.view(seat)
    with use_language("zh_Hans"):
        names = seat_names(4, seat, kinds(4))
        layout = table_layout(view, legal, names)
        groups = layout["moves"]
        assert [m for gr in groups for m in gr["moves"]] == legal          # the notation is kept
        for gr in groups:
            assert len(gr["words"]) == len(gr["moves"])
            assert not english_words(gr["label"]) and not any(english_words(w) for w in gr["words"])
        bids = next(gr for gr in groups if gr["verb"] == "bid")
        assert bids["range"] and bids["label"].startswith(verb_words("sibaifen", "bid"))
        assert layout["last_moves"] and not any(english_words(m) for m in layout["last_moves"])
    # without a game id the groups still carry words (the shared table)
    assert group_moves(["draw", "discard 7♠"])[1]["words"] == ["discard 7♠"]


def test_zhuoheia_combination_names_are_words() -> None:
    """捉黑A's view keeps ``top_kind`` as English data ("single of 4"); the table says it."""
    from cardtable.games.zhuoheia.layout import kind_words

    with use_language("zh_Hans"):
        for kind in ("single of 4", "pair of T", "bomb of A", "joker bomb", "triple with pair of 9",
                     "5-card straight topped by 9", "6-card pair sequence topped by Q",
                     "5-card straight flush topped by K"):
            said = kind_words(kind)
            assert said != kind and not english_words(said), (kind, said)
    with use_language("en"):
        assert kind_words("single of 4") == "single of 4"
        assert kind_words("whatever") == "whatever"
    g = get_game("zhuoheia")
    state = g.new_state(4, seed=1)
    rng = random.Random(1)
    while not state.view(state.to_move()[0]).get("top"):
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), seat)
    seat = state.to_move()[0]
    view = state.view(seat)
    with use_language("th"):
        layout = table_layout(view, [], seat_names(4, seat))
        titles = " ".join(z["name"] for z in layout["zones"])
        assert view["top_kind"] not in titles and kind_words(view["top_kind"]) in titles


def test_the_terminal_lists_moves_log_and_hint_in_thai() -> None:
    from typer.testing import CliRunner

    from cardtable.cli.lang import apply
    from cardtable.cli.main import app

    try:
        result = CliRunner(env={"COLUMNS": "200"}).invoke(
            app, ["--lang", "th", "play", "dummy", "--seed", "1"], input="1\nm\nhint\nq\n")
    finally:
        apply("en")
    assert result.exit_code == 0, result.output
    out = result.output
    with use_language("th"):
        assert verb_words("dummy", "discard") + ":" in out                 # the grouped list
        assert move_words("dummy", "draw") in out                          # the log, the hint
        assert seat_names(4, 0)[0] + ": " + move_words("dummy", "draw") in out
    for english in ("draw", "discard", "take", "meld", "layoff", "knock"):
        assert not re.search(rf"\b{english}\b", out), english


def test_the_terminals_pieces_say_moves_in_words() -> None:
    """The numbered list (``m``), a log line and a game's one-line hint (``Advice.line``)."""
    from rich.console import Console

    from cardtable.cli.render import hint_for, hint_words, log_line, moves_list

    def plain(r: object) -> str:
        out = io.StringIO()
        Console(file=out, width=200, color_system=None).print(r)
        return out.getvalue()

    g = get_game("gin")
    state = g.new_state(2, seed=4)
    seat = state.to_move()[0]
    view = state.view(seat)
    legal = state.legal_moves(seat)
    with use_language("ru"):
        listed = plain(moves_list([state.move_text(m) for m in legal], game="gin"))
        assert move_words("gin", "take") in listed and not re.search(r"\b(take|pass)\b", listed)
        line = plain(log_line("1: discard 5♠", seat_names(2, 0, ["", "hard"]), "gin"))
        assert line.strip() == f"{seat_names(2, 0, ['', 'hard'])[1]}: {move_words('gin', 'discard 5♠')}"
        assert hint_words("dummy", "discard 7♠  — почему") == f"{move_words('dummy', 'discard 7♠')}  — почему"
        assert hint_words("remik", "lay 10♥ @m3 — x") == f"{move_words('remik', 'lay 10♥ @m3')} — x"
        hint = hint_for(view, legal)
        assert hint and not re.match(r"(take|pass)\b", hint), hint


def test_the_servers_frames_carry_the_words() -> None:
    pytest.importorskip("fastapi")
    from cardtable.server.frames import state_frame, with_presentation

    g = get_game("bieqi")
    state = g.new_state(4, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), seat)
    seat = state.to_move()[0]

    def frame(loc: str | None) -> dict:
        f = state_frame(state, seat, seq=1, status="playing", deal=0, totals=[0] * 4, deadline=None)
        f["seats"] = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "name": "heuristic"}] * 3
        if loc is None:
            return f
        with use_language(loc):
            return with_presentation(f, state)

    bare, en, th = frame(None), frame("en"), frame("th")
    for f in (bare, en, th):
        assert len(f["legal_words"]) == len(f["legal"]) > 0
        assert len(f["log_words"]) == len(f["view"]["log"]) > 0
        assert f["legal"] == bare["legal"] and f["view"] == bare["view"]     # the data is the same
    assert bare["legal_words"] == bare["legal"] and en["legal_words"] == en["legal"]
    with use_language("th"):
        assert th["legal_words"] == [move_words("bieqi", t) for t in th["legal"]]
        names = seat_names(4, seat, ["Ann", "heuristic", "heuristic", "heuristic"])
        assert th["log_words"] == [log_words("bieqi", e, names) for e in th["view"]["log"]]
        assert th["seat_words"] == names
        assert any(n != e for n, e in zip(th["seat_words"], en["seat_words"], strict=True))
    assert th["legal_words"] != th["legal"]
    for said in th["legal_words"] + th["log_words"] + th["seat_words"]:
        assert not english_words(said.replace("Ann", "")), said
    if th.get("hint"):
        assert not english_words(th["hint"]["words"]) and th["hint"]["move"] in th["legal"]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    from cardtable.i18n import set_language

    set_language("en")


def test_the_shared_table_is_declared_once_per_shape() -> None:
    with use_language("en"):
        shapes = common_words()
    assert len(shapes) == len(set(shapes))
    for game_id in GAMES:
        layout = game_parts(game_id).layout
        if layout is not None and layout.move_words is not None:
            with use_language("en"):
                own = layout.move_words()
            assert len(own) == len(set(own)), game_id
