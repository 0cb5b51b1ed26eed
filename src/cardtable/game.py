"""The game contract every game fills in: ``Game`` (what a game is) and ``State`` (one deal).

As in OpenSpiel, metadata (players, options, presets, pack) lives on ``Game`` and behaviour
on ``State``.  A deal is fully determined by (game, options, deal, moves): the only chance is
the shuffle, made from a seed before the first move, so replaying the history rebuilds a state
exactly.  That is also how states serialise (:meth:`State.to_json` writes a scenario object)
and how hidden cards are resampled (:meth:`State.sample_hidden`).
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from .cards import Card, card_str, cards_json, shuffled
from .deal import Deal
from .errors import BadCard, BadOption, BadSeat, CardtableError, IllegalMove
from .i18n import _
from .moves import Move, split_seat_prefix
from .options import Options, Preset, load_presets
from .scoring import ScoreItem, best_seats, totals

OptionsT = TypeVar("OptionsT", bound=Options)


@dataclass(frozen=True)
class MatchEnd:
    """How a match ended: the winning seats and the end-of-match score items (bonuses)."""

    winners: list[int]
    items: list[ScoreItem]


class Game(ABC, Generic[OptionsT]):
    """What a game is: names, players, options, presets, pack, deal and match rules."""

    id: ClassVar[str]
    name: ClassVar[str]                 # English name
    native_name: ClassVar[str]          # name in the game's own language
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options_class: ClassVar[type[Options]]
    spec: ClassVar[str] = ""            # the spec file in shared/rules
    deal_card_keys: ClassVar[tuple[str, ...]] = ()   # extra deal keys holding cards
    allow_missing_cards: ClassVar[bool] = False      # may a written deal leave cards out?
    sum_rule: ClassVar[str] = "none"    # "zero": deal scores sum to 0; "none": no rule
    # facts the outer layers read (as OpenSpiel's GameType declares its game's kind):
    aliases: ClassVar[tuple[str, ...]] = ()      # other spellings people use for the game
    lower_scores_win: ClassVar[bool] = False     # deal scores are penalty points (Remik)
    family: ClassVar[str] = ""          # the table's shape: rummy, tricks, climbing, layout, throw, rows
    hard_playouts: ClassVar[int] = 100  # rollout playouts of the ``hard`` level (CPU per move)
    heuristic_playouts: ClassVar[bool] = False   # search playouts use the game's heuristic bot
    # the configurations the conformance suite plays (dicts with players, preset, rules,
    # optionally playout_scale); empty: every player count with every preset
    conformance_configs: ClassVar[list[dict[str, Any]]] = []

    # --- metadata -----------------------------------------------------------------------

    @property
    def presets_dir(self) -> Path | None:
        import sys
        mod = sys.modules[type(self).__module__]
        folder = Path(mod.__file__ or "").parent / "presets"
        return folder if folder.is_dir() else None

    @cached_property
    def presets(self) -> dict[str, Preset]:
        folder = self.presets_dir
        return load_presets(folder) if folder else {}

    def make_options(self, preset: str | None = None,
                     rules: dict[str, Any] | None = None) -> Options:
        """Defaults, then the preset's values, then ``rules``; every step validated."""
        base = None
        if preset is not None:
            if not isinstance(preset, str) or preset not in self.presets:
                valid = ", ".join(sorted(self.presets)) or _("(none)")
                raise BadOption(_("game {game} has no preset {preset}; valid presets: {valid}",
                                  game=repr(self.id), preset=repr(preset), valid=valid))
            try:
                base = self.options_class.build(self.presets[preset].rules)
            except BadOption as e:
                raise BadOption(_("preset {preset} of {game}: {why}", preset=repr(preset),
                                  game=self.id, why=e)) from None
        if rules is not None and not isinstance(rules, dict):
            raise BadOption(_("rules must be a mapping of option names to values, not {rules}",
                              rules=repr(rules)))
        return self.options_class.build(rules, base=base)

    def check_players(self, players: int) -> None:
        if (isinstance(players, bool) or not isinstance(players, int)
                or not self.min_players <= players <= self.max_players):
            span = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}–{self.max_players}")
            raise BadOption(_("{game} is for {span} players, not {players}", game=self.id,
                              span=span, players=repr(players)))

    @abstractmethod
    def pack(self, players: int, options: Options) -> list[Card]:
        """Every physical card in play for this table, in a fixed order."""

    # --- dealing ------------------------------------------------------------------------

    @abstractmethod
    def deal(self, players: int, options: Options, rng: random.Random,
             context: dict[str, Any]) -> Deal:
        """Shuffle and deal; ``context`` carries the match's facts (``dealer`` ...)."""

    @abstractmethod
    def start(self, players: int, options: Options, deal: Deal) -> State:
        """The state before the first move of ``deal``; raises ScenarioError on a bad deal."""

    def first_context(self, players: int, options: Options, rng: random.Random) -> dict[str, Any]:
        """The facts the first deal of a match needs (who deals ...)."""
        return {"dealer": 0}

    def next_context(self, match: Any) -> dict[str, Any]:
        """The facts for the next deal of ``match`` (dealer rotation ...)."""
        last = match.deals[-1]
        dealer = last.deal.extra.get("dealer", 0)
        return {"dealer": (dealer + 1) % last.players}

    def match_end(self, match: Any) -> MatchEnd | None:
        """None while the match goes on; a game without match rules ends after one deal."""
        t = match.totals
        best = max(t)
        return MatchEnd([s for s, v in enumerate(t) if v == best], [])

    def move_bound(self, players: int, options: Options) -> int:
        """At most this many moves in a deal (the conformance suite's bound on a playout)."""
        return 5000

    def check_scores(self, scores: Sequence[int]) -> str | None:
        """The game's sum rule for one deal's scores; a message when it is broken."""
        if self.sum_rule == "zero" and sum(scores) != 0:
            return f"deal scores {list(scores)} do not sum to 0"
        return None

    # --- building states ----------------------------------------------------------------

    def new_state(self, players: int | None = None, options: Options | None = None, *,
                  seed: int | None = None, deal: Deal | dict[str, Any] | None = None,
                  context: dict[str, Any] | None = None) -> State:
        players = self.default_players if players is None else players
        self.check_players(players)
        options = options if options is not None else self.make_options()
        if deal is None:
            rng = random.Random(seed if seed is not None else random.randrange(2**63))
            ctx = context if context is not None else self.first_context(players, options, rng)
            deal = self.deal(players, options, rng, dict(ctx))
        elif isinstance(deal, dict):
            deal = self.parse_deal(deal, players, options)
        return self.start(players, options, deal)

    def parse_deal(self, data: dict[str, Any], players: int, options: Options,
                   field_name: str = "deal") -> Deal:
        return Deal.from_json(data, players, self.pack(players, options), self.deal_card_keys,
                              self.allow_missing_cards, field_name)

    def info(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "native_name": self.native_name,
                "players": [self.min_players, self.max_players], "spec": self.spec}


