"""The 十三张 arranging helper of ``cardtable play``: build 头道/中道/尾道 row by row.

``play`` calls :func:`arrange_prompt` when the person types ``arrange`` alone at a 十三张
prompt.  The rows are built from the numbered hand or card texts, each row's hand type is
shown as soon as it is full, a foul (倒水) is flagged at once and asked about before it is
sent, ``auto`` fills in the auto-arranger's split, and the specials the hand fits can be
declared.  Everything shown comes from the seat's view, through the game's rows assistant
(its parts' :class:`cardtable.parts.RowsAssist`, 十三张's games/shisanzhang/assist.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from ..cards import parse_card
from ..errors import BadCard
from ..i18n import N_, _, ngettext
from ..parts import RowsAssist
from ..registry import GAME_MODULES, game_parts
from .render import coloured

ROW_WORDS = {
    0: ("f", "front", "first", "1st", "头", "头道", "top"),
    1: ("m", "mid", "middle", "second", "2nd", "中", "中道"),
    2: ("b", "back", "third", "3rd", "尾", "尾道", "bottom"),
}
HELP = N_("""Build your three rows, then type 'done':
  f 1 2 3        put cards 1, 2, 3 in the 头道 (first row, 3 cards); also m (中道, 5), b (尾道, 5)
  f {example:<13}the same with card texts
  clear [f|m|b]  empty one row (or all)        auto     the auto-arranger's split
  declare NAME   declare a special hand        done     send the arrangement
  cancel         back to the normal prompt     ?        this help
