"""Scenario files: load, replay and check (``shared/contracts/scenario.md``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import parse_card
from .errors import BadCard, BadOption, CardtableError, IllegalMove, ScenarioError, UnknownGame
from .game import Game, State
from .match import Match
from .options import Options
from .registry import get_game
from .scoring import item_matches, match_items

TOP_KEYS = {"game", "players", "preset", "rules", "seed", "deal", "moves", "deals", "expect",
            "description", "title", "source", "spec", "note", "play"}
EXPECT_KEYS = {"scores", "items", "no_items", "over", "winner", "error_at"}
DEAL_ENTRY_KEYS = {"deal", "seed", "moves"}
ITEM_FIELDS = {"seat", "points", "rule", "cards", "note", "turn"}


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
    """Read and check a scenario (a path or an already parsed object)."""
    data: dict[str, Any] = _read(source)
    validate(data)
    return data


def _read(source: str | Path | dict[str, Any]) -> Any:
    if isinstance(source, dict):
        data = source
    else:
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise ScenarioError("(file)", f"not valid JSON: {e}") from None
        except (OSError, UnicodeDecodeError) as e:
            raise ScenarioError("(file)", f"cannot read: {e}") from None
    return data


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def validate(data: Any) -> None:
    """Check the file's shape; a ScenarioError names the first field that is wrong."""
    _check_shape(data)
    _check_expect(data)


def _check_shape(data: Any) -> None:
    if not isinstance(data, dict):
        raise ScenarioError("(file)", "must be a JSON object")
    for key in ("game", "players"):
        if key not in data:
            raise ScenarioError(key, "is required")
    if not isinstance(data["game"], str):
        raise ScenarioError("game", "must be a game id")
    if not _is_int(data["players"]):
        raise ScenarioError("players", "must be a whole number")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(sorted(unknown)[0], f"is not a scenario field; fields: {', '.join(sorted(TOP_KEYS))}")
    if "play" in data and not isinstance(data["play"], dict):
        raise ScenarioError("play", "must be an object: the settings of 'cardtable play' "
                            "(seed, seat, bots) that '--load' resumes with")
    if "preset" in data and not isinstance(data["preset"], str):
        raise ScenarioError("preset", "must be a preset name")
    if "rules" in data and not isinstance(data["rules"], dict):
        raise ScenarioError("rules", "must be an object of option overrides")
    if "deals" in data:
        for key in ("deal", "moves", "seed"):
            if key in data:
                raise ScenarioError(key, "a match file gives each deal in 'deals' "
                                    "({deal or seed, moves}) instead")
        if not isinstance(data["deals"], list) or not data["deals"]:
            raise ScenarioError("deals", "must be a non-empty list of {deal, moves}")
        for i, d in enumerate(data["deals"]):
            name = f"deals[{i}]"
            if not isinstance(d, dict):
                raise ScenarioError(name, "must be an object with 'deal' (or 'seed') and 'moves'")
            extra = set(d) - DEAL_ENTRY_KEYS
            if extra:
                raise ScenarioError(f"{name}.{sorted(extra)[0]}",
                                    f"unknown; valid: {', '.join(sorted(DEAL_ENTRY_KEYS))}")
            _check_deal_or_seed(d, f"{name}.")
            _check_moves(d.get("moves", []), f"{name}.moves")
    else:
        _check_deal_or_seed(data, "")
        _check_moves(data.get("moves", []), "moves")


def _check_deal_or_seed(d: dict[str, Any], prefix: str) -> None:
    if ("seed" in d) == ("deal" in d):
        raise ScenarioError(f"{prefix}deal", "give exactly one of 'seed' and 'deal'")
    if "seed" in d and not _is_int(d["seed"]):
        raise ScenarioError(f"{prefix}seed", "must be an integer")


def _check_moves(moves: Any, name: str) -> None:
    if not isinstance(moves, list):
        raise ScenarioError(name, "must be a list of move texts")
    for i, m in enumerate(moves):
        if not isinstance(m, str):
            raise ScenarioError(f"{name}[{i}]", f"{m!r} is not a move text")


def _check_expect(data: dict[str, Any]) -> None:
    expect = data.get("expect", {})
    players, is_match = data["players"], "deals" in data
    if not isinstance(expect, dict):
        raise ScenarioError("expect", "must be an object")
    bad = set(expect) - EXPECT_KEYS
    if bad:
        raise ScenarioError(f"expect.{sorted(bad)[0]}", f"unknown; valid: {', '.join(sorted(EXPECT_KEYS))}")
    if "scores" in expect:
        sc = expect["scores"]
        if not isinstance(sc, list) or len(sc) != players or not all(_is_int(v) for v in sc):
            raise ScenarioError("expect.scores", f"must be a list of {players} whole numbers")
    if "over" in expect and not isinstance(expect["over"], bool):
        raise ScenarioError("expect.over", "must be true or false")
    if "winner" in expect:
        w = expect["winner"]
        seats = w if isinstance(w, list) else [w]
        if not all(_is_int(s) and 0 <= s < players for s in seats):
            raise ScenarioError("expect.winner", f"must be a seat 0..{players - 1} or a list of seats")
    for key in ("items", "no_items"):
        pats = expect.get(key, [])
        if not isinstance(pats, list):
            raise ScenarioError(f"expect.{key}", "must be a list of item patterns")
        for i, pat in enumerate(pats):
            _check_pattern(pat, f"expect.{key}[{i}]")
    if "error_at" in expect:
        want = expect["error_at"]
        if is_match:
            if (not isinstance(want, dict) or set(want) != {"deal", "move"}
                    or not all(_is_int(v) and v >= 0 for v in want.values())):
                raise ScenarioError("expect.error_at", 'in a match file must be {"deal": d, "move": i} '
                                    "(0-based indexes)")
        elif not _is_int(want) or want < 0:
            raise ScenarioError("expect.error_at", "must be the 0-based index of a move")


