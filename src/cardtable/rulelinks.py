"""Where a game's rules page explains a rule (issue 30, "rules at hand"): the scorekeeper links
each score line and each entry field to that section of ``/rules/<game>``, not to the page's top.

Score items and entry fields name the spec's rules (``dummy:O7``, ``gin:31``,
``shisanzhang:1.5``: ``../shared/rules/<game>.md``); the rules pages are the games' how-to
texts (``cardtable.help``), cut into ``## `` sections.  :data:`LINKS` says, per game, which
section of the English how-to (``howto.md``) explains which rules, chosen by reading each rule
in the spec and the section that tells the same thing.  A key is

- a rule's id, exactly (``O5``, ``1.4``);
- a range of numbered rules, ``19-29`` or ``B18-B23`` (the same letters before both numbers);
- a prefix ending in ``*``, for every rule whose id begins so (``O*``: Dummy's optional
  penalties; ``R*``: gin's referee rulings);

an exact id wins over a range, a range over a prefix, a longer prefix over a shorter one.  A
translated page has the English page's sections in the same order (``cardtable.help``), so
:func:`rule_anchor` finds the section by its place among the English headings and gives the
id the rules page gives the heading at that place in the page of the asked language
(``rulesearch.section_anchor``).  Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from .help import has_rules_text, rules_text
from .i18n import DEFAULT, LOCALES, PSEUDO, current_language, normalize
from .rulesearch import section_anchor

#: per game: (rule key, the English heading of the how-to section that explains the rule)
LINKS: dict[str, tuple[tuple[str, str], ...]] = {
    "dummy": (
        ("B1-B4", "Deal"),                               # players, hand sizes, the deal, who starts
        ("B5", "A turn"),                                # the first turn may pick up the head
        ("B6-B10", "The cards and melds"),
        ("B11-B17", "A turn"),
        ("B18-B23", "Knocking"),                         # knock, its bonus, dark/colour knocks, knock card
        ("B24", "Scoring a hand"),                       # what the multiplier multiplies (penalties never)
        ("B25-B26", "Card values"),                      # values; the head card's 50/100 when tabled
        ("B27-B28", "End of the stock"),
        ("B29-B32", "Scoring a hand"),                   # hand result, winner, matches to match_target
        ("S1-S5", "Scoring a hand"),                     # the formulas; dark minus
        ("S6", "Variants and options"),                  # a speto left in hand: speto_in_hand_multiplier
        ("S7", "Penalties (each 50 points, charged to the player who did it)"),
        ("S8", "Variants and options"),                  # the show-speto bonus: show_speto_bonus
        ("O1-O2", "Knocking"),                           # a knock card worth 100
        ("O5", "Card values"),                           # the head card's value
        ("O*", "Penalties (each 50 points, charged to the player who did it)"),   # O3, O4, O6–O9
        ("P1", "Penalties (each 50 points, charged to the player who did it)"),   # the fool discard
        ("P2", "Scoring a hand"),                        # dark minus, scored with the hand
        ("C*", "Penalties (each 50 points, charged to the player who did it)"),   # combining them
    ),
    "gin": (
        ("1-2", "The cards and melds"),
        ("3", "Card values"),
        ("4-7", "The cards and melds"),
        ("8-10", "Deal"),
        ("11-18", "A turn"),
        ("19-29", "Knocking, gin and laying off"),       # knock, gin, big gin, the defender's lay-offs
        ("30-34", "Scoring a hand"),                     # gin, knock won, undercut, bonuses, boxes
        ("35-36", "End of a hand without a knock"),      # the dead hand
        ("37-41", "End of the match"),                   # game, box and shutout bonuses
        ("42-46", "Variants and options"),               # Oklahoma Gin
        # the referee's rulings R1–R13 have no section of their own: the variants' paragraph
        # about the referee names them
        ("R*", "Variants and options"),
    ),
    "remik": (
        ("1-3", "The cards and melds"),                  # two packs and jokers, identical cards
        ("4-5", "Card values"),
        ("6-10", "The cards and melds"),
        ("11-12", "Deal"),
        ("13-19", "A turn"),
        ("20-22", "Opening"),
        ("23-24", "A turn"),                             # the joker exchange, a turn's play
        ("25-27", "End of a deal"),                      # going out, remik z ręki, a blocked deal
        ("28-32", "Scoring a deal"),
        ("33-35", "End of the game"),
    ),
    "shisanzhang": (
        ("1.1", "Deal"),
        ("1.2", "The turn: arranging the rows"),         # the rows, their order and the foul
        ("1.3", "Showdown and scoring"),
        ("1.4", "Showdown and scoring"),                 # what a row won pays
        ("1.5", "Special hands (报到)"),
        ("1.6", "End of the match"),
    ),
    "zhuoheia": (
        ("2.0", "The cards and combinations"),           # the base game, 争上游
        ("2.1", "Sides"),                                # the 庄家 and the A♠ holder
        ("2.2", "Deal"),                                 # who is 庄家
        ("2.3", "Tribute (from the second hand on)"),
        ("2.4", "End of the hand and scoring"),
    ),
    "bieqi": (
        ("4.1", "The cards"),
        ("4.2", "Deal"),
        ("4.3", "A turn"),
        ("4.4", "Borrowing and lending (借牌)"),         # and the illegal borrow
        ("4.5", "End of the deal and scoring"),
        ("4.6", "Layout"),
        ("4.7", "Variants and options"),                 # 活王, the live joker
    ),
    "sibaifen": (
        ("3.1", "Deal"),                                 # partners, play clockwise, the dealer rotates
        ("3.2", "Card values"),
        ("3.3", "Rank"),
        ("3.4", "Deal"),
        ("3.5", "Bidding (叫牌)"),                       # the contract, the declarer, a hand thrown in
        ("3.6", "A turn: the tricks"),
        ("3.7", "Scoring a hand"),
    ),
    "wushiyifen": (
        ("5.1", "Card values"),                          # the pack with its jokers
        ("5.2", "A turn"),
        ("5.3", "Card values"),
        ("5.4", "Declaring (亮牌) and scoring"),
        ("5.5", "Variants and options"),                 # the non-flush variant
        ("5.6", "End of the deal and the match"),        # the void deal, the target
    ),
    "jianshisifen": (
        ("6.1", "Card values"),                          # the pick values
        ("6.2", "Deal"),
        ("6.3", "A turn"),
        ("6.4", "End of the deal and scoring"),
    ),
    "zuihoushengli": (
        ("7.1", "Deal"),
        ("7.2", "Deal"),
        ("7.3", "Trump"),
        ("7.4", "A turn: the tricks"),
        ("7.5", "End of the deal and scoring"),          # the order out, the bankrupts
        ("7.6", "End of the deal and scoring"),          # the places' points
    ),
    "biefufen": (
        ("8.1", "Cards"),
        ("8.2", "Deal"),
        ("8.3", "A turn"),
        ("8.4", "Scoring and end"),                      # face-down cards counted, closest to 0 wins
        ("8.5", "Variants and options"),                 # 带2、K: a dead card counts double
        ("8.6", "Variants and options"),                 # 带王: a card a joker replaced counts triple
    ),
    "yijiang": (
        ("9.1", "Deal"),
        ("9.2", "Deal"),                                 # the rounds of one pack
        ("9.3", "Bidding the trump (议将) — reconstructed"),
        ("9.4", "A turn: the tricks (夺墩)"),
        ("9.5", "Scoring a round (算分) — reconstructed"),
    ),
}

_RANGE = re.compile(r"([^\d\-*]*)(\d+)-([^\d\-*]*)(\d+)")
_NUMBERED = re.compile(r"([^\d]*)(\d+)")


def _local_id(game_id: str, rule: str) -> str | None:
    """``rule`` without its game's prefix (``dummy:O7`` → ``O7``); None for another game's."""
    game, sep, rid = str(rule).partition(":")
    if not sep:
        return game.strip() or None
    return (rid.strip() or None) if game == game_id else None


def rule_section(game_id: str, rule: str) -> str | None:
    """The English heading of the how-to section that explains ``rule`` (``dummy:O7`` or
    ``O7``), or None for a rule :data:`LINKS` does not place."""
    rid = _local_id(game_id, rule)
    table = LINKS.get(game_id, ())
    if rid is None or not table:
        return None
    for key, heading in table:
        if key == rid:
            return heading
    numbered = _NUMBERED.fullmatch(rid)
    if numbered is not None:
        for key, heading in table:
            m = _RANGE.fullmatch(key)
            if m and m.group(1) == m.group(3) == numbered.group(1) \
                    and int(m.group(2)) <= int(numbered.group(2)) <= int(m.group(4)):
                return heading
    best: tuple[int, str] | None = None
    for key, heading in table:
        if key.endswith("*") and rid.startswith(key[:-1]) and (best is None or len(key) > best[0]):
            best = (len(key), heading)
    return best[1] if best is not None else None


def _headings(text: str) -> list[str]:
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


@cache
def _anchors(game_id: str, lang: str) -> tuple[str, ...]:
    """The ids of the ``## `` headings of the game's rules page in ``lang``, in order."""
    return tuple(section_anchor(h) for h in _headings(rules_text(game_id, lang=lang)))


