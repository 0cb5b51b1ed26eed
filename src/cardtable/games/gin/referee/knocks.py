"""The knocks of gin's table mode: a knock the table made that the normal mode forbids
(over the limit, or with a wrong count) and what the referee's rulings do with it
(gin.md A.14 R3, R9–R12).

An irregular knock opens a *knock window*: its discard lies face down and the defender
answers with ``accept``, or a player reports R9–R12.  :class:`KnockTable` holds the window's
moves (stand, void, swap the discard, reopen after ``accept``) and scores a knock with the
referee's adjustments; :class:`~.tablestate.GinTableState` is built on it and owns the
state it reads.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ....cards import Card, card_str
from ....i18n import _
from ....moves import Move
from ..scoring import HandResult, settle_knock
from ..state import DISCARD, GinState
from .remedies import r3_text
from .rulings import KnockWindow, Ruling


class KnockTable(GinState):
    """The knock window and the referee's knock scoring (see the module doc); the table-mode
    state :class:`~.tablestate.GinTableState` sets the attributes below."""

    rulings: list[Ruling]
    window: KnockWindow | None
    accepted: KnockWindow | None      # an irregular knock the defender accepted
    pre_knock: dict[str, Any] | None  # the state just before the knock (R10 reopened, R12)
    no_bonus: dict[int, str]

    def _irregular_knock(self, move: Move) -> bool:
        rest = self.hands[self.cur] ^ (1 << move.cards[0])
        part = self.arrangement_for(move)
        limit = self.limit if self.knock_ok else 0
        return (move.verb == "knock" and part.deadwood > limit) or rest.bit_count() != 10

    def _open_window(self, move: Move) -> None:
        s = self.cur
        c = move.cards[0]
        part = self.arrangement_for(move)
        self.hands[s] ^= 1 << c
        self.knock_discard = c
        self.window = KnockWindow(s, move, c, part.deadwood, self.table.deadwood(self.hands[s]),
                                  self.hands[s].bit_count(), self.limit if self.knock_ok else 0)

    def _unspread(self) -> KnockWindow:
        w = self.window
        assert w is not None
        self.hands[w.knocker] |= 1 << w.discard
        self.knock_discard = -1
        self.window = None
        self.cur = w.knocker
        self.phase = DISCARD
        return w

    def stand(self, best: bool = False) -> None:
        """The knock on the table stands (``accept``; R9/R10 when only the count was wrong):
        it is scored as a knock (with the engine's best arrangement if ``best``)."""
        w = self._unspread()
        move = w.move
        if best:
            rest = self.hands[w.knocker] ^ (1 << w.discard)
            verb = "gin" if self.table.deadwood(rest) == 0 else "knock"
            move = Move(verb, (Card(w.discard),))
        self._snapshot()
        GinState._knock(self, move)

    def reopen_window(self) -> None:
        """R10 after ``accept`` (manual defender, no layoff yet): the accepted knock is taken
        back to the table, as if the report had come before the ``accept``."""
        w = self.accepted
        assert w is not None
        self._restore()
        self.accepted = None
        self._open_window(w.move)

    def void_knock(self) -> None:
        """R9–R11: the knock is void; its face-down discard is turned up as the top discard and
        the defender plays on.  The spread cards have been seen: they become known."""
        w = self._unspread()
        self.taken = -1
        GinState._discard(self, w.discard)
        self.known[w.knocker] |= self.hands[w.knocker]

    def swap_window(self, c: int) -> None:
        """R12 on a doubtful knock: swap the discard, then see whether the knock is regular."""
        w = self._unspread()
        rest = self.hands[w.knocker] ^ (1 << c)
        move = Move("gin" if self.table.deadwood(rest) == 0 else "knock", (Card(c),))
        if self._irregular_knock(move):
            self._open_window(move)
        else:
            self._snapshot()
            GinState._knock(self, move)

    def _snapshot(self) -> None:
        keys = ("hands", "cur", "phase", "taken", "known", "knocker", "knock_discard",
                "knock_discard_public", "k_melds", "k_dead", "k_points", "gin", "big_gin",
                "d_melds", "d_layoffs", "d_rest", "result", "hand_winner")
        self.pre_knock = {k: (list(v) if isinstance(v, list) else v)
                          for k, v in ((k, getattr(self, k)) for k in keys)}

    def _restore(self) -> int:
        assert self.pre_knock is not None
        for k, v in self.pre_knock.items():
            setattr(self, k, list(v) if isinstance(v, list) else v)
        return self.cur

    def why_swap(self, c: int) -> str | None:
        """R12 after a scored knock: would the knock be legal with ``c`` as its discard?"""
        trial = self.clone()
        assert isinstance(trial, KnockTable)
        k = trial._restore()
        if not (trial.hands[k] >> c) & 1 or c == self.knock_discard:
            return _("{card} is not among the knocker's other cards", card=card_str(c))
        rest = trial.hands[k] ^ (1 << c)
        verb = "gin" if trial.table.deadwood(rest) == 0 else "knock"
        why = GinState._why_knock(trial, Move(verb, (Card(c),)))
        return None if why is None else _("with {card} discarded: {reason}", card=card_str(c), reason=why)

    def swap_scored(self, c: int) -> None:
        self.accepted = None           # the swapped knock is a legal one (why_swap)
        self._restore()
        self.phase = DISCARD
        rest = self.hands[self.cur] ^ (1 << c)
        verb = "gin" if self.table.deadwood(rest) == 0 else "knock"
        self._snapshot()
        GinState._knock(self, Move(verb, (Card(c),)))

    def defender_count(self) -> int:
        return self.hands[1 - self.knocker].bit_count() if self.knocker >= 0 else 10

    def _finish_knock(self) -> None:
        """Score a knock with the referee's adjustments: R3 (defender's count: 10 points per
        missing card, no undercut bonus) and R10(b) (no gin/undercut bonus)."""
        k, d = self.knocker, 1 - self.knocker
        n = self.hands[d].bit_count()
        d_points = self.table.value(self.d_rest)
        if n != 10:
            if not any(r.rule == "R3" for r in self.rulings):
                self.rulings.append(Ruling("R3", d, d, r3_text(d, n), turn=len(self.history)))
            d_points += 10 * max(0, 10 - n)
        deny_under = n != 10 or d in self.no_bonus
        deny_gin = k in self.no_bonus
        opts = self.opts
        if deny_under or deny_gin:
            opts = dataclasses.replace(
                opts, undercut_bonus=0 if deny_under else opts.undercut_bonus,
                gin_bonus=0 if deny_gin else opts.gin_bonus,
                big_gin_bonus=0 if deny_gin else opts.big_gin_bonus)
        res = settle_knock(opts, k, self.k_points, self.k_dead, d_points, self.d_rest, self.gin,
                           self.big_gin, self.mult, len(self.history))
        if deny_under or deny_gin:
            # each item says only the bonus that was withheld from it, and why: R3 and R10(b)
            # deny the defender's undercut bonus, R10(b) the knocker's gin bonus; R3 never
            # touches a gin bonus (a short defender still pays it)
            under_by = ", ".join(r for r, on in (("gin:R3", n != 10), ("gin:R10", d in self.no_bonus)) if on)
            withheld = {"gin:32": (deny_under, f"undercut bonus withheld ({under_by})"),
                        "gin:30": (deny_gin, "gin bonus withheld (gin:R10)")}
            res = HandResult([dataclasses.replace(it, note=f"{it.note}; {withheld[it.rule][1]}")
                              if it.rule in withheld and withheld[it.rule][0] else it for it in res.items],
                             res.winner)
        if res.winner is not None and all(it.points == 0 for it in res.items):
            res = HandResult(res.items, None)   # a tie with the bonus denied: no score, no box
        self._finish(res)


__all__ = ["KnockTable"]
