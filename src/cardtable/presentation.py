"""What a player's screen shows, as plain data: the table layout and seat names.

Every front end (the terminal's ``cli/render.py``, the browser table later) draws the same
structure, so what a seat sees and how it is worded is decided once, here and in each game's
``layout.py``.  Everything is built from ``view(seat)`` and the seat's legal move texts: this
module never sees a state, so it cannot show more than the seat may know.

A game declares how its table looks in its parts' :class:`cardtable.parts.Layout` (its
zones, phase words, hand order, hidden verbs …); a game without one is drawn by its
terminal ``render`` part, else from every key of the view.  The words zones are made of
(:func:`zone`, :func:`name_of` …) live in :mod:`cardtable.parts.screen`, below the games.

Score explanations live in :mod:`cardtable.explanation`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .cards import SUITS, parse_card
from .errors import BadCard
from .game import Game
from .i18n import _, current_language
from .movewords import log_lines, log_words, move_words, sayer, verb_words
from .parts import Layout
from .parts.screen import (
    Zone,
    card_token,
    name_of,
    name_seats,
    per_seat,
    plays_text,
    seat_ref,
    seats_text,
    tokens,
    zone,
)
from .registry import GAME_MODULES, game_parts, get_game

#: suits in the order a hand is shown: colours alternate, so neighbours are easy to tell apart
HAND_SUIT_ORDER = ("♠", "♥", "♣", "♦")
LAST_MOVES = 6
RANGE_MIN = 5           # a run of at least this many numeric moves is shown as one range


# --- per-game parts -------------------------------------------------------------------------

def game_layout(game_id: str) -> Layout | None:
    """The game's declared layout, or None (an unknown id or a game without one)."""
    return game_parts(game_id).layout if game_id in GAME_MODULES else None


def phase_words(game_id: str, phase: Any) -> str:
    """An internal phase name as words a player reads (``pick_or_draw`` → "pick a pair or draw")."""
    if phase is None or phase == "":
        return ""
    layout = game_layout(game_id)
    table = layout.phases if layout else {}
    text = str(phase)
    words = table.get(text)
    return _(words) if words else text.replace("_", " ")


# --- game titles ----------------------------------------------------------------------------

def _script(text: str) -> str:
    """The script a name is written in, as far as titles care: Han, Thai or other."""
    for ch in text:
        if "\u0e00" <= ch <= "\u0e7f":
            return "thai"
        if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff":
            return "han"
    return "other"


_LANGUAGE_SCRIPT = {"zh_Hans": "han", "zh_Hant": "han", "th": "thai"}


def _name_key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def game_title(game: str | Game[Any], sep: str = " · ") -> str:
    """A game's title in the current language: its translated name, then its native name
    where that says something more ("Chinese Poker · 十三张"; in Chinese just "十三张" or
    "十三張": the native name is left out when it is the same name (gin's is its English
    name, so "Джин рамми" alone), or when the name is
    translated into the reader's language and the native name is in the reader's script).
    ``game`` is a game or its id."""
    g = get_game(game) if isinstance(game, str) else game
    name = _(g.name)
    native = g.native_name or ""
    own_script = name != g.name and _script(native) == _LANGUAGE_SCRIPT.get(current_language())
    if not native or native == g.name or _name_key(native) == _name_key(name) or own_script:
        return name
    return f"{name}{sep}{native}"


# --- seats ----------------------------------------------------------------------------------

def seat_names(players: int, you: int | None = None,
               kinds: Sequence[str] | None = None) -> list[str]:
    """How each seat is named on screen: "You", then "seat 2 (heuristic)" … numbered from 1
    as people count (the engine's seats are 0-based); a bot by its name in the current
    language (:func:`cardtable.bots.labels.bot_label`)."""
    from .bots.labels import bot_label
    out = []
    for s in range(players):
        if s == you:
            out.append(_("You"))
        elif kinds is not None and s < len(kinds) and kinds[s]:
            out.append(_("seat {n} ({bot})", n=s + 1, bot=bot_label(kinds[s])))
        else:
            out.append(_("seat {n}", n=s + 1))
    return out


# --- cards ----------------------------------------------------------------------------------

def _rank_key(text: str, ace_low: bool) -> int:
    try:
        c = parse_card(text)
    except BadCard:
        return 99
    if c.is_joker:
        return 50 + c.base
    r = c.rank
    return r if ace_low or r != 1 else 14


