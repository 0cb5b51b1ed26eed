"""Scenario files: load, replay and check (``shared/contracts/scenario.md``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CardtableError, IllegalMove, ScenarioError
from .game import State
from .match import Match
from .registry import get_game
from .scoring import item_matches, match_items

TOP_KEYS = {"game", "players", "preset", "rules", "seed", "deal", "moves", "deals", "expect",
            "description", "title", "source", "spec"}
EXPECT_KEYS = {"scores", "items", "no_items", "over", "winner", "error_at"}


@dataclass
class ReplayError:
    index: int
    move: str
    why: str
    deal: int | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"index": self.index, "move": self.move, "why": self.why}
        if self.deal is not None:
            d["deal"] = self.deal
        return d


@dataclass
class Replay:
    scenario: dict[str, Any]
    state: State
    match: Match | None = None
    error: ReplayError | None = None
    differences: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.match.over if self.match is not None else self.state.is_over

    @property
    def scores(self) -> list[int]:
        return self.match.totals if self.match is not None else self.state.scores

    def items(self) -> list[dict[str, Any]]:
        its = self.match.items() if self.match is not None else self.state.score_items()
        return [it.to_json() for it in its]

    def winner(self) -> list[int]:
        if self.match is not None:
            return list(self.match.end.winners) if self.match.end else []
        return self.state.winners() if self.state.is_over else []

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "game": self.state.game.id, "over": self.over, "to_move": list(self.state.to_move()),
            "scores": self.scores, "items": self.items(), "view": self.state.view(None)}
        if self.match is not None:
            d["deals"] = len(self.match.deals) + (0 if self.state in self.match.deals else 1)
        if self.error is not None:
            d["error"] = self.error.to_json()
        return d


def load(source: str | Path | dict[str, Any]) -> dict[str, Any]:
    if isinstance(source, dict):
        data = source
    else:
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ScenarioError("(file)", f"not valid JSON: {e}") from None
        except OSError as e:
            raise ScenarioError("(file)", f"cannot read: {e}") from None
    validate(data)
    return data


def validate(data: Any) -> None:
    if not isinstance(data, dict):
        raise ScenarioError("(file)", "must be a JSON object")
    for key in ("game", "players"):
        if key not in data:
            raise ScenarioError(key, "is required")
    if not isinstance(data["game"], str):
        raise ScenarioError("game", "must be a game id")
    if not isinstance(data["players"], int) or isinstance(data["players"], bool):
        raise ScenarioError("players", "must be a whole number")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(sorted(unknown)[0], f"is not a scenario field; fields: {', '.join(sorted(TOP_KEYS))}")
    if "deals" in data:
        if "deal" in data or "moves" in data:
            raise ScenarioError("deals", "a match file has 'deals' instead of 'deal'/'moves'")
        if not isinstance(data["deals"], list) or not data["deals"]:
            raise ScenarioError("deals", "must be a non-empty list of {deal, moves}")
        for i, d in enumerate(data["deals"]):
            if not isinstance(d, dict) or ("deal" not in d and "seed" not in d):
                raise ScenarioError(f"deals[{i}]", "must be an object with 'deal' (or 'seed') and 'moves'")
            _check_moves(d.get("moves", []), f"deals[{i}].moves")
    else:
        if ("seed" in data) == ("deal" in data):
            raise ScenarioError("deal", "give exactly one of 'seed' and 'deal'")
        if "seed" in data and (not isinstance(data["seed"], int) or isinstance(data["seed"], bool)):
            raise ScenarioError("seed", "must be an integer")
        _check_moves(data.get("moves", []), "moves")
    if "rules" in data and not isinstance(data["rules"], dict):
        raise ScenarioError("rules", "must be an object of option overrides")
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise ScenarioError("expect", "must be an object")
    bad = set(expect) - EXPECT_KEYS
    if bad:
        raise ScenarioError(f"expect.{sorted(bad)[0]}", f"unknown; valid: {', '.join(sorted(EXPECT_KEYS))}")


def _check_moves(moves: Any, name: str) -> None:
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ScenarioError(name, "must be a list of move texts")


def replay(source: str | Path | dict[str, Any]) -> Replay:
    """Replay a scenario; an illegal move stops it and is recorded in ``Replay.error``."""
    data = load(source)
    try:
        game = get_game(data["game"])
        options = game.make_options(data.get("preset"), data.get("rules"))
        game.check_players(data["players"])
    except CardtableError as e:
        field_name = "game" if "game" in str(e) and "unknown game" in str(e) else "rules"
        raise ScenarioError(field_name, str(e)) from None
    players = data["players"]
    if "deals" not in data:
        if "deal" in data:
            deal = game.parse_deal(data["deal"], players, options)
            state = game.start(players, options, deal)
        else:
            state = game.new_state(players, options, seed=data["seed"])
        error = _play(state, data.get("moves", []), None)
        return Replay(data, state, None, error)
    match: Match | None = None
    error = None
    for k, entry in enumerate(data["deals"]):
        deal_json = entry.get("deal")
        if match is None:
            if deal_json is None:
                match = Match(game, players, options, seed=entry["seed"])
            else:
                match = Match(game, players, options, first_deal=_with_field(game, deal_json, players, options, k))
        else:
            if not match.state.is_over:
                raise ScenarioError(f"deals[{k - 1}].moves", "the deal is not over, so no next deal can start")
            match.finish_deal()
            if match.over:
                raise ScenarioError(f"deals[{k}]", "the match was already over")
            match.next_deal(deal_json)
        error = _play(match.state, entry.get("moves", []), k)
        if error is not None:
            break
    assert match is not None
    if error is None and match.state.is_over:
        match.finish_deal()
    return Replay(data, match.state, match, error)


def _with_field(game: Any, deal_json: Any, players: int, options: Any, k: int) -> Any:
    return game.parse_deal(deal_json, players, options, field_name=f"deals[{k}].deal")


def _play(state: State, moves: list[str], deal_index: int | None) -> ReplayError | None:
    for i, text in enumerate(moves):
        try:
            state.apply(text)
        except IllegalMove as e:
            return ReplayError(i, text, e.why, deal_index)
    return None


def check(result: Replay) -> list[str]:
    """Compare a replay with the scenario's ``expect``; an empty list means it matches."""
    expect = result.scenario.get("expect", {})
    diffs: list[str] = []
    err = result.error
    if "error_at" in expect:
        want = expect["error_at"]
        if err is None:
            diffs.append(f"expected an illegal move at {want}, but every move was legal")
        else:
            got: Any = err.index if err.deal is None else {"deal": err.deal, "move": err.index}
            if got != want:
                diffs.append(f"expected the first illegal move at {want}, got {got} ({err.move!r}: {err.why})")
    elif err is not None:
        where = f"deal {err.deal} " if err.deal is not None else ""
        diffs.append(f"{where}move {err.index} {err.move!r} was rejected: {err.why}")
    if "scores" in expect and result.scores != expect["scores"]:
        diffs.append(f"scores: expected {expect['scores']}, got {result.scores}")
    if "over" in expect and result.over != expect["over"]:
        diffs.append(f"over: expected {expect['over']}, got {result.over}")
    if "winner" in expect:
        want_w = expect["winner"]
        want_list = sorted(want_w) if isinstance(want_w, list) else [want_w]
        if sorted(result.winner()) != want_list:
            diffs.append(f"winner: expected {want_w}, got {result.winner()}")
    items = result.items()
    diffs += match_items(items, expect.get("items", []))
    for pat in expect.get("no_items", []):
        for it in items:
            if item_matches(it, pat):
                diffs.append(f"score item {it} must not be present (pattern {pat})")
    return diffs
