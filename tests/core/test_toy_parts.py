"""The toy game's declared parts (tests/core/toygame.py ``PARTS``, tests/core/toyparts/) are
reached through the outer layers, and only through ``cardtable.registry.game_parts``.

Each layer is asked as a front end asks it (the presentation, the score explanation, the
advice, the bots, the research API, the terminal's drawing); then the registry's parts for
``toy`` are replaced by ``NO_PARTS`` and the toy's own output disappears: the layers read
the parts from the registry, not from the game's module.  A game whose module exports no
``PARTS`` gets ``NO_PARTS`` and every layer falls back to its generic behaviour.
"""

from __future__ import annotations

import importlib.util
import random
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

import cardtable
from cardtable import advice, explanation, presentation, registry
from cardtable.bots import bot_move, default_bot_name, make_bot
from cardtable.errors import BadOption
from cardtable.game import State
from cardtable.moves import parse_default_move
from cardtable.parts import NO_PARTS, GameParts
from cardtable.parts.botbase import ViewBot

from .toygame import PARTS, ToyGame
from .toyparts import card_value, pile
from .toyparts.bots import HighFirstBot

BARE = "toybare"


@pytest.fixture(autouse=True)
def fresh_parts() -> Iterator[None]:
    """The registry caches parts by game id, and tests/cli registers another game as ``toy``:
    start and end every test here without a cached ``toy`` (or ``toybare``)."""
    for gid in ("toy", BARE):
        registry._parts.pop(gid, None)
    yield
    for gid in ("toy", BARE):
        registry._parts.pop(gid, None)
        registry._loaded.pop(gid, None)
    rl = sys.modules.get("cardtable.rl")
    if rl is not None:       # the research API caches codecs by game id too
        for key in [k for k in rl._CODECS if k[0] in ("toy", BARE)]:
            del rl._CODECS[key]


