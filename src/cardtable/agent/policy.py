"""A policy behind a seat: what it is handed, and how its answer becomes a move.

A policy is any callable, in one of two forms (the caller's choice, ``inputs=``, else the
policy's own ``inputs`` attribute, else ``"env"``):

* ``"env"`` — ``policy(obs) -> action``: ``obs`` is ``{"observation": float32 array,
  "action_mask": int8 array}``, exactly what the PettingZoo env (``cardtable.rl.aec_env``)
  gives that seat, and the answer one action id of the codec.  A move of several sub-steps
  asks the policy once per sub-step, as the env does (:class:`cardtable.rl.seat.SeatDecision`).
* ``"text"`` — ``policy(view, legal) -> move``: ``view`` is the seat's view (the engine's
  ``view(seat)``, as the server sends it) and ``legal`` the texts of its legal moves; the
  answer is one of those texts (or another move text the rules accept, e.g. any 十三张
  arrangement), or a :class:`cardtable.Move`.

Everything a policy gets is built from the seat's ``view`` and ``legal`` alone, so a policy
sees no more than that seat may (tests/agent check it on whole matches).
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CardtableError
from ..i18n import _
from ..moves import Move
from ..options import Options
from ..registry import get_game

INPUTS = ("env", "text")

Policy = Callable[..., Any]


class AgentError(CardtableError):
    """Something stops an agent: a bad link, a refused seat, a policy that answers outside
    its choices, a table that cannot be reached."""


def text_inputs(policy: Policy) -> Policy:
    """Mark ``policy`` as one that takes ``(view, legal)`` and answers a move text."""
    policy.inputs = "text"  # type: ignore[attr-defined]
    return policy


def inputs_of(policy: Policy, inputs: str | None = None) -> str:
    """The form ``policy`` is called in: ``inputs`` if given, else its ``inputs`` attribute,
    else ``"env"``."""
    chosen = inputs if inputs is not None else getattr(policy, "inputs", "env")
    if chosen not in INPUTS:
        raise AgentError(_("a policy's inputs are {choices}, not {value}", choices=" or ".join(INPUTS),
                           value=repr(chosen)))
    return str(chosen)


def load_policy(spec: str) -> Policy:
    """``package.module:function`` or ``path/to/file.py:function`` → that callable."""
    where, sep, attr = spec.rpartition(":")
    if not sep or not where or not attr:
        raise AgentError(_("a policy is written module:function (or path/to/file.py:function), "
                           "not {spec}", spec=repr(spec)))
    try:
        if where.endswith(".py") or "/" in where:
            path = Path(where).resolve()
            name = f"cardtable_agent_policy_{path.stem}"
            loader = importlib.util.spec_from_file_location(name, path)
            if loader is None or loader.loader is None or not path.is_file():
                raise AgentError(_("no Python file {path}", path=str(path)))
            module = importlib.util.module_from_spec(loader)
            sys.modules[name] = module
            loader.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except AgentError:
        raise
    except Exception as e:
        error = f"{type(e).__name__}: {e}"
        raise AgentError(_("cannot load the policy {spec}: {error}", spec=repr(spec), error=error)) from None
    found = getattr(module, attr, None)
    if not callable(found):
        raise AgentError(_("{spec} is not a function of that module", spec=repr(spec)))
    return found


@dataclass
class Decision:
    """One move a policy made: its text and, for an env policy, the actions that built it."""

    move: str
    actions: list[int] = field(default_factory=list)
    action_texts: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self.move}
        if self.actions:
            out["actions"] = self.actions
            out["action_texts"] = self.action_texts
        return out


class SeatAgent:
    """A policy seated in one configuration (game, players, preset, rules): ``decide(view,
    legal)`` asks it for one move of the seat whose view it is."""

    def __init__(self, game: str, players: int, preset: str | None, rules: dict[str, Any] | None,
                 policy: Policy, inputs: str | None = None, options: Options | None = None) -> None:
        self.game = get_game(game)
        self.players = players
        self.game.check_players(players)
        self.options = options if options is not None else self.game.make_options(preset, dict(rules or {}))
        self.policy = policy
        self.inputs = inputs_of(policy, inputs)
        self.codec: Any = None
        self._notation: Any = None
        if self.inputs == "env":
            from ..rl import codec_for
            self.codec = codec_for(self.game, players, self.options)

    def decide(self, view: dict[str, Any], legal: Sequence[str]) -> Decision:
        """The policy's move for ``view``'s seat, one of ``legal`` (or another text the game
        writes).  A policy that answers outside its choices raises :class:`AgentError`."""
        if not legal:
            raise AgentError(_("seat {seat} has no move now", seat=int(view.get("seat", 0)) + 1))
        if self.inputs == "text":
            return Decision(self._text_answer(self.policy(copy.deepcopy(view), list(legal)), legal))
        from ..rl.seat import SeatDecision
        d = SeatDecision(self.codec, view, legal)
        actions: list[int] = []
        while True:
            got = self.policy(d.observation())
            try:
                action = int(got)
            except (TypeError, ValueError):
                raise AgentError(_("an env policy answers an action number, not {value}",
                                   value=repr(got)[:80])) from None
            try:
                text = d.step(action)
            except ValueError as e:
                raise AgentError(str(e)) from None
            actions.append(action)
            if text is not None:
                return Decision(text, actions, [self.codec.action_text(a) for a in actions])
            if len(actions) > 10_000:
                raise AgentError("the policy's sub-steps never complete a move")

    def _text_answer(self, got: Any, legal: Sequence[str]) -> str:
        if isinstance(got, Move):
            # written in the game's notation by a stand-in deal (whose cards are never read)
            if self._notation is None:
                self._notation = self.game.new_state(self.players, self.options, seed=0)
            return str(self._notation.move_text(got))
        if isinstance(got, str) and got.strip():
            return got.strip()
        raise AgentError(_("a text policy answers a move text (one of the legal moves), not {value}",
                           value=repr(got)[:80]))


__all__ = ["AgentError", "Decision", "INPUTS", "Policy", "SeatAgent", "inputs_of", "load_policy",
           "text_inputs"]
