"""The text prompt for agents without MCP: docs/research.md's examples are exactly what
``cardtable.agent.prompt`` writes, replies are read back, and an ``ask`` function plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.agent import AgentError, SeatAgent
from cardtable.agent.prompt import example, llm_policy, prompt, read_answer, screen_text
from cardtable.i18n import use_language
from cardtable.registry import get_game
from tests.agent.test_inputs import wire

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
MARK = re.compile(r"<!-- prompt example: (?P<args>[^>]*) -->\n```text\n(?P<text>.*?)\n```", re.S)


def documented() -> list[tuple[dict[str, str], str]]:
    found = []
    for m in MARK.finditer(DOC.read_text(encoding="utf-8")):
        args = dict(kv.split("=", 1) for kv in m.group("args").split())
        found.append((args, m.group("text")))
    return found


def test_the_docs_show_two_examples() -> None:
    assert {a["game"] for a, _text in documented()} == {"gin", "dummy"}


@pytest.mark.parametrize("args,text", documented(), ids=lambda x: x.get("game") if isinstance(x, dict) else "")
def test_each_documented_prompt_is_what_the_function_writes(args: dict[str, str], text: str) -> None:
    with use_language(args["lang"]):
        assert example(args["game"], int(args["seed"]), moves=int(args["moves"])) == text


def test_replies_are_read_as_the_move_or_its_number() -> None:
    legal = ["draw", "take", "discard 7♥", "discard 10♥"]
    assert read_answer("discard 7♥", legal) == "discard 7♥"
    assert read_answer("  `take`\n", legal) == "take"
    assert read_answer("3", legal) == "discard 7♥"
    assert read_answer("4. discard 10♥", legal) == "discard 10♥"
    assert read_answer("I think so.\ndraw", legal) == "draw"
    assert read_answer("3. discard 7♥ — discard 7♥", legal) == "discard 7♥"
    with pytest.raises(AgentError, match="numbered 1 to 4"):
        read_answer("9", legal)
    with pytest.raises(AgentError, match="not one of the legal moves"):
        read_answer("discard 8♥", legal)
    assert read_answer("arrange A♠ 2♠ 3♠ | x", ["arrange 1 | 2"], free=True) == "arrange A♠ 2♠ 3♠ | x"


def test_an_ask_function_plays_a_whole_deal_and_is_told_what_was_wrong() -> None:
    asked: list[str] = []

    def ask(text: str) -> str:
        asked.append(text)
        if len(asked) == 1:
            return "I would like to knock"
        lines = [ln.strip() for ln in text.splitlines() if re.match(r"\s+\d+\. ", ln)]
        draw = [ln for ln in lines if ln.split(" ", 2)[1] == "draw"]
        return (draw or lines)[-1].split(". ", 1)[0]    # draw, else the last listed move, by number

    game = get_game("gin")
    state = game.new_state(2, game.make_options(), seed=6)
    agent = SeatAgent("gin", 2, None, None, llm_policy(ask))
    assert agent.inputs == "text"
    while not state.is_over:
        seat = state.to_move()[0]
        frame = wire(state, seat)
        state.apply(agent.decide(frame["view"], frame["legal"]).move, seat)
    assert "'I would like to knock' is not one of the legal moves" in asked[1]
    assert len(asked) > 10


def test_the_screen_shows_a_finished_deal_and_the_totals() -> None:
    game = get_game("gin")
    state = game.new_state(2, game.make_options(), seed=6)
    while not state.is_over:
        s = state.to_move()[0]
        texts = [state.move_text(m) for m in state.legal_moves(s)]
        state.apply("draw" if "draw" in texts else texts[-1], s)
    text = screen_text(state.view(0), [], [10, 0], 1)
    assert "deal 2" in text and "Score of the deal:" in text and "Match totals so far: You +10 · seat 2 0" in text
    assert prompt(state.view(0), []) == screen_text(state.view(0), [])


def test_every_word_of_the_prompt_goes_through_the_catalog() -> None:
    from cardtable.i18n.pseudo import unmarked

    for game, seed, moves in (("gin", 1, 3), ("shisanzhang", 3, 0), ("dummy", 2, 1)):
        with use_language("pseudo"):
            text = example(game, seed, moves=moves)
        left = {w for w in re.findall(r"[A-Za-z]{3,}", unmarked(text))}
        assert left <= {"discard", "arrange", "draw", "take", "pass", "knock", "gin", "declare"}, (game, left)
