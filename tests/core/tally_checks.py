"""Shared checks of a game's tally part (``cardtable.parts.tally``) for every game's
``tests/games/<id>/test_tally.py``: finished deals played with seeded random legal moves or
the game's own bot, each end described as a person would enter it (``describe``), passed
through JSON, and scored again from that entry alone (``score``): the items must be the
played deal's, as multisets of (seat, points, rule), and the entry must be unchanged.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import bot_move, default_bot_name, make_bot
from cardtable.errors import BadEntry, BadOption
from cardtable.explanation import explain_items
from cardtable.game import State
from cardtable.match import Match
from cardtable.parts.tally import Tally, check, fields_json
from cardtable.registry import game_parts, get_game
from cardtable.scenario import replay
from cardtable.scoring import ScoreItem

#: (players, preset, rules)
Config = tuple[int, str | None, dict[str, Any]]


class Stuck(AssertionError):
    """A deal in which the seat to move has no legal move: a rules bug of the game, not of its
    tally (Remik once, fixed: ``no_pure_run`` seed 10355 at 2, tests/games/remik/test_no_stuck.py).
    It fails the test like any other error."""


def tally_of(game_id: str) -> Tally:
    tally = game_parts(game_id).tally
    assert tally is not None
    return tally


def key(items: Iterable[ScoreItem]) -> Counter[tuple[int, int, str]]:
    """What a described end must reproduce: each item's seat, points and rule."""
    return Counter((it.seat, it.points, it.rule) for it in items)


def configs(game_id: str, players: Iterable[int] | None = None) -> list[Config]:
    """Every preset at each player count, then the conformance suite's own configurations
    (they switch on the options no preset does)."""
    game = get_game(game_id)
    counts = list(players) if players is not None else list(range(game.min_players, game.max_players + 1))
    out: list[Config] = [(n, p, {}) for p in sorted(game.presets) for n in counts if _playable(game_id, n, p)]
    for c in game.conformance_configs:
        preset = c.get("preset") or ("default" if "default" in game.presets else None)
        cfg = (int(c.get("players", game.default_players)), preset, dict(c.get("rules", {})))
        if cfg not in out:
            out.append(cfg)
    return out


def _playable(game_id: str, players: int, preset: str) -> bool:
    """Whether a preset can be played at that many players (teams need a count that splits)."""
    game = get_game(game_id)
    try:
        game.new_state(players, game.make_options(preset), seed=0)
    except BadOption:
        return False
    return True


def config_id(cfg: Config) -> str:
    n, preset, rules = cfg
    return f"{n}p-{preset or 'default'}" + ("-" + "-".join(sorted(rules)) if rules else "")


def play(game_id: str, players: int, options: Any, seed: int, bot: str | None) -> State:
    """One finished deal: seeded random legal moves (``bot`` None) or the named bot.  Bots
    that circle (五十一分's two heuristic bots can pass one card to and fro) hand over to
    random moves after 2,000 moves."""
    game = get_game(game_id)
    state = game.new_state(players, options, seed=seed)
    rng = random.Random(seed)
    b = make_bot(game_id, bot) if bot is not None else None
    for n in range(50000):
        if state.is_over:
            return state
        seat = state.to_move()[0]
        if b is not None and n < 2000:
            try:
                move = bot_move(b, state, seat, rng)
            except Exception:
                if not state.legal_moves(seat):
                    raise Stuck(f"{game_id} seed {seed}: seat {seat} has no legal move in a deal not over") from None
                raise
        else:
            legal = state.legal_moves(seat)
            if not legal:
                raise Stuck(f"{game_id} seed {seed}: seat {seat} has no legal move in a deal not over")
            move = rng.choice(legal)
        state.apply(move, seat)
    raise AssertionError(f"{game_id} seed {seed}: the deal did not end")


#: games whose described items are worded otherwise than the played ones: Dummy's penalties
#: carry the turn they were charged in, which the end of a hand does not show
WORDED_OTHERWISE = {"dummy"}