class BareToyGame(ToyGame):
    """The toy's rules under another id, in a module that exports no PARTS."""

    id = BARE


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register ``toybare``: a module with ``GAME`` and nothing else (a game of another
    distribution that declares no parts)."""
    module = types.ModuleType("tests.core._toybare")
    module.GAME = BareToyGame()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(registry.GAME_MODULES, BARE, module.__name__)
    return BARE


def names(players: int) -> list[str]:
    return presentation.seat_names(players, you=0)


def played_to_end(game_id: str = "toy", seed: int = 3, players: int = 2) -> State:
    s = cardtable.new_game(game_id, players=players, seed=seed)
    while not s.is_over:
        s.apply(s.legal_moves()[0])
    return s


def screen(state: State, seat: int) -> dict[str, Any]:
    return presentation.table_layout(state.view(seat), [state.move_text(m) for m in state.legal_moves(seat)],
                                     names(state.players))


# --- the registry -------------------------------------------------------------------------------

def test_the_registry_loads_the_declared_parts() -> None:
    got = registry.game_parts("toy")
    assert got is PARTS
    assert registry.game_parts("toy") is got                   # loaded once
    assert None not in (got.layout, got.explanation, got.advice, got.encoding, got.render)
    assert got.bots and got.assist is None and got.referee is None    # no rows, no table laws


def test_a_module_without_parts_gets_no_parts(bare: str) -> None:
    assert registry.game_parts(bare) is NO_PARTS


def test_parts_that_are_not_game_parts_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("tests.core._toywrong")
    module.GAME, module.PARTS = BareToyGame(), {"layout": None}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(registry.GAME_MODULES, BARE, module.__name__)
    with pytest.raises(TypeError, match="not GameParts"):
        registry.game_parts(BARE)


# --- the presentation: layout ---------------------------------------------------------------------

def test_table_layout_shows_the_toy_zones_and_phase_words() -> None:
    s = cardtable.new_game("toy", seed=5)
    s.apply(s.legal_moves()[0])
    seat = s.to_move()[0]
    lay = screen(s, seat)
    assert [z["name"] for z in lay["zones"]] == ["pile", "played so far", "cards held"]
    played = s.view(None)["pile"][0].split(":")[1]
    assert [t["text"] for t in lay["zones"][0]["cards"]] == [played]
    assert lay["phase"] == "play a card onto the pile"
    assert "play a card onto the pile" in lay["turn"]
    assert lay["move_note"] and "whatever you play first" in lay["move_note"]
    hand = [t["text"] for g in lay["hand"] for t in g["cards"]]
    assert sorted(hand) == sorted(s.view(seat)["hand"])
    over = screen(played_to_end(), 0)
    assert over["phase"] == "every card is on the pile" and over["over"]


def test_the_ace_sorts_low_in_the_toy_hand() -> None:
    view = {"game": "toy", "players": 2, "seat": 0, "to_move": [0], "over": False, "phase": "play",
            "hand": ["K♠", "A♠", "2♠"], "hand_sizes": [3, 3], "pile": []}
    lay = presentation.table_layout(view, ["play A♠", "play 2♠", "play K♠"], names(2))
    assert [t["text"] for t in lay["hand"][0]["cards"]] == ["A♠", "2♠", "K♠"]


def test_without_parts_the_presentation_falls_back_to_generic_zones(bare: str) -> None:
    s = cardtable.new_game(bare, seed=5)
    s.apply(s.legal_moves()[0])
    lay = screen(s, s.to_move()[0])
    assert lay["zones"] == presentation.generic_zones(s.view(s.to_move()[0]), names(2))
    assert {z["name"] for z in lay["zones"]} >= {"hand sizes", "pile"}
    assert lay["phase"] == "play"             # the internal name, not the toy's words
    assert lay["move_note"] is None


# --- the score explanation ------------------------------------------------------------------------

def test_score_summary_uses_the_toy_explanation() -> None:
    s = played_to_end(seed=7)
    view = s.view(0)
    summary = explanation.score_summary("toy", view, names(2), winners=s.winners())
    assert summary["note"].startswith("Every card is played")
    win, lose = (0, 1) if s.scores[0] > 0 else (1, 0)
    lost_cards = [c for seat, c in pile(view) if seat == lose]
    lose_line = summary["seats"][lose]["lines"][0]
    assert lose_line.text.startswith("Loses its own total: ")
    assert lose_line.text.endswith(f"= {sum(card_value(c) for c in lost_cards)}")
    assert all(c in lose_line.text for c in lost_cards)
    win_line = summary["seats"][win]["lines"][0]
    assert win_line.text.startswith("Highest total") and win_line.points == s.scores[win]
    for seat in range(2):                    # the lines add up to the score
        assert sum(li.points for li in summary["seats"][seat]["lines"]) == s.scores[seat]
    assert "Won the deal" in summary["winners"]


def test_without_parts_the_score_lines_are_the_item_notes(bare: str) -> None:
    s = played_to_end(bare, seed=7)
    summary = explanation.score_summary(bare, s.view(0), names(2))
    assert summary["note"] == ""
    assert [li.text for seat in summary["seats"] for li in seat["lines"]] == ["Score", "Score"]


# --- the advice ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_the_hint_is_legal_and_comes_from_the_toy_advice(seed: int) -> None:
    s = cardtable.new_game("toy", players=3, seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        seat = s.to_move()[0]
        legal = s.legal_moves(seat)
        h = advice.hint(s.view(seat), legal)
        assert h is not None and s.is_legal(h.move, seat)
        assert h.move == max(legal, key=lambda m: (m.cards[0].rank, int(m.cards[0])))
        assert "your last card" in h.reason if len(legal) == 1 else "whatever the order" in h.reason
        s.apply(rng.choice(legal), seat)


def test_warn_names_a_last_card_that_loses() -> None:
    view = {"game": "toy", "players": 2, "seat": 0, "to_move": [0], "over": False, "phase": "play",
            "hand": ["2♠"], "hand_sizes": [1, 0], "pile": ["0:A♠", "1:K♥", "0:3♦", "1:Q♣", "1:J♦"]}
    legal = [parse_default_move("play 2♠")]
    assert advice.warn(view, legal[0]) == ("your last card: your total stays 6, below the 36 another "
                                           "seat has played, so you lose 6")
    ahead = {**view, "pile": ["0:A♠", "1:2♥", "0:3♦", "1:A♣", "1:A♦"]}
    assert advice.warn(ahead, legal[0]) is None
    assert advice.warn({**view, "hand": ["2♠", "3♠"], "hand_sizes": [2, 0]}, legal[0]) is None
    assert advice.hint({**view, "seat": None, "hand": None}, legal) is None    # a spectator


def test_without_parts_there_is_no_advice(bare: str) -> None:
    s = cardtable.new_game(bare, seed=1)
    legal = s.legal_moves()
    assert advice.hint(s.view(0), legal) is None and advice.warn(s.view(0), legal[0]) is None


# --- the bots -------------------------------------------------------------------------------------

def test_the_toy_heuristic_is_made_by_name_and_is_the_default() -> None:
    bot = make_bot("toy", "heuristic")
    assert isinstance(bot, HighFirstBot) and isinstance(bot, ViewBot) and bot.game_id == "toy"
    assert default_bot_name("toy") == "heuristic"
    s = cardtable.new_game("toy", seed=2)
    rng = random.Random(0)
    while not s.is_over:
        seat = s.to_move()[0]
        move = bot_move(bot, s, seat, rng)
        assert move in s.legal_moves(seat)
        s.apply(move, seat)


def test_without_parts_only_the_generic_bots_exist(bare: str) -> None:
    assert default_bot_name(bare) == "random"
    with pytest.raises(BadOption, match="no bot 'heuristic'"):
        make_bot(bare, "heuristic")


# --- the terminal ---------------------------------------------------------------------------------

def test_the_terminal_draws_with_the_toy_render_and_hint_line() -> None:
    pytest.importorskip("rich")
    from cardtable.cli.render import hint_for, render_view
    s = cardtable.new_game("toy", seed=4)
    view = s.view(0)
    drawn = render_view(view)
    assert str(drawn).startswith("High card — seat 0") and "your hand: " in str(drawn)
    line = hint_for(view, s.legal_moves(0))
    assert line is not None and line.startswith("play ")


# --- the research API ---------------------------------------------------------------------------

def test_make_codec_builds_the_toy_codec() -> None:
    pytest.importorskip("numpy")
    from cardtable.rl import make_codec
    codec = make_codec("toy")
    assert codec.verbs == ("play",) and codec.layout["play card"] == (1, 53)
    s = cardtable.new_game("toy", seed=6)
    dp = codec.start(s)
    seat = s.to_move()[0]
    mask = dp.action_mask(seat)
    assert {codec.flat_move[a] for a in mask.nonzero()[0]} == set(s.legal_moves(seat))
    obs = dp.observe(seat)
    assert obs.shape == codec.observation_shape and obs[:55].sum() == len(s.view(seat)["hand"])


def test_the_research_docs_section_reads_the_encoding_doc() -> None:
    pytest.importorskip("numpy")
    from cardtable.rl.describe import section
    assert "one whole action per card of the pack" in section("toy")


def test_a_pettingzoo_env_plays_a_deal_with_masked_random_actions() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from cardtable.rl import aec_env
    env = aec_env("toy", players=3)
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter(100):
        obs, reward, term, trunc, _info = env.last()
        rewards[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    state = env.dp.state
    assert steps == 9 and state.is_over and env.agents == []
    assert [rewards[f"player_{s}"] for s in range(3)] == [float(x) for x in state.scores]


def test_without_parts_there_is_no_codec(bare: str) -> None:
    pytest.importorskip("numpy")
    from cardtable.rl import make_codec
    with pytest.raises(BadOption, match="declares no encoding"):
        make_codec(bare)


# --- only through the registry --------------------------------------------------------------------

def test_every_layer_reads_the_parts_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the registry's parts for ``toy`` emptied, no layer shows anything of the toy's
    parts: none of them found the parts any other way (e.g. by importing the module)."""
    s = cardtable.new_game("toy", seed=5)
    view, legal = s.view(0), s.legal_moves(0)
    assert registry.game_parts("toy") is PARTS
    monkeypatch.setitem(registry._parts, "toy", NO_PARTS)
    lay = screen(s, 0)
    assert lay["phase"] == "play" and lay["move_note"] is None
    assert lay["zones"] == presentation.generic_zones(view, names(2))
    assert advice.hint(view, legal) is None and advice.warn(view, legal[0]) is None
    assert default_bot_name("toy") == "random"
    with pytest.raises(BadOption, match="no bot 'heuristic'"):
        make_bot("toy", "heuristic")
    end = played_to_end(seed=7).view(0)
    assert explanation.score_summary("toy", end, names(2))["note"] == ""
    if importlib.util.find_spec("rich") is not None:
        from rich.text import Text

        from cardtable.cli.render import hint_for, render_view
        assert not isinstance(render_view(view), Text)      # the generic table of view keys
        assert hint_for(view, legal) is None
    if importlib.util.find_spec("numpy") is not None:
        from cardtable.rl import make_codec
        with pytest.raises(BadOption, match="declares no encoding"):
            make_codec("toy")


def test_a_part_swapped_in_the_registry_is_what_the_layers_use(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses
    assert PARTS.layout is not None
    swapped: GameParts = dataclasses.replace(PARTS, layout=dataclasses.replace(
        PARTS.layout, phases={"play": "lay one down"}))
    monkeypatch.setitem(registry._parts, "toy", swapped)
    s = cardtable.new_game("toy", seed=5)
    assert screen(s, 0)["phase"] == "lay one down"