def _check_pattern(pat: Any, name: str) -> None:
    if not isinstance(pat, dict) or not pat:
        raise ScenarioError(name, "must be a non-empty object of item fields")
    extra = set(pat) - ITEM_FIELDS
    if extra:
        raise ScenarioError(f"{name}.{sorted(extra)[0]}", f"is not a score item field; fields: "
                            f"{', '.join(sorted(ITEM_FIELDS))}")
    for key in ("seat", "points"):
        if key in pat and not _is_int(pat[key]):
            raise ScenarioError(f"{name}.{key}", "must be a whole number")
    for key in ("rule", "note"):
        if key in pat and not isinstance(pat[key], str):
            raise ScenarioError(f"{name}.{key}", "must be text")
    if "turn" in pat and pat["turn"] is not None and not _is_int(pat["turn"]):
        raise ScenarioError(f"{name}.turn", "must be a whole number or null")
    if "cards" in pat:
        cards = pat["cards"]
        if not isinstance(cards, list):
            raise ScenarioError(f"{name}.cards", "must be a list of card tokens")
        for j, tok in enumerate(cards):
            try:
                parse_card(tok)
            except BadCard as e:
                raise ScenarioError(f"{name}.cards[{j}]", str(e)) from None


def _setup(data: dict[str, Any]) -> tuple[Game[Any], Options]:
    """The game and its options; errors name the field (game, preset, rules, players)."""
    try:
        game = get_game(data["game"])
    except UnknownGame as e:
        raise ScenarioError("game", str(e)) from None
    try:
        game.check_players(data["players"])
    except BadOption as e:
        raise ScenarioError("players", str(e)) from None
    if data.get("preset") is not None:
        try:
            game.make_options(data["preset"])
        except BadOption as e:
            raise ScenarioError("preset", str(e)) from None
    try:
        options = game.make_options(data.get("preset"), data.get("rules"))
    except BadOption as e:
        raise ScenarioError("rules", str(e)) from None
    return game, options


def _start(game: Game[Any], options: Options, players: int, deal: Any, field_name: str) -> State:
    """The first state of a written deal (parsed and checked against the game's pack)."""
    parsed = game.parse_deal(deal, players, options, field_name=field_name)
    try:
        return game.start(players, options, parsed)
    except (TypeError, ValueError, KeyError, IndexError) as e:
        if isinstance(e, CardtableError):
            raise
        raise ScenarioError(field_name, f"{game.id} cannot start from this deal "
                            f"({type(e).__name__}: {e})") from None


def replay(source: str | Path | dict[str, Any]) -> Replay:
    """Replay a scenario; an illegal move stops it and is recorded in ``Replay.error``.

    A malformed file raises ScenarioError naming the field.  In a match file each entry of
    ``deals`` gives a written ``deal`` or a ``seed`` that shuffles that deal (with the
    match's context: who deals ...); the match's own generator is seeded from the first
    entry's seed (0 for a written first deal) so a replay never depends on chance.
    """
    data = _read(source)
    _check_shape(data)
    game, options = _setup(data)     # game, players, preset, rules before the expectations
    _check_expect(data)
    players = data["players"]
    if "deals" not in data:
        if "deal" in data:
            state = _start(game, options, players, data["deal"], "deal")
        else:
            state = game.new_state(players, options, seed=data["seed"])
        error = _play(state, data.get("moves", []), None)
        return Replay(data, state, None, error)
    match: Match | None = None
    error = None
    for k, entry in enumerate(data["deals"]):
        deal_json = entry.get("deal")
        seed = entry.get("seed")
        field_name = f"deals[{k}].deal"
        if match is None:
            if deal_json is None:
                match = Match(game, players, options, seed=seed, first_seed=seed)
            else:
                first = _start(game, options, players, deal_json, field_name)
                match = Match(game, players, options, seed=0, first_deal=first.deal)
        else:
            if not match.state.is_over:
                raise ScenarioError(f"deals[{k - 1}].moves", "the deal is not over, so no next deal can start")
            match.finish_deal()
            if match.over:
                raise ScenarioError(f"deals[{k}]", "the match was already over")
            try:
                match.next_deal(deal_json, seed=seed, field_name=field_name)
            except (TypeError, ValueError, KeyError, IndexError) as e:
                if isinstance(e, CardtableError):
                    raise
                raise ScenarioError(field_name, f"{game.id} cannot start from this deal "
                                    f"({type(e).__name__}: {e})") from None
        error = _play(match.state, entry.get("moves", []), k)
        if error is not None:
            break
    assert match is not None
    if error is None and match.state.is_over:
        match.finish_deal()
    return Replay(data, match.state, match, error)


def _play(state: State, moves: list[str], deal_index: int | None) -> ReplayError | None:
    for i, text in enumerate(moves):
        try:
            state.apply(text)
        except IllegalMove as e:
            return ReplayError(i, text, e.why, deal_index)
        except CardtableError as e:   # apply raises IllegalMove; anything else still stops here
            return ReplayError(i, text, str(e), deal_index)
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
