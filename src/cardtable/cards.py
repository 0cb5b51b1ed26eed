"""Cards, their text notation, packs and card bitmasks.

A card is a small integer ``code = copy * 64 + base`` so that hands can be kept as integer
bitmasks on hot paths.  ``base`` 0..51 is ``suit * 13 + rank_index`` with suits in the order
♠ ♥ ♦ ♣ and ranks A, 2, ..., K (rank_index 0..12; games define their own rank *order*).
Jokers have base 52 (``LJ``, little/black joker, 小王), 53 (``BJ``, big/red joker, 大王) and
54 (``JK``, a plain joker of two-pack games).  ``copy`` tells apart the physically distinct
copies of one card in multi-pack games; they print the same (notation: docs/notation.md and
``shared/contracts/scenario.md``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from .errors import BadCard
from .i18n import _, pgettext

SUITS = "♠♥♦♣"
SUIT_LETTERS = "shdc"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
LJ, BJ, JK = 52, 53, 54
COPY_STRIDE = 64
RED_SUITS = frozenset((1, 2))

_RANK_INPUT = {r: i for i, r in enumerate(RANKS)} | {"T": 9}
# the white suit symbols ♤♡♢♧ are read like the black ones (typed or pasted by people)
_SUIT_INPUT = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate("♤♡♢♧")} | {
    ch: i for i, letter in enumerate(SUIT_LETTERS) for ch in (letter, letter.upper())}
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
_JOKER_INPUT = {"LJ": LJ, "BJ": BJ, "JK": JK}


class Card(int):
    """A card code that prints in symbol notation (``10♥``, ``Q♠``, ``BJ``)."""

    __slots__ = ()

    def __new__(cls, code: int) -> Card:
        return int.__new__(cls, code)

    @property
    def base(self) -> int:
        return self % COPY_STRIDE

    @property
    def copy(self) -> int:
        return self // COPY_STRIDE

    @property
    def is_joker(self) -> bool:
        return self % COPY_STRIDE >= LJ

    @property
    def suit(self) -> int:
        """Suit index 0..3 (♠ ♥ ♦ ♣); -1 for a joker."""
        b = self % COPY_STRIDE
        return -1 if b >= LJ else b // 13

    @property
    def rank(self) -> int:
        """Rank number 1..13 (A=1, J=11, Q=12, K=13); 0 for a joker."""
        b = self % COPY_STRIDE
        return 0 if b >= LJ else b % 13 + 1

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return card_str(self)

    def __repr__(self) -> str:
        return f"Card({card_str(self)})"


def make_card(rank: int, suit: int, copy: int = 0) -> Card:
    """The card of rank number 1..13 (A=1) and suit index 0..3."""
    return Card(copy * COPY_STRIDE + suit * 13 + rank - 1)


_CARD_NAMES = tuple(RANKS[b % 13] + SUITS[b // 13] for b in range(LJ)) + ("LJ", "BJ", "JK")


def card_str(code: int) -> str:
    # one lookup: views and move texts print every card of every frame
    return _CARD_NAMES[code % COPY_STRIDE]


def parse_card(token: str) -> Card:
    """Parse one token (``10♥``, ``Th``, ``th``, ``QS``, ``BJ``) into a copy-0 card.

    Suit first is read too (``♠8``, ``s8``, ``HJ``, ``SA``, ``♥10``), as people often write
    cards: no rank letter (A T J Q K) is a suit letter (s h d c), so a token has at most one
    reading.  The emoji variation selectors that phones add after ``♥`` (``♥️``) are ignored.
    """
    if not isinstance(token, str):
        raise BadCard(str(token), _("a card token is text such as 10♥, Th or QS"))
    t = token.strip().translate(_VARIATION_SELECTORS)
    if not t:
        raise BadCard(token, _("empty card token"))
    up = t.upper()
    if up in _JOKER_INPUT:
        return Card(_JOKER_INPUT[up])
    suit = _SUIT_INPUT.get(t[-1])
    rank = _RANK_INPUT.get(t[:-1].upper())
    if suit is None and len(t) > 1 and t[0] in _SUIT_INPUT:
        first = _RANK_INPUT.get(t[1:].upper())
        if first is not None:
            return Card(_SUIT_INPUT[t[0]] * 13 + first)
    if suit is None and len(t) > 3:
        raise BadCard(token)    # a word, not a card: the message says what a card is
    if suit is None:
        raise BadCard(token, _("unknown suit {suit}; suits are ♠♥♦♣ or s/h/d/c, before or after "
                               "the rank (8♠, ♠8, 8s, s8)", suit=repr(t[-1])))
    if rank is None:
        if len(t) > 1:
            raise BadCard(token, _("unknown rank {rank}; ranks are 2-10, T, J, Q, K, A",
                                   rank=repr(t[:-1])))
        raise BadCard(token, _("no rank before {token}; ranks are 2-10, T, J, Q, K, A",
                               token=repr(t)))
    return Card(suit * 13 + rank)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse a space- or comma-separated list of tokens (or a list of tokens)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


_PACK52 = tuple(Card(b) for b in range(52))


def cards_str(cards: Iterable[int]) -> str:
    return " ".join([_CARD_NAMES[c % COPY_STRIDE] for c in cards])


def cards_json(cards: Iterable[int]) -> list[str]:
    return [_CARD_NAMES[c % COPY_STRIDE] for c in cards]


def make_pack(packs: int = 1, named_jokers: int = 0, plain_jokers: int = 0) -> list[Card]:
    """A fresh, ordered pack.

    ``named_jokers``: 1 gives ``LJ`` (a 53-card pack), 2 gives ``LJ`` and ``BJ`` (54 cards),
    per pack.  ``plain_jokers``: that many ``JK`` in all, told apart by their copy number.
    """
    if not 0 <= named_jokers <= 2:
        raise ValueError("named_jokers is 0, 1 or 2")
    if packs == 1 and not named_jokers and not plain_jokers:
        return list(_PACK52)      # every deal of a one-pack game starts here: no new Cards
    cards = [Card(p * COPY_STRIDE + b) for p in range(packs) for b in range(52)]
    cards += [Card(p * COPY_STRIDE + LJ + j) for p in range(packs) for j in range(named_jokers)]
    cards += [Card(j * COPY_STRIDE + JK) for j in range(plain_jokers)]
    return cards


def shuffled(cards: Sequence[int], rng: random.Random) -> list[Card]:
    """Fisher–Yates with ``randrange`` only, so a seed gives the same order on every machine."""
    out = [c if type(c) is Card else Card(c) for c in cards]     # a Card is immutable: shared
    randrange = rng.randrange
    for i in range(len(out) - 1, 0, -1):
        j = randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def resolve_copies(wanted: Sequence[int], available: Iterable[int]) -> list[Card] | None:
    """Map copy-0 cards named in text onto distinct physical cards from ``available``.

    In multi-pack games ``7♥`` may be either copy; the lowest free copy is used.  Returns
    None when ``available`` does not hold enough copies.
    """
    pool: dict[int, list[int]] = {}
    for c in sorted(available):
        pool.setdefault(c % COPY_STRIDE, []).append(c)
    out: list[Card] = []
    for w in wanted:
        copies = pool.get(w % COPY_STRIDE)
        if not copies:
            return None
        out.append(Card(copies.pop(0)))
    return out


def assign_copies(cards: Iterable[int]) -> list[Card]:
    """Give repeated copy-0 cards (from a written deal) successive copy numbers."""
    seen: dict[int, int] = {}
    out = []
    for c in cards:
        b = c % COPY_STRIDE
        k = seen.get(b, 0)
        seen[b] = k + 1
        out.append(Card(k * COPY_STRIDE + b))
    return out


# --- bitmasks -------------------------------------------------------------------------------

def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# one Card per code of up to four copies of a pack, built once: a Card has no state of its
# own (an int), so cards_of can hand out the same objects (views turn masks into cards)
_CARD_OF_CODE = tuple(Card(c) for c in range(4 * COPY_STRIDE))


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, in code order."""
    out = []
    cards = _CARD_OF_CODE
    while mask:
        low = mask & -mask
        code = low.bit_length() - 1
        out.append(cards[code] if code < 4 * COPY_STRIDE else Card(code))
        mask ^= low
    return out


def iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_json(mask: int) -> list[str]:
    """The cards of a bitmask as symbol strings, in code order (for views)."""
    return [card_str(c) for c in iter_bits(mask)]


def popcount(mask: int) -> int:
    return mask.bit_count()


# --- cards as words (rules pages, glossaries, screen readers; sentences keep the notation) ---
# Each name is a whole message with the rank as a placeholder: Russian and Polish put the
# suit after the rank in the genitive (туз червей, as kier), Chinese before it (红心A).

def suit_words(suit: int) -> str:
    """A suit's name in the current language (0..3 = ♠ ♥ ♦ ♣): "hearts", "червы", "红心"."""
    if suit == 0:
        return pgettext("suit", "spades")
    if suit == 1:
        return pgettext("suit", "hearts")
    if suit == 2:
        return pgettext("suit", "diamonds")
    return pgettext("suit", "clubs")


def rank_words(rank_index: int) -> str:
    """A rank's name (0 = ace … 12 = king); the numbers stay numbers."""
    if rank_index == 0:
        return pgettext("card rank", "ace")
    if rank_index == 10:
        return pgettext("card rank", "jack")
    if rank_index == 11:
        return pgettext("card rank", "queen")
    if rank_index == 12:
        return pgettext("card rank", "king")
    return RANKS[rank_index]


def card_name(card: int) -> str:
    """A card as words in the current language: "queen of spades", "дама пик", "黑桃Q"."""
    b = card % COPY_STRIDE
    if b == LJ:
        return pgettext("card", "little joker")
    if b == BJ:
        return pgettext("card", "big joker")
    if b == JK:
        return pgettext("card", "joker")
    rank, suit = rank_words(b % 13), b // 13
    if suit == 0:
        return pgettext("card", "{rank} of spades", rank=rank)
    if suit == 1:
        return pgettext("card", "{rank} of hearts", rank=rank)
    if suit == 2:
        return pgettext("card", "{rank} of diamonds", rank=rank)
    return pgettext("card", "{rank} of clubs", rank=rank)