@cache
def _english_headings(game_id: str) -> tuple[str, ...]:
    return tuple(_headings(rules_text(game_id, lang=DEFAULT)))


def _page_language(lang: str | None) -> str:
    loc = normalize(lang) if lang else current_language()
    return loc if loc in (*LOCALES, PSEUDO) else DEFAULT


def rule_anchor(game_id: str, rule: str, lang: str | None = None) -> str | None:
    """The id of the section that explains ``rule`` on the game's rules page in ``lang``
    (default: the current language; the page ``help.rules_language`` gives it, English where
    the game has no page in it), or None for a rule no section is known to explain."""
    heading = rule_section(game_id, rule)
    if heading is None or not has_rules_text(game_id):
        return None
    english = _english_headings(game_id)
    if heading not in english:
        return None
    index = english.index(heading)
    anchors = _anchors(game_id, _page_language(lang))
    return anchors[index] if index < len(anchors) else None


def rule_anchors(game_id: str, rules: Iterable[str], lang: str | None = None) -> dict[str, str | None]:
    """:func:`rule_anchor` of each rule named (each once)."""
    return {r: rule_anchor(game_id, r, lang) for r in dict.fromkeys(rules) if r}


def check() -> list[str]:
    """Problems with :data:`LINKS`: a heading that is not among its game's English how-to
    headings, a key that is neither an id, a range nor a prefix."""
    out = []
    for game_id, table in LINKS.items():
        english = _english_headings(game_id) if has_rules_text(game_id) else ()
        for key, heading in table:
            if heading not in english:
                out.append(f"{game_id}: {key} → {heading!r} is not a heading of its howto.md")
            if "-" in key and not _RANGE.fullmatch(key):
                out.append(f"{game_id}: {key!r} is not a range like 19-29 or B18-B23")
    return out

__all__ = ["LINKS", "check", "rule_anchor", "rule_anchors", "rule_section"]