def words(game_id: str, items: Iterable[ScoreItem], players: int) -> list[Counter[str]]:
    """Each seat's score lines as a player reads them (``cardtable.explanation``, no view)."""
    names = [f"P{s + 1}" for s in range(players)]
    lines = explain_items(game_id, [it.to_json() for it in items], players, names)
    return [Counter(line.text for line in seat) for seat in lines]


def same_score(game_id: str, state: State) -> dict[str, Any]:
    """describe → JSON → score gives the played deal's items; the entry is left unchanged;
    the items read as the played ones do."""
    tally = tally_of(game_id)
    entry = json.loads(json.dumps(tally.describe(state), ensure_ascii=False))
    frozen = copy.deepcopy(entry)
    items = tally.score(entry, state.players, state.options)
    assert entry == frozen, "score changed the entry"
    want, got = key(state.score_items()), key(items)
    assert got == want, (f"{game_id}: entry {entry}\nplayed: {sorted(want.elements())}\n"
                         f"described: {sorted(got.elements())}")
    if game_id not in WORDED_OTHERWISE:
        assert words(game_id, items, state.players) == words(game_id, state.score_items(), state.players), entry
    return entry


def check_deals(game_id: str, cfg: Config, deals: int, seed0: int = 0, bot_share: int = 3) -> int:
    """``deals`` deals of one configuration, every ``bot_share``-th played by the game's
    default bot, the rest by random legal moves; returns how many were compared (all of them:
    a deal that gets stuck on a rules bug, :class:`Stuck`, fails)."""
    players, preset, rules = cfg
    game = get_game(game_id)
    options = game.make_options(preset, rules)
    tally = tally_of(game_id)
    assert check(tally, players, options) == []
    assert fields_json(tally, players, options)
    bot = default_bot_name(game_id)
    for i in range(deals):
        state = play(game_id, players, options, seed0 + i, bot if bot_share and i % bot_share == 0 else None)
        same_score(game_id, state)
    return deals


def check_match_deals(game_id: str, cfg: Config, matches: int, deals: int, seed0: int = 0) -> int:
    """Deals after the first of seeded matches (random legal moves): what a deal inherits from
    the one before it (捉黑A's tribute) is described too.  Returns the deals compared."""
    players, preset, rules = cfg
    game = get_game(game_id)
    options = game.make_options(preset, rules)
    compared = 0
    for m in range(matches):
        match = Match(game, players, options, seed=seed0 + m)
        rng = random.Random(seed0 + m)
        for _deal in range(deals):
            state = match.state
            while not state.is_over:
                seat = state.to_move()[0]
                state.apply(rng.choice(state.legal_moves(seat)), seat)
            same_score(game_id, state)
            compared += 1
            match.finish_deal()
            if match.over:
                break
            match.next_deal()
    return compared


def scenario_deals(game_id: str) -> list[tuple[str, State]]:
    """Every finished deal of the game's scenario files (each deal of a match file)."""
    folder = Path(__file__).resolve().parent.parent / "games" / game_id / "scenarios"
    out = []
    for path in sorted(folder.glob("*.json")):
        result = replay(path)
        deals = list(result.match.deals) if result.match is not None else [result.state]
        out += [(f"{path.stem}[{i}]", s) for i, s in enumerate(deals) if s.is_over]
    return out


def refused(game_id: str, entry: Mapping[str, Any], players: int, options: Any, *words: str) -> BadEntry:
    """``score`` refuses ``entry`` with a message holding every one of ``words`` and leaves
    the entry as it was."""
    frozen = copy.deepcopy(entry)
    with pytest.raises(BadEntry) as info:
        tally_of(game_id).score(entry, players, options)
    assert entry == frozen, "a refused entry was changed"
    message = str(info.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    return info.value


def points(items: Iterable[ScoreItem], players: int) -> list[int]:
    out = [0] * players
    for it in items:
        out[it.seat] += it.points
    return out