When two rows are full, the last one takes the remaining cards by itself.""")


def _row_of(word: str) -> int | None:
    w = word.lower()
    for row, words in ROW_WORDS.items():
        if w in words:
            return row
    return None


class Arranging:
    """The rows being built (card texts), and the hand they come from."""

    def __init__(self, view: dict[str, Any], assist: RowsAssist) -> None:
        self.view = view
        self.assist = assist
        self.sizes = assist.row_sizes
        self.titles = assist.row_titles
        self.hand = assist.numbered_hand(view)
        self.rows: list[list[str]] = [[] for _size in self.sizes]

    def free(self) -> list[str]:
        left = list(self.hand)
        for row in self.rows:
            for c in row:
                left.remove(c)
        return left

    def pick(self, tokens: Sequence[str]) -> list[str]:
        """Cards by number (1–13 as listed) or text; raises ValueError naming the problem."""
        out: list[str] = []
        pool = list(self.hand)
        for t in tokens:
            if t.isdigit():
                k = int(t)
                if not 1 <= k <= len(self.hand):
                    raise ValueError(_("there is no card number {k}; the cards are numbered 1–{last}",
                                       k=k, last=len(self.hand)))
                card = self.hand[k - 1]
            else:
                try:
                    card = str(parse_card(t))
                except BadCard as e:
                    raise ValueError(str(e)) from None
            if card not in pool:
                raise ValueError(_("{card} is not in your hand", card=card) if card not in self.hand
                                 else _("{card} is named twice", card=card))
            pool.remove(card)
            out.append(card)
        return out

    def put(self, row: int, cards: list[str]) -> None:
        if len(cards) > self.sizes[row]:
            raise ValueError(ngettext("the {row} holds {n} card, not {have}",
                                      "the {row} holds {n} cards, not {have}", self.sizes[row],
                                      row=_(self.titles[row]), have=len(cards)))
        for r in self.rows:
            for c in cards:
                if c in r:
                    r.remove(c)
        self.rows[row] = cards
        self.fill_last()

    def fill_last(self) -> None:
        """Two full rows and one empty: the remaining cards make the last row."""
        empty = [r for r in range(len(self.rows)) if not self.rows[r]]
        full = [r for r in range(len(self.rows)) if len(self.rows[r]) == self.sizes[r]]
        if len(empty) == 1 and len(full) == len(self.rows) - 1 and len(self.free()) == self.sizes[empty[0]]:
            self.rows[empty[0]] = self.free()


def show(console: Console, state: Arranging) -> None:
    info = state.assist.check(state.view, state.rows)
    numbered = Text(_("your cards:") + " ")
    used = {c for r in state.rows for c in r}
    for i, c in enumerate(state.hand):
        if i:
            numbered.append("  ")
        numbered.append(f"{i + 1} ", style="bold yellow")
        numbered.append_text(coloured(c) if c not in used else Text(c, style="dim strike"))
    console.print(numbered)
    for row, title in zip(info.rows, state.titles, strict=True):
        cards = " ".join(row.cards) or "—"
        kind = (f"{row.kind} ({row.kind_zh})" if row.kind else
                ngettext("{have} of {n} card", "{have} of {n} cards", row.size, have=len(row.cards)))
        line = Text.assemble((f"{_(title):<16}", "cyan"), " ")
        line.append_text(coloured(cards))
        line.append(f"   {kind}", style="green" if row.kind else "dim")
        console.print(line)
    if info.fouled:
        console.print(Text("⚠ " + _("this fouls (倒水): {reason}; a fouled hand loses all three rows "
                                    "to every other player", reason=info.foul_reason), style="bold red"))
    specials = state.assist.specials(state.view)
    if specials:
        console.print(Text(_("specials you may declare: {specials}",
                             specials="; ".join(f"'{m}' = {w}" for m, w in specials)), style="magenta"))


def arrange_prompt(console: Console, read_line: Callable[[str], str | None],
                   view: dict[str, Any], legal: Sequence[str]) -> str | None:
    """Build an arrangement with the person; returns the move text to send, or None when
    they cancel or the input ends (the caller's prompt then reads on).  The rows come from
    the game's rows assistant (:class:`cardtable.parts.RowsAssist`); a game without one has
    nothing to arrange (None)."""
    game = str(view.get("game"))
    assist = game_parts(game).assist if game in GAME_MODULES else None
    if assist is None:
        return None
    state = Arranging(view, assist)
    can_arrange = any(t.startswith("arrange") for t in legal)
    declares = [t for t in legal if t.startswith("declare")]
    if not can_arrange:
        console.print(Text(_("This hand is a special hand and must be declared: {moves}",
                             moves=", ".join(f"'{d}'" for d in declares)), style="bold"))
    help_text = _(HELP, example=" ".join(state.hand[:3]))   # only the seat's own cards
    console.print(Text(help_text))
    show(console, state)
    confirm_foul = False
    while True:
        line = read_line(_("Arrange (f/m/b cards, auto, done, cancel, ?):"))
        if line is None:
            return None
        words = line.replace(",", " ").split()
        if not words:
            continue
        head = words[0].lower()
        try:
            if head in ("cancel", "c", "q", "quit", "back"):
                return None
            if head in ("?", "h", "help"):
                console.print(Text(help_text))
                continue
            if head == "declare":
                name = " ".join(words[1:])
                text = f"declare {assist.special_id(name) or name}" if name else (declares[0] if declares else "")
                if text in declares:
                    return text
                raise ValueError(_("this hand fits no special") if not declares else
                                 _("specials this hand fits: {moves}",
                                   moves=", ".join(f"'{d}'" for d in declares)))
            if not can_arrange:
                raise ValueError(_("declare the special: {moves}",
                                   moves=", ".join(f"'{d}'" for d in declares)))
            if head == "auto":
                state.rows = [list(r) for r in assist.auto_rows(view)]
                console.print(Text(_("the auto-arranger's split:"), style="italic"))
            elif head == "clear":
                rows = [_row_of(w) for w in words[1:]] or list(range(len(state.rows)))
                if None in rows:
                    raise ValueError(_("clear takes f, m or b (or nothing, for all rows)"))
                for r in rows:
                    state.rows[r] = []      # type: ignore[index]
            elif head == "done":
                info = assist.check(view, state.rows)
                if not info.complete:
                    missing = ", ".join(ngettext("{row} needs {n} more", "{row} needs {n} more",
                                                 r.size - len(r.cards), row=_(t))
                                        for t, r in zip(state.titles, info.rows, strict=True) if not r.full)
                    raise ValueError(_("the rows are not full yet ({missing})", missing=missing))
                if info.fouled and not confirm_foul:
                    confirm_foul = True
                    console.print(Text(_("This arrangement fouls (倒水) and pays every other player "
                                         "all three rows. Type 'done' again to send it anyway, or "
                                         "change a row."), style="bold red"))
                    continue
                return info.move_text()
            else:
                row = _row_of(head)
                if row is None:
                    raise ValueError(_("unknown command {word!r}; rows are f, m, b (头道, 中道, 尾道)",
                                       word=words[0]))
                state.put(row, state.pick(words[1:]))
            confirm_foul = False
        except ValueError as e:
            console.print(Text(_("{message} — try again (? for help)", message=e), style="bold red"))
            continue
        show(console, state)