class State(ABC):
    """One deal in progress.  Subclasses keep their own fast representation."""

    def __init__(self, game: Game[Any], options: Options, players: int, deal: Deal) -> None:
        self.game = game
        self.options = options
        self.players = players
        self.deal = deal
        self.history: list[tuple[int, Move]] = []
        # which history entries were made while several seats could act (they need a seat prefix)
        self._simultaneous: set[int] = set()

    # --- what each game defines -------------------------------------------------------

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now (several for simultaneous decisions); () when over."""

    @abstractmethod
    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move of ``seat`` (default: the only seat to move)."""

    def legal_moves_head(self, seat: int) -> list[Move]:
        """A prefix of ``legal_moves(seat)`` that holds a move of every verb the whole list
        holds: what a bot that declares ``needs_all_legal = False`` is given.  The whole
        list here; a game whose list is costly to build overrides it (十三张)."""
        return self.legal_moves(seat)

    @abstractmethod
    def why_illegal(self, seat: int, move: Move) -> str | None:
        """None if ``move`` is legal for ``seat`` now, else the reason, for a person to read."""

    @abstractmethod
    def _play(self, seat: int, move: Move) -> None:
        """Carry out a move already found legal."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def score_items(self) -> list[ScoreItem]:
        """The settlement so far (complete once ``is_over``)."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's part of :meth:`view`: only what ``seat`` may know."""

    @abstractmethod
    def secret_cards(self, seat: int | None) -> list[Card]:
        """Cards whose place ``seat`` may not know now (None: a spectator)."""

    @abstractmethod
    def card_places(self) -> dict[str, list[Card]]:
        """Where every card is: each card in exactly one list."""

    @abstractmethod
    def parse_move(self, text: str, seat: int) -> Move:
        """Text → move; raises BadCard or IllegalMove (unknown verb) with the reason."""

    @abstractmethod
    def move_text(self, move: Move) -> str:
        """Move → its one text notation; ``parse_move`` gives the move back."""

    def canonical_move(self, move: Move) -> Move:
        """The one form of ``move`` kept in the history, where a game's notation allows
        several (cards in any order ...); ``apply`` stores this form."""
        return move

    def log_text(self, viewer: int | None, seat: int, move: Move) -> str:
        """How a past move reads to ``viewer``; games with secret moves redact them."""
        return self.move_text(move)

    # --- shared behaviour ----------------------------------------------------------------
    # A caller reads a state's facts as properties: ``is_over``, ``scores``, ``seats_to_move``,
    # ``winning_seats``.  ``to_move()`` and ``winners()`` are the hooks a game implements (and
    # stay callable: every caller written before the properties keeps working).

    @property
    def scores(self) -> list[int]:
        """Each seat's points in this deal so far (final once ``is_over``)."""
        return totals(self.score_items(), self.players)

    @property
    def seats_to_move(self) -> tuple[int, ...]:
        """The seats that may move now (several for simultaneous decisions); () once the deal
        is over.  The property form of :meth:`to_move`."""
        return self.to_move()

    @property
    def winning_seats(self) -> list[int]:
        """The seats that won the deal; [] while it goes on or when nobody won.  The property
        form of :meth:`winners`."""
        return self.winners()

    def winners(self) -> list[int]:
        """The seats that won the deal (a game overrides this where the best score is not
        the winner); [] when nobody won, e.g. all scores equal."""
        return best_seats(self.scores) if self.is_over else []

    def _seat_for(self, seat: int | None, what: str | Move,
                  movers: tuple[int, ...] | None = None) -> int:
        movers = self.to_move() if movers is None else movers
        if seat is None and len(movers) == 1:
            return movers[0]
        if seat is not None and seat in movers:
            return seat
        # only an error path formats the move's text
        text = what if isinstance(what, str) else self.move_text(what)
        if seat is None:
            if not movers:
                raise IllegalMove(text, _("the deal is over"))
            # seats counted from 1 as people count; the prefix is the notation's, from 0
            raise IllegalMove(text, _("seats {seats} may act; put the seat before the move as the "
                                      "notation counts it, from 0: '{prefix}: <move>' for seat {seat}",
                                      seats=", ".join(str(s + 1) for s in movers), prefix=movers[0],
                                      seat=movers[0] + 1))
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalMove(text, _("there is no seat {seat} at a {players}-player table",
                                      seat=repr(seat), players=self.players))
        if not movers:
            raise IllegalMove(text, _("the deal is over"), seat)
        raise IllegalMove(text, _("it is not seat {seat}'s turn (to move: {movers})", seat=seat + 1,
                                  movers=", ".join(str(s + 1) for s in movers)), seat)

    def apply(self, move: Move | str, seat: int | None = None) -> Move:
        """Check and carry out one move; on any error the state is unchanged."""
        if not isinstance(move, (Move, str)):
            raise IllegalMove(repr(move), _("a move is a Move or its text, e.g. 'discard 7♥'"), seat)
        movers = self.to_move()
        if isinstance(move, str):
            prefix, text = split_seat_prefix(move)
            if prefix is not None:
                if seat is not None and seat != prefix:
                    raise IllegalMove(move, _("the move names seat {named} but seat {seat} plays it",
                                              named=prefix + 1, seat=seat + 1))
                seat = prefix
            seat = self._seat_for(seat, text, movers)
            try:
                move = self.parse_move(text, seat)
            except BadCard as e:
                raise IllegalMove(text, str(e), seat) from None
        else:
            seat = self._seat_for(seat, move, movers)
        move = self.canonical_move(move)
        why = self.why_illegal(seat, move)
        if why is not None:
            raise IllegalMove(self.move_text(move), why, seat)
        if len(movers) > 1:
            self._simultaneous.add(len(self.history))
        self._play(seat, move)
        self.history.append((seat, move))
        return move

    def is_legal(self, move: Move | str, seat: int | None = None) -> bool:
        try:
            if isinstance(move, str):
                prefix, text = split_seat_prefix(move)
                if prefix is not None and seat is not None and prefix != seat:
                    return False
                seat = self._seat_for(prefix if prefix is not None else seat, text)
                move = self.parse_move(text, seat)
            else:
                seat = self._seat_for(seat, "")
            return self.why_illegal(seat, move) is None
        except CardtableError:
            return False

    def view(self, seat: int | None, *, log: bool = True) -> dict[str, Any]:
        """Everything ``seat`` may know and nothing more; ``None`` is a spectator.
        ``log=False`` leaves out the move log (the ``"log"`` key): for bots that declare
        ``needs_log = False``, since rendering the log is most of a view's cost late in a
        deal (and re-rendered per view where the game redacts entries)."""
        self._check_seat(seat)
        v: dict[str, Any] = {
            "game": self.game.id, "players": self.players, "seat": seat,
            "to_move": list(self.to_move()), "over": self.is_over,
        }
        if log:
            v["log"] = self._log_lines(seat)
        v.update(self._view(seat))
        if self.is_over:
            v["scores"] = self.scores
            v["items"] = [it.to_json() for it in self.score_items()]
        return v

    #: True where a log entry's text depends on its move alone and reads the same to every
    #: seat (``log_text`` is ``move_text``, which reads nothing but the move): ``view`` then
    #: renders each entry once.  A game that redacts entries by viewer or by the state of
    #: the deal (a text that changes later) leaves it False.
    log_entries_final: ClassVar[bool] = False

    def _log_lines(self, seat: int | None) -> list[str]:
        hist = self.history
        if not self.log_entries_final:
            return [f"{s}: {self.log_text(seat, s, m)}" for s, m in hist]
        # (entries rendered, the last of them, their lines): immutable, so a clone may share
        # it; it is used only while the history still holds that very entry at that place
        n, last, lines = self.__dict__.get("_log_memo") or (0, None, ())
        if n > len(hist) or (n and hist[n - 1] is not last):
            n, lines = 0, ()
        if n < len(hist):
            lines += tuple(f"{s}: {self.log_text(seat, s, m)}" for s, m in hist[n:])
            n = len(hist)
            self._log_memo = (n, hist[-1], lines)
        return list(lines)

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.players):
            raise BadSeat(seat, self.players)

    #: True where the fast clone below is right for the game's attributes (every one of the
    #: twelve games, checked by tests/core/test_clone_and_play_legal.py); otherwise
    #: clone() deep-copies, which is slow but right for any state.
    _fast_clone: ClassVar[bool] = False
    #: attributes a clone shares with its original: immutable, or never changed in place
    #: (lookup tables, caches replaced whole).  Games extend it.
    _clone_shared: ClassVar[frozenset[str]] = frozenset(("game", "options", "deal"))
    #: list and dict attributes whose *items* a clone shares (the container itself is
    #: copied): items never changed once stored (settled tricks, cached move lists ...)
    _clone_shared_items: ClassVar[frozenset[str]] = frozenset()

    def clone(self) -> State:
        """An independent copy; the game, the (frozen) options and the deal are shared.

        With ``_fast_clone`` (every built-in game), without ``deepcopy``: every list, set
        and dict attribute is copied one level deep, an object with a ``copy()`` method is
        copied by it, frozen dataclasses, numbers, strings, tuples and the
        ``_clone_shared`` attributes are shared, and anything else is deep-copied.  A game
        whose containers hold mutable things (lists of lists, tricks ...) copies those in
        :meth:`_clone_nested`.  Without it, a deep copy."""
        if not self._fast_clone:
            memo: dict[int, Any] = {id(self.game): self.game, id(self.options): self.options}
            return copy.deepcopy(self, memo)
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        shared = self._clone_shared
        for k, v in d.items():
            how = _COPY_POLICY.get(type(v))
            if how is None:
                how = _copy_policy(type(v))
            if how == _SHARE or k in shared:
                continue
            if how == _SHALLOW:
                d[k] = v.copy()
            else:
                d[k] = copy.deepcopy(v)
        new.__dict__ = d
        self._clone_nested(d)
        return new

    def _clone_nested(self, d: dict[str, Any]) -> None:
        """Replace, in ``d`` (the clone's attributes after the one-level copy), whatever lies
        deeper and is changed in place: inner lists, tricks, table melds ..."""
        return None

    def play_legal(self, move: Move, seat: int | None = None) -> None:
        """Carry out ``move``, which must come from ``legal_moves(seat)`` *of this state*
        (``seat``: default the only seat to move; name it where several may act),
        without checking it: no parsing, no ``why_illegal``, no seat check.  For search and
        simulation loops; the history and seat bookkeeping are those of :meth:`apply`.  A
        move that is not legal here leaves the state corrupt: use :meth:`apply` for any move
        that did not come from ``legal_moves``.  A game that overrides :meth:`apply` (gin's
        table mode: reports from any seat) keeps its own bookkeeping: its moves go through
        its ``apply``."""
        if type(self).apply is not State.apply:
            self.apply(move, seat)
            return
        movers = self.to_move()
        if seat is None:
            seat = movers[0] if len(movers) == 1 else self._seat_for(None, move, movers)
        if len(movers) > 1:
            self._simultaneous.add(len(self.history))
        self._play(seat, move)
        self.history.append((seat, move))

    def moves_text(self) -> list[str]:
        """The history in text notation, seat-prefixed where several seats could act."""
        out = []
        for i, (seat, move) in enumerate(self.history):
            text = self.move_text(move)
            out.append(f"{seat}: {text}" if i in self._simultaneous else text)
        return out

    def to_json(self) -> dict[str, Any]:
        """A scenario object (shared/contracts/scenario.md) that rebuilds this state."""
        return {"game": self.game.id, "players": self.players, "rules": self.options.diff(),
                "deal": self.deal.to_json(), "moves": self.moves_text()}

    @staticmethod
    def from_json(data: dict[str, Any]) -> State:
        from .registry import get_game
        game = get_game(data["game"])
        options = game.make_options(data.get("preset"), data.get("rules"))
        if "deal" in data:
            state = game.new_state(data["players"], options, deal=data["deal"])
        else:
            state = game.new_state(data["players"], options, seed=data["seed"])
        for text in data.get("moves", []):
            state.apply(text)
        return state

    def replay_with(self, deal: Deal, history: Sequence[tuple[int, Move]]) -> State:
        """``deal`` replayed with ``history`` (moves as values), every move checked as
        :meth:`apply` checks it, without its parsing and argument checks; raises
        IllegalMove on the first move that is not legal in the replay."""
        state = self.game.start(self.players, self.options, deal)
        if type(state).apply is not State.apply:      # the game's own bookkeeping (gin table)
            for seat, move in history:
                state.apply(move, seat)
            return state
        for seat, move in history:
            movers = state.to_move()
            if seat not in movers:
                state._seat_for(seat, move, movers)     # raises, with the reason
            move = state.canonical_move(move)
            why = state.why_illegal(seat, move)
            if why is not None:
                raise IllegalMove(state.move_text(move), why, seat)
            if len(movers) > 1:
                state._simultaneous.add(len(state.history))
            state._play(seat, move)
            state.history.append((seat, move))
        return state

    def replay_relabelled(self, mapping: dict[int, int]) -> State:
        """This deal with cards renamed by ``mapping`` in the deal and in every move, replayed
        (the last step of every resampler; raises IllegalMove if a renamed move is illegal)."""
        history = [(s, relabel_move(m, mapping)) for s, m in self.history]
        return self.replay_with(self.deal.relabel(mapping), history)

    def sample_hidden(self, seat: int | None, rng: random.Random, tries: int = 100) -> State:
        """A full state consistent with ``view(seat)``: the secret cards are dealt anew.

        The secret cards are permuted among their places in the original deal and the
        history is replayed with moves relabelled the same way.  Only cards ``seat`` cannot
        place are moved, so every card it can see stays put.  A relabelled secret move may
        turn illegal; then another permutation is tried.

        A game whose hidden moves are *choices* (an arrangement not yet revealed) must
        override this to resample those choices too, or the sample would carry the true
        choice to a search bot (十三张 does).
        """
        self._check_seat(seat)
        secret = sorted(self.secret_cards(seat))
        if len(secret) < 2:
            return self.clone()
        last: Exception | None = None
        for _attempt in range(tries):
            perm = shuffled(secret, rng)    # randrange only: the same on every machine
            mapping: dict[int, int] = {a: b for a, b in zip(secret, perm, strict=True) if a != b}
            try:
                return self.replay_relabelled(mapping)
            except IllegalMove as e:
                last = e
        raise CardtableError(f"could not resample the hidden cards of seat {seat}: {last}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} moves={len(self.history)} over={self.is_over}>"


_SHARE, _SHALLOW, _DEEP = 0, 1, 2
_COPY_POLICY: dict[type, int] = {t: _SHARE for t in (int, bool, float, str, bytes, tuple, frozenset,
                                                     type(None), Card, Move)}
_COPY_POLICY.update({list: _SHALLOW, set: _SHALLOW, dict: _SHALLOW})


def _copy_policy(t: type) -> int:
    """How :meth:`State.clone` copies a value of type ``t`` (decided once per type)."""
    params = getattr(t, "__dataclass_params__", None)
    if params is not None and params.frozen:
        how = _SHARE
    elif callable(getattr(t, "copy", None)):
        how = _SHALLOW              # the type's own copy(): a fresh, independent object
    else:
        how = _DEEP
    _COPY_POLICY[t] = how
    return how


def relabel_move(move: Move, mapping: dict[int, int]) -> Move:
    """The move with its cards renamed by ``mapping`` (resampling hidden cards); the move
    itself when it names no renamed card."""
    if not mapping:
        return move
    if not any(c in mapping for c in move.cards) and not any(c in mapping for g in move.groups for c in g):
        return move
    return Move(move.verb, tuple(Card(mapping.get(c, c)) for c in move.cards),
                tuple(tuple(Card(mapping.get(c, c)) for c in g) for g in move.groups),
                move.target)


__all__ = ["Game", "State", "MatchEnd", "Move", "ScoreItem", "card_str", "cards_json"]
