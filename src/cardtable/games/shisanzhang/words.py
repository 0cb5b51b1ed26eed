"""The words a 十三张 player reads for rows, hand types and special hands, in the current
language (``cardtable.i18n``).  The score items' notes stay English data (``handeval.describe``);
these are built from the same values at display time."""

from __future__ import annotations

from ...i18n import N_, _
from .handeval import FULL_HOUSE, PAIR, QUADS, RANK_TEXT, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR
from .specials import BY_ID

#: the rows as a sentence names them ("the first row (头道) holds …")
ROW_NAMES = (N_("first row (头道)"), N_("second row (中道)"), N_("third row (尾道)"))
#: the rows as a title names them (the arranging helper, the showdown)
ROW_TITLES = (N_("头道 first row"), N_("中道 second row"), N_("尾道 third row"))

#: a row's hand type with the ranks that define it, one whole text per category
_KIND = (N_("high card ({ranks})"), N_("one pair ({rank})"), N_("two pairs ({high} and {low})"),
         N_("three of a kind ({rank})"), N_("straight (to {top})"), N_("flush ({ranks})"),
         N_("full house ({high} and {low})"), N_("four of a kind ({rank})"),
         N_("straight flush (to {top})"))

#: the specials' English names (``specials.Special.english``) as words
SPECIAL_WORDS = {
    "qinglong": N_("dragon flush"), "hualong": N_("dragon"), "sangesitong": N_("three quads"),
    "sigesantong": N_("four trips"), "liuduiban": N_("six pairs"), "quanhong": N_("all red"),
    "quanhei": N_("all black"), "quanda": N_("all big"), "quanxiao": N_("all small"),
    "santonghua": N_("three flushes"), "sanshun": N_("three straights"),
}


def row_name(row: int) -> str:
    return _(ROW_NAMES[row])


def row_kind(value: int, size: int) -> str:
    """``handeval.describe`` in the current language: "one pair (Q)", "straight (to A)"."""
    cat = value >> 20
    f = [(value >> s) & 0xF for s in (16, 12, 8, 4, 0)]
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        top = "5" if f[:2] in ([3, 2], [11, 11]) else RANK_TEXT[f[0]]
        return _(_KIND[cat], top=top)
    if cat in (PAIR, TRIPS, QUADS):
        return _(_KIND[cat], rank=RANK_TEXT[f[0]])
    if cat in (TWO_PAIR, FULL_HOUSE):
        return _(_KIND[cat], high=RANK_TEXT[f[0]], low=RANK_TEXT[f[1]])
    n = 3 if size == 3 else 5
    return _(_KIND[cat], ranks="-".join(RANK_TEXT[r] for r in f[:n]))


def special_words(sid: str) -> str:
    """A special hand's English name in the current language ("dragon flush")."""
    sp = BY_ID[sid]
    return _(SPECIAL_WORDS.get(sid, sp.english.replace("_", " ")))
