"""One live table in memory: its stored settings and seats, and the match rebuilt from the log.

The match is ``cardtable.match.Match`` with the table's seed: the first deal and every later
one are shuffled from the match's own generator, so replaying seed + committed moves rebuilds
every deal exactly.  When a deal ends the next is dealt at once (the contract: the server
deals it), so the state in memory is always "the replay of the committed moves".
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import random
import time
from typing import Any

from ..bots import Bot, bot_move, make_bot
from ..game import Game, State
from ..i18n import _, use_language
from ..match import Match
from ..registry import get_game
from .chat import system_frame
from .frames import Outbox, encode, finished_json, state_frame, with_presentation
from .store import MoveRow, SeatRow, TableRow, token_hash

#: close code for a connection whose seat token stopped working (the contract's 4401)
CLOSE_BAD_TOKEN = 4401


class LiveTable:
    def __init__(self, row: TableRow, moves: list[MoveRow]) -> None:
        self.lock = asyncio.Lock()
        self.outboxes: set[Outbox] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_fallback = False       # the pending bot turn stands by for another process
        self.bot_waiting = False        # ... and is still in its pause
        self._bots: dict[int, Bot] = {}
        self.last_used = time.monotonic()   # when a client, a move or a timer last touched it
        self.rebuild(row, moves)

    def rebuild(self, row: TableRow, moves: list[MoveRow]) -> None:
        """Settings from ``row``, the match from its seed and ``moves`` (the whole log)."""
        self.row = row
        self.game: Game[Any] = get_game(row.game)
        self.options = self.game.make_options(row.preset, row.rules)
        self.match = Match(self.game, row.players, self.options, seed=row.seed)
        self._finished: dict[tuple[int, int | None], dict[str, Any]] = {}   # (deal, seat) → finished_json
        self._finished_words: dict[Any, Any] = {}     # ... its score in words (frames.with_presentation)
        self.moves: list[MoveRow] = []
        self.simultaneous: set[int] = set()    # seqs of moves made while several seats could act
        for m in moves:
            self.replay_move(m)

    def replay_move(self, m: MoveRow) -> State | None:
        """Apply one committed move; returns the finished deal's state if the move ended it."""
        if m.seq != len(self.moves):
            raise RuntimeError(f"table {self.id}: move log has seq {m.seq} where {len(self.moves)} was due")
        if m.deal != self.deal_index:
            raise RuntimeError(f"table {self.id}: move {m.seq} is logged in deal {m.deal} but replays "
                               f"in deal {self.deal_index}")
        several = len(self.state.to_move()) > 1
        self.state.apply(m.move, m.seat)
        self.record(m, several)
        return self.after_move()

    def record(self, m: MoveRow, several: bool) -> None:
        """Append an applied move to the log kept in memory."""
        if several:
            self.simultaneous.add(m.seq)
        self.moves.append(m)

    def after_move(self) -> State | None:
        """Finish a deal that just ended and deal the next (unless the match is over)."""
        state = self.match.state
        if not state.is_over:
            return None
        end = self.match.finish_deal()
        if end is None:
            self.match.next_deal()
        return state

    # --- what the table is -------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def seq(self) -> int:
        return len(self.moves)

    @property
    def deal_index(self) -> int:
        """0-based index of the deal in play (the last one once the match is over)."""
        return len(self.match.deals) - (1 if self.match.state in self.match.deals else 0)

    @property
    def status(self) -> str:
        # asked several times per move (movers, stale checks, bots): a plain loop
        if self.match.over or self.row.abandoned:
            return "over"
        for s in self.row.seats:
            if s.kind == "open":
                return "waiting"
        return "playing"

    def totals_before(self, deal: int) -> list[int]:
        out = [0] * self.row.players
        for d in self.match.deals[:deal]:
            for s, v in enumerate(d.scores):
                out[s] += v
        return out

    @property
    def totals(self) -> list[int]:
        """What summaries show: the running totals (final, with end items, once over)."""
        return self.match.totals

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is: a person's seat, or one a bot plays while its
        person is away (they watch it and may take it back)."""
        h = token_hash(token)
        for i, s in enumerate(self.row.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                return i
        return None

    def drop_stale_connections(self, reason: str = "") -> None:
        """Close (4401) every connection whose seat token is not its seat's any more (a
        fresh token was given, the seat was opened or left); its client must join again."""
        for box in list(self.outboxes):
            if box.seat is None:
                continue
            now = self.row.seats[box.seat].token_hash
            if box.token_hash is not None and now != box.token_hash:
                box.kick(CLOSE_BAD_TOKEN, reason)
                self.outboxes.discard(box)

    @property
    def hints(self) -> bool:
        """Whether the table gives hints: as set when it was made, else the default (at
        most one seat is a person's)."""
        if self.row.hints is not None:
            return self.row.hints
        return default_hints(self.row.seats)

    def announce(self, message: str, **params: Any) -> None:
        """A message of the table itself (``message`` marked with ``N_``) to every client of
        the browser table's extras, each in its own language: a ``chat`` frame with
        ``system: true``."""
        for box in list(self.outboxes):
            if box.presentation:
                with use_language(getattr(box, "lang", None)):
                    box.put(system_frame(_(message, **params)))

    def movers(self) -> tuple[int, ...]:
        return () if self.status != "playing" else self.state.to_move()

    def seats_of_kind(self, kind: str) -> list[int]:
        return [i for i, s in enumerate(self.row.seats) if s.kind == kind]

    def seats_json(self) -> list[dict[str, Any]]:
        return seats_json(self.row.seats)

    def summary(self) -> dict[str, Any]:
        return summary_json(self.row, status=self.status, seq=self.seq, totals=self.totals)

    # --- frames --------------------------------------------------------------------------

    def finished_json(self, seat: int | None, upto: State | None = None,
                      world: State | None = None) -> dict[str, Any] | None:
        """The frame's ``finished``: the last finished deal of the match (``upto``: that
        deal, for the frame sent when it ended), or None before the first deal ends.
        ``world`` replaces that deal's state (the leak test's resampled world)."""
        deals = self.match.deals
        if upto is not None and upto in deals:
            k = deals.index(upto)
        elif deals:
            k = len(deals) - 1
        else:
            return None
        if world is not None:
            return finished_json(world, seat, k, self.totals_before(k + 1))
        key = (k, seat)
        done = self._finished.get(key)
        if done is None:        # a finished deal never changes: its view is built once per seat
            done = self._finished[key] = finished_json(deals[k], seat, k, self.totals_before(k + 1))
        return done

    def frame(self, seat: int | None, finished: State | None = None,
              world: State | None = None, presentation: bool = False,
              lang: str | None = None, finished_world: State | None = None) -> dict[str, Any]:
        """The state frame for ``seat`` now, or of the ``finished`` deal just ended.

        ``world`` replaces that deal's state by another one (the leak test passes a world
        resampled for ``seat``: the frame must not change); ``finished_world`` does the same
        for the last finished deal (the frame's ``finished``) when that is another deal. The
        extras of ``presentation`` are texts, built in ``lang`` (None: the current language);
        the rest is data."""
        if finished is not None and finished is not self.match.state:
            k = self.match.deals.index(finished)
            f = state_frame(world or finished, seat, seq=self.seq, status="playing", deal=k,
                            totals=self.totals_before(k), deadline=None,
                            finished=self.finished_json(seat, finished, world))
        else:
            status, k = self.status, self.deal_index
            end = (self.match.end.winners, self.match.end.items) if self.match.end else None
            current_done = bool(self.match.deals) and self.match.deals[-1] is self.state
            f = state_frame(world or self.state, seat, seq=self.seq, status=status, deal=k,
                            totals=self.match.totals if end or self.row.abandoned else self.totals_before(k),
                            deadline=self.row.deadline_ms if status == "playing" else None,
                            end=end, finished=self.finished_json(
                                seat, world=world if current_done else finished_world))
            if self.row.abandoned:
                f["abandoned"] = True
        f["seats"] = self.seats_json()
        if self.row.known_deal:
            f["known_deal"] = True
        if not presentation:
            return f
        shown = world or (finished if finished is not None else self.state)
        with use_language(lang):
            return with_presentation(f, shown, hints=self.hints,
                                     cache=None if world is not None or finished_world is not None
                                     else self._finished_words)

    def broadcast(self, finished: list[State] | None = None) -> None:
        """Queue, for every connection, the frames of the deals just ended, then the current
        state; each seat's frame is built and encoded once and shared by its connections (of
        one language: the extras are texts)."""
        self.last_used = time.monotonic()
        for st in [*(finished or []), None]:
            built: dict[tuple[int | None, bool, str | None], str] = {}
            for box in list(self.outboxes):
                lang = getattr(box, "lang", None) if box.presentation else None
                key = (box.seat, box.presentation, lang)
                if key not in built:
                    built[key] = encode(self.frame(box.seat, st, presentation=box.presentation,
                                                   lang=lang))
                box.put(built[key])

    # --- bots ----------------------------------------------------------------------------

    def bot_for(self, seat: int, name: str) -> Bot:
        if seat not in self._bots or getattr(self._bots[seat], "name", name) != name:
            self._bots[seat] = make_bot(self.row.game, name)
        return self._bots[seat]

    def bot_rng(self, seat: int) -> random.Random:
        """Seeded by table, seq and seat: two processes asking the same bot agree."""
        digest = hashlib.sha256(f"{self.row.seed}:{self.seq}:{seat}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def choose_bot_move(self, seat: int, name: str) -> str:
        """The bot's move in text; the bot sees only ``bots.bot_move``'s inputs."""
        state = self.state
        move = bot_move(self.bot_for(seat, name), state, seat, self.bot_rng(seat))
        return state.move_text(move)

    def replay_scenario(self) -> dict[str, Any]:
        """The whole match as a scenario file (``deals`` form), with the expected totals."""
        states = list(self.match.deals)
        if self.match.state not in states:
            states.append(self.match.state)
        data: dict[str, Any] = {
            "game": self.row.game, "players": self.row.players, "rules": self.options.diff(),
            "deals": [{"deal": s.deal.to_json(), "moves": s.moves_text()} for s in states]}
        if self.match.over:
            data["expect"] = {"scores": self.match.totals, "over": True}
        timeouts = [m.seq for m in self.moves if m.source == "timeout"]
        if timeouts:
            data["note"] = f"moves played by the server on timeout (seq): {timeouts}"
        return data


def seats_json(seats: list[SeatRow]) -> list[dict[str, Any]]:
    """Each seat as summaries and frames show it: kind and name; a seat a bot plays while
    its person is away adds ``person`` (their name: they may take it back)."""
    out: list[dict[str, Any]] = []
    for s in seats:
        entry: dict[str, Any] = {"kind": s.kind, "name": s.name}
        if s.away:
            entry["person"] = s.person_name
        out.append(entry)
    return out


def default_hints(seats: list[SeatRow]) -> bool:
    """Hints by default: on when at most one seat is (or will be) a person's."""
    return sum(1 for s in seats if s.kind in ("open", "person") or s.away) <= 1


def summary_json(row: TableRow, *, status: str | None = None,
                 seq: int | None = None, totals: list[int] | None = None) -> dict[str, Any]:
    """The contract's table summary (version 2: ``host``, ``listed``, ``hints``,
    ``known_deal``; version 3: ``rated``), from the stored row or, where given, the live values."""
    out: dict[str, Any] = {
        "id": row.id, "game": row.game, "players": row.players, "preset": row.preset,
        "rules": row.rules, "seats": seats_json(row.seats),
        "status": row.status if status is None else status, "seq": row.seq if seq is None else seq,
        "totals": row.totals if totals is None else totals,
        "host": row.host_name, "listed": row.listed,
        "hints": row.hints if row.hints is not None else default_hints(row.seats),
        "known_deal": row.known_deal, "rated": row.rated}
    if row.abandoned:
        out["abandoned"] = True
    if row.turn_seconds:
        out["turn_seconds"] = row.turn_seconds
    return out
