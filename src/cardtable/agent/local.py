"""A game against our levels in this process (the engine, no server): what ``cardtable mcp``'s
``new_game`` starts.

The agent plays one seat; the levels play the others with the deal itself in hand (``hard``
and ``expert`` search worlds drawn from it, as the table server's bot seats do).  What the
agent is shown is a frame shaped as the server's ``state`` frame — the seat's ``view``, its
legal move texts, the totals, the last finished deal — built from ``view(seat)`` alone.
"""

from __future__ import annotations

import random
from typing import Any

from ..bots import bot_move, make_bot
from ..errors import CardtableError, IllegalMove
from ..i18n import _
from ..match import Match
from ..registry import get_game
from ..session import bot_rng


class LocalGame:
    """One deal (or a whole match, ``match=True``) of ``game`` with the agent at ``seat`` and
    ``level`` at the other seats."""

    def __init__(self, game: str, level: str = "medium", *, players: int | None = None,
                 preset: str | None = None, rules: dict[str, Any] | None = None, seat: int = 0,
                 seed: int | None = None, match: bool = False) -> None:
        g = get_game(game)
        n = g.default_players if players is None else players
        g.check_players(n)
        if not 0 <= seat < n:
            raise CardtableError(_("seat {seat} is not a seat of a {players}-player game", seat=seat + 1,
                                   players=n))
        self.game = g
        self.players = n
        self.options = g.make_options(preset, rules or {})
        self.preset = preset
        self.seat = seat
        self.level = level
        self.seed = random.randrange(2**31) if seed is None else seed
        self.whole_match = match
        self.bot = make_bot(g.id, level)
        self.match = Match(g, n, self.options, seed=self.seed)
        self.seq = 0
        self.finished: dict[str, Any] | None = None
        self.status = "playing"
        self._bots_play()

    @property
    def state(self) -> Any:
        return self.match.state

    def frame(self) -> dict[str, Any]:
        """What the agent's seat is shown now, as the server's ``state`` frame has it."""
        st = self.state
        seat = self.seat
        legal = ([st.move_text(m) for m in st.legal_moves(seat)]
                 if self.status == "playing" and not st.is_over and seat in st.to_move() else [])
        totals = self.match.totals if self.status == "over" else self.match.deal_totals
        frame: dict[str, Any] = {"type": "state", "seq": self.seq, "seat": seat, "status": self.status,
                                 "deal": len(self.match.deals) - (1 if st in self.match.deals else 0),
                                 "totals": list(totals), "view": st.view(seat), "legal": legal,
                                 "finished": self.finished}
        if self.match.end is not None:
            frame["end"] = {"winners": list(self.match.end.winners),
                            "items": [it.to_json() for it in self.match.end.items]}
        return frame

    def play(self, text: str) -> None:
        """The agent's move; an illegal one raises :class:`IllegalMove` with the engine's
        reason and changes nothing.  The levels then play until the agent is to move again or
        the game is over."""
        if self.status != "playing":
            raise IllegalMove(text, _("the game is over"), self.seat)
        self.state.apply(text, self.seat)
        self.seq += 1
        self._bots_play()

    def _bots_play(self) -> None:
        while self.status == "playing":
            st = self.state
            if st.is_over:
                self._end_of_deal()
                continue
            movers = [s for s in st.to_move() if s != self.seat]
            if not movers:
                return
            s = movers[0]
            rng = bot_rng(self.seed, len(self.match.deals), len(st.history), s)
            st.apply(bot_move(self.bot, st, s, rng), s)
            self.seq += 1

    def _end_of_deal(self) -> None:
        st = self.state
        end = self.match.finish_deal()
        self.finished = {"deal": len(self.match.deals) - 1, "view": st.view(self.seat),
                         "score": [it.to_json() for it in st.score_items()],
                         "totals": list(self.match.totals)}
        if end is not None or not self.whole_match:
            self.status = "over"
            return
        self.match.next_deal()


__all__ = ["LocalGame"]
