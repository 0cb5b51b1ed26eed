"""Shared checks that the texts of 捡十四分, 最后胜利, 憋负分 and 议将夺墩算分 a player reads come
out in the asked language (used by each of those games' ``test_i18n.py``; the rules pages'
shape is checked for every game in ``tests/i18n/test_rules_pages.py``).

Positions are real: seeded random bots play deals; at each step the seat to move gets its
hint (``advice``), its zones (``layout.zones``), the plain-text table (``render``) and the
reasons for a list of moves it may not make; finished deals get their score lines
(``explanation.explain_items``).  Seat names are passed as ``P1`` … so that only this game's
own words are looked at (the core's words are another part of the catalog).
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from cardtable.bots import bot_move, make_bot
from cardtable.errors import BadCard, IllegalMove
from cardtable.explanation import explain_items
from cardtable.game import State
from cardtable.i18n import use_language
from cardtable.i18n.pseudo import unmarked
from cardtable.registry import get_game

WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")
#: what may stay ASCII in any language: the move notation players type, option keys and
#: values named in a reason, the placeholders of a usage (<card> survives the pseudo-locale)
NOTATION = {"pick", "draw", "put", "play", "kou", "bid", "pass", "trump", "for", "CARD",
            "must_pick", "seven_anytime", "must_play_seven_if_no_connect",
            "wild_counts_as_playable", "min_bid", "removed_suits", "auto", "teams", "alternate",
            "jump"}     # the unknown verb the tests type, quoted back


#: words Polish shares with the English texts
SHARED_WORDS = {"partner", "joker", "jokery", "bot"}


@dataclass
class Texts:
    reasons: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)
    renders: list[str] = field(default_factory=list)
    scores: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def all(self) -> list[str]:
        return self.reasons + self.hints + self.zones + self.renders + self.scores + self.notes


def names(players: int) -> list[str]:
    return [f"P{s + 1}" for s in range(players)]


def states(game_id: str, seeds: Iterable[int], players: int | None = None,
           preset: str | None = None, every: int = 3) -> Iterator[State]:
    """Every ``every``-th position of seeded random deals, then each finished deal."""
    game = get_game(game_id)
    for seed in seeds:
        state = game.new_state(players, game.make_options(preset), seed=seed)
        rng = random.Random(seed)
        bot = make_bot(game_id, "random")
        step = 0
        while not state.is_over and step < 3000:
            if step % every == 0:
                yield state.clone()
            seat = state.to_move()[0]
            state.apply(bot_move(bot, state, seat, rng), seat)
            step += 1
        yield state


def reason(state: State, text: str) -> str | None:
    """Why the seat to move may not play ``text`` (None: it may, or the card is no card)."""
    seat = state.to_move()[0]
    try:
        state.clone().apply(text, seat)
    except IllegalMove as e:
        return e.why
    except BadCard:
        return None
    return None


def collect(game_id: str, seeds: Iterable[int], bad_moves: Callable[[State], list[str]],
            language: str, players: int | None = None, preset: str | None = None) -> Texts:
    """The texts of ``game_id`` a player reads over real positions, in ``language``."""
    pkg = f"cardtable.games.{game_id}"
    layout = importlib.import_module(f"{pkg}.layout")
    advice = importlib.import_module(f"{pkg}.advice")
    render = importlib.import_module(pkg).render
    explain = importlib.import_module(f"{pkg}.explain")
    out = Texts()
    with use_language(language):
        for state in states(game_id, seeds, players, preset):
            n = state.players
            if state.is_over:
                view = state.view(0)
                for seat_lines in explain_items(game_id, view["items"], n, names(n), view):
                    out.scores += [line.text for line in seat_lines]
                out.zones += [z["name"] + " " + str(z.get("text", ""))
                              for z in layout.zones(view, names(n))]
                out.renders.append(render(view))
                continue
            seat = state.to_move()[0]
            view = state.view(seat)
            legal = state.legal_moves(seat)
            h = advice.advise(view, legal)
            if h is not None:
                out.hints.append(h.reason)
            out.zones += [z["name"] + " " + str(z.get("text", ""))
                          for z in layout.zones(view, names(n))]
            out.renders.append(render(view))
            for text in bad_moves(state):
                why = reason(state, text)
                if why is not None:
                    out.reasons.append(why)
        from cardtable.i18n import _
        out.notes.append(_(explain.SCORING_NOTE))
        out.notes += [_(words) for words in getattr(layout, "PHASES", {}).values()]
        game = get_game(game_id)
        out.notes.append(_(game.name))
        out.notes += [_(info.doc) for info in game.options_class.describe()] \
            if hasattr(game.options_class, "describe") else []
    return out


def option_words(game_id: str) -> set[str]:
    """Option keys and values a description names: typed as they are in every language."""
    out: set[str] = set()
    for info in get_game(game_id).options_class.describe():
        values = [info.key, info.default, *(info.choices or ())]
        out |= {w for v in values for w in WORD.findall(str(v))}
    return out


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """ASCII words of 3+ letters that are not notation (an untranslated English word)."""
    ok = NOTATION | set(allowed)
    return [w for w in WORD.findall(text) if w not in ok]


def check_translated(game_id: str, seeds: Iterable[int], bad_moves: Callable[[State], list[str]],
                     language: str, players: int | None = None, preset: str | None = None,
                     allowed: Iterable[str] = ()) -> Texts:
    """Every kind of text exists, differs from English, has its placeholders filled and
    holds no English word."""
    allowed = set(allowed) | option_words(game_id)
    en = collect(game_id, seeds, bad_moves, "en", players, preset)
    got = collect(game_id, seeds, bad_moves, language, players, preset)
    for kind in ("reasons", "hints", "zones", "scores"):
        theirs, ours = getattr(en, kind), getattr(got, kind)
        assert ours, f"{game_id}: no {kind} to check"
        assert len(ours) == len(theirs), kind
        changed = [t for t, e in zip(ours, theirs, strict=True) if t != e]
        # a zone made of names and numbers only ("P1 3   P2 4") reads the same in every language
        assert len(changed) >= len(ours) * 0.8 if kind == "zones" else len(changed) == len(ours), \
            (kind, [t for t, e in zip(ours, theirs, strict=True) if t == e][:5])
    # Latin-script Polish: no word of the English texts may be left; other scripts: no ASCII
    # word at all but notation
    vocabulary = {w for text in en.all() for w in WORD.findall(text)} - SHARED_WORDS
    for text in got.all():
        assert "{" not in text and "}" not in text, text
        left = english_words(text, allowed)
        if language == "pl":
            left = [w for w in left if w in vocabulary]
        assert not left, (language, text, left)
    return got


def check_pseudo(game_id: str, seeds: Iterable[int], bad_moves: Callable[[State], list[str]],
                 players: int | None = None, preset: str | None = None,
                 allowed: Iterable[str] = ()) -> None:
    """With the pseudo-locale nothing unmarked is left but notation, names and numbers."""
    allowed = set(allowed) | option_words(game_id)
    got = collect(game_id, seeds, bad_moves, "pseudo", players, preset)
    assert got.reasons and got.hints and got.zones and got.scores and got.renders
    for text in got.all():
        left = english_words(unmarked(text), allowed)
        assert not left, (text, left)
