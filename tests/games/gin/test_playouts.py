"""Bot-driven playouts (many knocks, gins, manual defences) under the conformance checks."""

from __future__ import annotations

import random

import pytest

from cardtable import get_game
from cardtable.bots import make_bot
from cardtable.cards import Card
from cardtable.conformance import check_conservation, check_roundtrip, check_secrets
from cardtable.games.gin.notation import BIGGIN
from cardtable.games.gin.state import DEFEND, DISCARD, FIFTY
from cardtable.moves import Move

GAME = get_game("gin")

CONFIGS = [
    {},
    {"defender_auto": False},
    {"defender_auto": False, "big_gin": True, "fiftieth_card_pickup": True, "allow_rediscard_taken": True},
    {"oklahoma": True, "oklahoma_spade_double": True, "force_gin": True, "undercut_on_tie": False},
]


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: ",".join(sorted(r)) or "default")
def test_heuristic_playouts_keep_the_contract(rules: dict) -> None:
    opts = GAME.make_options(rules=rules)
    pack = GAME.pack(2, opts)
    bot = make_bot("gin", "heuristic")
    endings = set()
    for seed in range(25):
        rng = random.Random(seed)
        s = GAME.new_state(2, opts, seed=seed)
        while not s.is_over:
            seat = s.to_move()[0]
            legal = s.legal_moves()
            assert legal and check_conservation(s, pack) is None
            for m in legal:
                assert s.why_illegal(seat, m) is None, s.move_text(m)
                assert s.parse_move(s.move_text(m), seat) == m
            if s.phase == DISCARD:   # the listed simple moves are exactly the legal ones
                listed = set(legal)
                for c in range(52):
                    for verb in ("discard", "knock", "gin"):
                        m = Move(verb, (Card(c),))
                        # rule 23: ``knock X`` with 0 deadwood is legal and stored as ``gin X``
                        canon = s.canonical_move(m)
                        assert (canon in listed) == (s.why_illegal(seat, m) is None), s.move_text(m)
                        assert canon == m or (verb == "knock" and canon.verb == "gin")
                assert (BIGGIN in listed) == (s.why_illegal(seat, BIGGIN) is None)
            if s.phase in (DEFEND, FIFTY) or (s.phase == DISCARD and len(legal) > 11):
                for v in (None, 0, 1):
                    assert check_secrets(s, v, rng) is None
                assert check_roundtrip(s) is None
            s.apply(bot.choose(s.view(seat), legal, rng))
        for v in (None, 0, 1):
            assert check_secrets(s, v, rng) is None
        assert check_roundtrip(s) is None
        endings.add("dead" if s.dead else "gin" if s.gin else "knock")
        assert (s.hand_winner is None) == (max(s.scores) == 0) or rules.get("undercut_on_tie") is False
    assert "knock" in endings or "gin" in endings


def test_heuristic_beats_random() -> None:
    h, r = make_bot("gin", "heuristic"), make_bot("gin", "random")
    rng = random.Random(3)
    won = [0, 0]
    for seed in range(40):
        s = GAME.new_state(2, seed=seed)
        hseat = seed % 2
        while not s.is_over:
            seat = s.to_move()[0]
            bot = h if seat == hseat else r
            s.apply(bot.choose(s.view(seat), s.legal_moves(), rng))
        if s.hand_winner is not None:
            won[s.hand_winner == hseat] += 1
    assert won[1] > 3 * won[0]
