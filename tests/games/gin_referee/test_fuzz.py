"""Random deals with random reports and irregular knocks: every accepted report keeps the
contract (cards conserved, replay and serialisation, hidden cards), none crashes."""

from __future__ import annotations

import random

from cardtable import CardtableError, State
from cardtable.cards import card_str
from cardtable.conformance import check_conservation, check_roundtrip, check_secrets, snapshot
from cardtable.games.gin.referee.tablestate import GinTableState
from cardtable.registry import get_game

from .helpers import TABLE

WORDS = ["a", "b", "c", "d", "a dealing", "c dealing", "stock", "hand", "discard"]


def random_report(st: GinTableState, rng: random.Random) -> str:
    rule = f"R{rng.randint(1, 13)}"
    pool = list(st.stock) + list(st.pile) + [c for h in st.hands for c in range(52) if h >> c & 1]
    parts = [f"{rng.randrange(2)}: report", rule]
    if pool and rng.random() < 0.6:
        parts.append(card_str(rng.choice(pool) % 64))
    if rng.random() < 0.4:
        parts.append(rng.choice(WORDS))
    return " ".join(parts)


def irregular_knock(st: GinTableState, rng: random.Random) -> str | None:
    if st.phase_name() != "discard" or st.window is not None or st.pending >= 0:
        return None
    cards = [c for c in range(52) if st.hands[st.cur] >> c & 1]
    return f"knock {card_str(rng.choice(cards))}"


def test_random_reports_keep_the_contract() -> None:
    game = get_game("gin")
    options = game.make_options(None, TABLE)
    pack = game.pack(2, options)
    accepted = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = game.new_state(2, options, seed=seed)
        assert isinstance(st, GinTableState)
        for _step in range(400):
            if st.is_over:
                break
            r = rng.random()
            text = random_report(st, rng) if r < 0.25 else irregular_knock(st, rng) if r < 0.35 else None
            if text is not None:
                before = snapshot(st)
                try:
                    st.apply(text)
                    accepted += 1
                except CardtableError as e:
                    assert str(e)
                    assert snapshot(st) == before, text
                    continue
                assert check_conservation(st, pack) is None, (seed, text)
                if accepted % 7 == 0:
                    assert check_roundtrip(st) is None, (seed, st.moves_text())
                    for s in (None, 0, 1):
                        assert check_secrets(st, s, rng) is None, (seed, s, st.moves_text())
                continue
            movers = st.to_move()
            legal = st.legal_moves(movers[0])
            assert legal, (seed, st.moves_text())
            st.apply(rng.choice(legal), movers[0])
        again = State.from_json(st.to_json())
        assert again.to_json() == st.to_json() and again.scores == st.scores
    assert accepted > 40
