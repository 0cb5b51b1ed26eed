"""Remik move notation (docs/games/remik.md "Move notation").

    draw                                  take the top stock card
    take                                  take the top discard (opened players)
    take meld [A♦ 2♦ JK=3♦] [7♠ 8♠ 9♠ 10♠] ...  take the top discard and open with it
    meld [8♦ 8♣ 8♥] [7♠ 8♠ 9♠ 10♠]        an opening (all its melds in one move)
    meld 7♥ JK=8♥ 9♥                      one meld (after opening); brackets optional
    lay 10♥ @m3                           lay off onto table meld m3 (several cards allowed)
    lay JK=10♥ @m3                        lay off a joker, naming what it stands for
    swap 6♥ @m2                           put 6♥ in m2 in place of the joker that stands for it
    discard K♠                            end the turn (or go out with the last card)

A joker is always written ``JK=<card>``.  Identical cards of the two packs print the same;
the engine picks the physical copy (:meth:`RemikState.resolve`).  In a :class:`Move` the
groups/cards hold physical cards in the order written and ``target`` holds the meld id and
the jokers' stand-ins: ``"m3"``, ``"m3=10♥"``, and for melds ``"=8♥ 3♦"`` (or None).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...cards import COPY_STRIDE, JK, Card, card_str, parse_card
from ...errors import BadCard, IllegalMove
from ...i18n import _
from ...moves import Move

Face = tuple[int, int]    # (face base 0..51 or JK, represented base)


def parse_face(token: str) -> Face:
    """``7♥`` → (base, base); ``JK=8♥`` → (JK, base of 8♥)."""
    t = token.strip()
    if "=" in t:
        left, right = t.split("=", 1)
        if left.strip().upper() != "JK":
            raise BadCard(token, _("only a joker is written with '=', e.g. JK=8♥"))
        rep = parse_card(right)
        if rep >= 52:
            raise BadCard(token, _("a joker stands for a natural card, e.g. JK=8♥"))
        return JK, int(rep)
    c = parse_card(t)
    if c % COPY_STRIDE >= 52:
        if c % COPY_STRIDE != JK:
            raise BadCard(token, _("remik's jokers are written JK"))
        raise BadCard(token, _("write what the joker stands for, e.g. JK=8♥"))
    return int(c), int(c)


def parse_faces(text: str) -> list[Face]:
    return [parse_face(t) for t in text.replace(",", " ").split()]


def face_str(face: Face) -> str:
    f, rep = face
    return f"JK={card_str(rep)}" if f == JK else card_str(f)


def split_target(rest: str, text: str) -> tuple[str, str]:
    """Split ``10♥ J♥ @m3`` (or ``... m3``) into the cards part and the meld id."""
    m = re.search(r"@?\s*(m\d+)\s*$", rest, re.I)
    if not m:
        raise IllegalMove(text, _("name the table meld, e.g. 'lay 10♥ @m3' (ids are shown in the view)"))
    return rest[:m.start()].strip(), m.group(1).lower()


def parse_text(text: str) -> tuple[str, list[list[Face]], str | None]:
    """Text → (verb, face groups, meld id); verbs: draw take takemeld meld lay swap discard."""
    t = text.strip()
    words = t.split(None, 1)
    if not words:
        raise IllegalMove(text, _("empty move; moves: draw, take, meld, lay, swap, discard"))
    verb = words[0].lower()
    rest = words[1] if len(words) > 1 else ""
    if verb == "take" and rest.split(None, 1)[:1] and rest.split(None, 1)[0].lower() == "meld":
        verb = "takemeld"
        rest = rest.split(None, 1)[1] if len(rest.split(None, 1)) > 1 else ""
    if verb in ("draw", "take"):
        if rest:
            raise IllegalMove(text, _("'{verb}' takes no cards", verb=verb))
        return verb, [], None
    if verb in ("meld", "takemeld"):
        if "[" in rest:
            groups = re.findall(r"\[([^\]]*)\]", rest)
            if re.sub(r"\[[^\]]*\]", "", rest).strip():
                raise IllegalMove(text, _("write every meld in brackets, e.g. meld [8♦ 8♣ 8♥] [7♠ 8♠ 9♠]"))
            fg = [parse_faces(g) for g in groups]
        else:
            fg = [parse_faces(rest)]
        if not fg or any(not g for g in fg):
            raise IllegalMove(text, _("name the cards of the meld, e.g. meld 7♥ JK=8♥ 9♥"))
        return verb, fg, None
    if verb in ("lay", "layoff"):
        cards, mid = split_target(rest, text)
        faces = parse_faces(cards)
        if not faces:
            raise IllegalMove(text, _("name the cards to lay off, e.g. lay 10♥ @m3"))
        return "lay", [faces], mid
    if verb in ("swap", "exchange"):
        cards, mid = split_target(rest, text)
        faces = parse_faces(cards)
        if len(faces) != 1 or faces[0][0] == JK:
            raise IllegalMove(text, _("swap names one natural card from your hand, e.g. swap 6♥ @m2"))
        return "swap", [faces], mid
    if verb == "discard":
        faces = [(JK, -1)] if rest.strip().upper() == "JK" else parse_faces(rest)
        if len(faces) != 1:
            raise IllegalMove(text, _("discard names one card, e.g. discard K♠ (a joker: discard JK=...)")
                              if not faces else _("discard names one card"))
        return verb, [faces], None
    raise IllegalMove(text, _("unknown move {verb}; moves: draw, take, take meld, meld, lay, swap, discard",
                              verb=repr(verb)))


def reps_of(move: Move) -> list[int]:
    """The stand-ins written in ``move.target`` (after '='), in joker order."""
    if not move.target or "=" not in move.target:
        return []
    return [int(parse_card(t)) for t in move.target.split("=", 1)[1].split()]


def meld_id(move: Move) -> str | None:
    if not move.target:
        return None
    mid = move.target.split("=", 1)[0].strip()
    return mid or None


def make_target(mid: str | None, reps: list[int]) -> str | None:
    if not reps:
        return mid
    return (mid or "") + "=" + " ".join(card_str(r) for r in reps)


def build_move(verb: str, groups: Sequence[Sequence[Face]], mid: str | None, phys: Sequence[int]) -> Move:
    """The Move of written face ``groups`` played with the physical cards ``phys`` (one per
    face, in the order written)."""
    if verb in ("draw", "take"):
        return Move(verb)
    faces = [f for g in groups for f in g]
    reps = [] if verb == "discard" else [r for f, r in faces if f == JK]
    cards = tuple(Card(c) for c in phys)
    if verb in ("meld", "takemeld"):
        out: list[tuple[Card, ...]] = []
        k = 0
        for g in groups:
            out.append(cards[k:k + len(g)])
            k += len(g)
        return Move(verb, (), tuple(out), make_target(None, reps))
    return Move(verb, cards, (), make_target(mid, reps))


def lowest_copies(groups: Sequence[Sequence[Face]]) -> list[int]:
    """Physical cards for written faces without a hand: each face's lowest copies, in the
    order written (a second 7♥ is the second pack's)."""
    seen: dict[int, int] = {}
    out = []
    for g in groups:
        for f, _rep in g:
            k = seen.get(f, 0)
            seen[f] = k + 1
            out.append(f + k * COPY_STRIDE)
    return out


def slots_text(cards: tuple[int, ...], reps: list[int], k: int) -> tuple[str, int]:
    """Cards with jokers as ``JK=<rep>``, consuming stand-ins from ``reps`` at ``k``."""
    out = []
    for c in cards:
        if c % COPY_STRIDE == JK:
            out.append(f"JK={card_str(reps[k])}" if k < len(reps) else "JK")
            k += 1
        else:
            out.append(card_str(c))
    return " ".join(out), k


def move_text(move: Move) -> str:
    v = move.verb
    reps = reps_of(move)
    if v in ("draw", "take"):
        return v
    if v in ("meld", "takemeld"):
        parts = []
        k = 0
        for g in move.groups:
            s, k = slots_text(g, reps, k)
            parts.append(s)
        head = "take meld" if v == "takemeld" else "meld"
        if len(parts) == 1:
            return f"{head} {parts[0]}"
        return head + " " + " ".join(f"[{p}]" for p in parts)
    if v == "lay":
        s, _ = slots_text(move.cards, reps, 0)
        return f"lay {s} @{meld_id(move)}"
    if v == "swap":
        return f"swap {card_str(move.cards[0]) if move.cards else '?'} @{meld_id(move)}"
    if v == "discard":
        s, _ = slots_text(move.cards, reps, 0)
        return f"discard {s}"
    return v