def hand_groups(hand: Sequence[str], ace_low: bool = False,
                last_drawn: Sequence[str] | str | None = None,
                by_rank: str | None = None) -> list[dict[str, Any]]:
    """The hand sorted by suit (♠ ♥ ♣ ♦, jokers last) then rank, one group per suit; or, with
    ``by_rank`` (a rank order such as ``"3 4 5 6 7 8 9 10 J Q K A 2"``), one group per rank.
    The card(s) just drawn are marked ``new`` (one mark per named card, for duplicate cards)."""
    fresh = [last_drawn] if isinstance(last_drawn, str) else list(last_drawn or [])
    groups: dict[str, list[str]] = {}
    if by_rank:
        order = {r: i for i, r in enumerate(by_rank.split())}
        suit_rank = {s: i for i, s in enumerate(HAND_SUIT_ORDER)}
        for c in sorted(hand, key=lambda t: (order.get(t[:-1], len(order) + _rank_key(t, False)),
                                             suit_rank.get(t[-1], 9))):
            groups.setdefault(c[:-1] if c[-1:] in SUITS else c, []).append(c)
        keys: Sequence[str] = list(groups)
    else:
        for c in hand:
            suit = c[-1] if c[-1:] in SUITS else "joker"
            groups.setdefault(suit, []).append(c)
        keys = [k for k in (*HAND_SUIT_ORDER, "joker") if k in groups]
    out = []
    for key in keys:
        cards = groups[key] if by_rank else sorted(groups[key], key=lambda t: _rank_key(t, ace_low))
        toks = []
        for c in cards:
            new = c in fresh
            if new:
                fresh.remove(c)
            toks.append(card_token(c, new))
        out.append({"suit": key, "cards": toks})
    return out


def drawn_cards(before: Sequence[str] | None, after: Sequence[str] | None) -> list[str]:
    """The cards in ``after`` that were not in ``before`` (what the seat just drew or took)."""
    if before is None or after is None:
        return []
    left = list(before)
    out = []
    for c in after:
        if c in left:
            left.remove(c)
        else:
            out.append(c)
    return out


# --- moves ----------------------------------------------------------------------------------

_NUMERIC = re.compile(r"^(\S+) (\d+)$")


def group_moves(texts: Sequence[str], game_id: str | None = None) -> list[dict[str, Any]]:
    """The legal moves in groups a person can read.

    Moves that share a verb stay together in list order.  A group of ``verb N`` moves whose
    numbers step evenly (四百分's bids 200, 205, … 400) becomes one range entry.  Each entry
    keeps the 1-based numbers of the moves it stands for, so a number typed still picks
    ``legal[number - 1]``.  ``verb`` and ``moves`` are the notation; ``label`` (the verb, or
    the range) and ``words`` (one per move) are what a person reads, in the words of
    ``game_id``'s moves (:mod:`cardtable.movewords`).
    """
    say = sayer(game_id)
    order: list[str] = []
    by_verb: dict[str, list[int]] = {}
    for i, t in enumerate(texts):
        verb = t.split(" ", 1)[0]
        if verb not in by_verb:
            order.append(verb)
            by_verb[verb] = []
        by_verb[verb].append(i)
    out = []
    for verb in order:
        idx = by_verb[verb]
        nums = [_NUMERIC.match(texts[i]) for i in idx]
        if len(idx) >= RANGE_MIN and all(nums):
            values = [int(m.group(2)) for m in nums if m]
            steps = {b - a for a, b in zip(values, values[1:], strict=False)}
            if len(steps) == 1 and steps.pop() > 0:
                step = values[1] - values[0]
                out.append({"verb": verb, "range": True,
                            "label": _("{verb} {first} … {last} (by {step})",
                                       verb=say(verb),
                                       first=values[0], last=values[-1], step=step),
                            "numbers": [i + 1 for i in idx],
                            "moves": [texts[i] for i in idx],
                            "words": [say(texts[i]) for i in idx]})
                continue
        out.append({"verb": verb, "range": False, "label": say(verb),
                    "numbers": [i + 1 for i in idx], "moves": [texts[i] for i in idx],
                    "words": [say(texts[i]) for i in idx]})
    return out


# --- the table ------------------------------------------------------------------------------

def turn_line(view: dict[str, Any], names: Sequence[str]) -> str:
    """Whose turn it is and what they are doing, in words."""
    game_id = str(view.get("game"))
    if view.get("over"):
        return _("The deal is over.")
    phase = phase_words(game_id, view.get("phase"))
    movers = list(view.get("to_move") or [])
    seat = view.get("seat")
    if seat is not None and seat in movers:
        others = [s for s in movers if s != seat]
        if others:
            also = seats_text(others, names)
            return (_("Your turn — {phase} (at the same time as {seats}).", phase=phase,
                      seats=also) if phase else
                    _("Your turn (at the same time as {seats}).", seats=also))
        return _("Your turn — {phase}.", phase=phase) if phase else _("Your turn.")
    if not movers:
        return _("Nobody is to move.")
    who = seats_text(movers, names)
    return (_("Waiting for {seats} — {phase}.", seats=who, phase=phase) if phase
            else _("Waiting for {seats}.", seats=who))


