"""Spec references in a sentence a person reads, and the one helper that leaves them out.

The engine cites its specifications where it explains itself: "(remik.md rule 20)",
"(§2.0)", "(O7)", "(gin:R3)".  Those references are for people checking the rules against
the spec: the data keeps them (score items' notes, JSON, scenario files) and ``--verbose``
shows them; what the terminal and the score explanations show by default goes through
:func:`strip_refs`.  It reads every catalog's wording (the word for "rule" in each language,
full-width brackets), so a translated sentence loses its references the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: the words for "rule" the catalogs put before a rule number ("rule 17", "zasada 17", "规则 17" …)
_RULE_WORD = r"(?:rules?|zasad[aęy]?|правил[оаы]?|กติกาข้อ|规则|規則)"
_AND = r"(?:and|i|и|และ|和|–|-)"
#: one reference: a spec file and what follows it, a section (with its step, decision or
#: option key), "rule 17" in any language, a rule label (gin:R3) or a rule code (B11, O3,
#: R1 d, B6–B9) standing alone (not a card: 10♥, A2♠ …)
_REF = re.compile(
    r"[A-Za-z][\w-]*\.md\b(?:,?\s*(?:" + _RULE_WORD + r"\s*\d+(?:\s*" + _AND + r"\s*\d+)*"
    r"|[^\s,，;；/、)）]+))?"
    r"|(?:(?:decyzja do|решение к|การตัดสิน)\s*)?§\d+(?:\.\d+)*(?:,?\s*(?:step|krok|шаг|ขั้น|第)\s*\d+步?)?"
    r"(?:\s*(?:Decision|decyzja|rozstrzygnięcie|решение|ข้อตัดสิน|决定|決定))?(?:\s+[a-z]+(?:_[a-z]+)+\b)?"
    r"|" + _RULE_WORD + r"\s*\d+(?:\s*" + _AND + r"\s*\d+)*"
    r"|\b[a-z]+:[A-Z]{0,2}\d+(?:\.\d+)?\b"
    r"|(?<![\w♠♥♦♣])[A-Z]\d{1,2}(?:[–-][A-Z]\d{1,2})?(?:\s[a-d](?!\w))?(?![\w♠♥♦♣])")
#: words that are part of a reference when they stand beside one ("(§2.3, step 1)")
_BESIDE = re.compile(r"(?:step|krok|шаг|ขั้น)\s*\d+|第\d+步|Decision|decyzja|rozstrzygnięcie|решение"
                     r"|ข้อตัดสิน|决定|決定|Clarifications|wyjaśnienia|пояснения|ส่วนคำอธิบาย|说明部分|說明部分")
_BRACKET = re.compile(r"(\s*)([(（])([^()（）]*)([)）])")
_SEPARATOR = re.compile(r"(\s*[,，;；/、]\s*)")


def _without_refs(piece: str, beside: bool) -> str | None:
    """One part of a bracket without its references; None when nothing else is left."""
    if beside and _BESIDE.fullmatch(piece.strip()):
        return None
    rest, found = _REF.subn("", piece)
    if not found:
        return piece
    rest = re.sub(r"^\s*[:：]\s*", "", rest).strip()
    return rest or None


def strip_refs(text: str, keep: Iterable[str] = ()) -> str:
    """``text`` without the spec references it cites in brackets: "(remik.md rule 20)",
    "(§2.0)", "(O7)", "(gin:R3)" go, with the space before them; what else a bracket says
    stays ("(B11: you take 7♠ and …)" → "(you take 7♠ and …)", "(O3 ทิ้งมี่)" → "(ทิ้งมี่)").
    ``keep``: words never taken for a reference, such as the seats' names (a player called
    "B2" stays "(your partner B2)")."""
    kept: dict[str, str] = {}
    for i, word in enumerate(sorted({w for w in keep if w}, key=len, reverse=True)):
        if word in text:
            token = f"\ue000{i}\ue001"         # private-use characters: never part of a reference
            text = text.replace(word, token)
            kept[token] = word
    text = _strip(text)
    for token, word in kept.items():
        text = text.replace(token, word)
    return text


def _strip(text: str) -> str:
    def bracket(m: re.Match[str]) -> str:
        space, opening, inner, closing = m.groups()
        pieces = _SEPARATOR.split(inner)
        beside = _REF.search(inner) is not None
        kept: list[str] = []
        for i in range(0, len(pieces), 2):
            said = _without_refs(pieces[i], beside)
            if said is not None:
                if kept:
                    kept.append(pieces[i - 1])
                kept.append(said)
        return space + opening + "".join(kept) + closing if kept else ""
    return _BRACKET.sub(bracket, text)


__all__ = ["strip_refs"]