def last_moves(view: dict[str, Any], names: Sequence[str], count: int = LAST_MOVES) -> list[str]:
    """The last ``count`` log entries as "seat 2 (heuristic): play 8♠", the moves in words
    (:func:`cardtable.movewords.log_words`)."""
    return log_lines(str(view.get("game")), [str(e) for e in list(view.get("log") or [])[-count:]], names)


def generic_zones(view: dict[str, Any], names: Sequence[str]) -> list[Zone]:
    """Zones for a game without a ``layout.zones``: each per-seat count and card list."""
    skip = {"game", "players", "seat", "to_move", "over", "log", "scores", "items", "hand",
            "phase", "options"}
    zones: list[Zone] = []
    players = int(view.get("players", 0))
    for key, value in view.items():
        if key in skip:
            continue
        label = key.replace("_", " ")
        if isinstance(value, list) and value and all(isinstance(x, str) for x in value):
            zones.append({"name": label, "cards": tokens(value)})
        elif isinstance(value, list) and len(value) == players and all(isinstance(x, int) for x in value):
            zones.append({"name": label,
                          "text": "  ".join(f"{name_of(s, names)} {x}" for s, x in enumerate(value))})
        elif isinstance(value, (int, str)) and not isinstance(value, bool):
            zones.append({"name": label, "text": str(value)})
    return zones


def own_hand(view: dict[str, Any]) -> list[str] | None:
    """The seat's own cards in ``view`` (None for a spectator or a game without a hand)."""
    layout = game_layout(str(view.get("game")))
    hand = layout.hand(view) if layout and layout.hand else view.get("hand")
    return list(hand) if isinstance(hand, list) else None


def table_layout(view: dict[str, Any], legal: Sequence[str], seat_names: Sequence[str],
                 last_drawn: Sequence[str] | str | None = None) -> dict[str, Any]:
    """The whole table screen of one seat, as data a front end draws.

    ``legal`` are the seat's legal moves as text (``state.move_text``), in the order the
    numbers refer to.  The result::

        {"title": {"name", "native", "text"}, "turn": str, "phase": str,
         "hand": [{"suit", "cards": [token]}] | None,
         "zones": [{"name", "cards" | "text"}], "last_moves": [str],
         "moves": [group_moves entry], "move_note": str | None, "over": bool}
    """
    game_id = str(view.get("game"))
    game = get_game(game_id)
    layout = game_layout(game_id)
    if layout is not None:
        zones = layout.zones(view, seat_names)
    else:   # a game without a layout: its own text drawing, else every view key
        drawn = game_parts(game_id).render
        zones = ([{"name": _("table"), "text": str(drawn(view))}] if drawn is not None
                 else generic_zones(view, seat_names))
    hand = own_hand(view)
    return {
        "title": {"name": _(game.name), "native": game.native_name, "text": game_title(game)},
        "turn": turn_line(view, seat_names),
        "phase": phase_words(game_id, view.get("phase")),
        "hand": (hand_groups(hand, bool(layout and layout.ace_low), last_drawn,
                             layout.by_rank if layout else None)
                 if isinstance(hand, list) else None),
        "zones": zones,
        "last_moves": last_moves(view, seat_names),
        "moves": [g for g in group_moves(list(legal), game_id)
                  if not (layout and g["verb"] in layout.hidden_verbs)],
        "move_note": layout.move_note(view, list(legal)) if layout and layout.move_note and legal else None,
        "over": bool(view.get("over")),
    }


__all__ = ["Zone", "card_token", "drawn_cards", "game_layout", "game_title", "group_moves", "hand_groups",
           "log_words", "move_words", "name_of",
           "name_seats", "own_hand", "per_seat", "phase_words", "plays_text", "rows_check", "seat_names",
           "seat_ref", "seats_text", "table_layout", "tokens", "turn_line", "verb_words", "zone"]


def rows_check(game_id: str, rows: Any, options: Any = None) -> dict[str, Any] | None:
    """A game's live check of rows a person is building (十三张's 头道/中道/尾道): each full
    row's hand type and whether they foul, as JSON; None for a game without rows.  The game
    declares it as its parts' :class:`cardtable.parts.RowsAssist`."""
    assist = game_parts(game_id).assist if game_id in GAME_MODULES else None
    return assist.rows_json(rows, options if isinstance(options, dict) else {}) if assist else None
