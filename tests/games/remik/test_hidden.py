"""Audit: hidden information in Remik (other hands and the stock) never leaks through
``view(seat)``, the log, error messages, bot inputs or the ``cardtable play`` screen."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from typer.testing import CliRunner

from cardtable.bots import make_bot
from cardtable.cards import COPY_STRIDE, card_str, cards_of
from cardtable.cli.main import app
from cardtable.conformance import check_secrets
from cardtable.errors import IllegalMove
from cardtable.games.remik import GAME, RemikState
from cardtable.moves import Move

PUBLIC_KEYS = {"game", "players", "seat", "to_move", "over", "log", "dealer", "starter", "turn",
               "current", "phase", "stock", "discard", "table", "hand_sizes", "opened", "taken",
               "must_use_joker", "opening_min", "threshold"}


def _move_cards(mv: Move) -> list[int]:
    return [int(c) for c in mv.cards] + [int(c) for g in mv.groups for c in g]


def test_views_logs_and_bot_inputs_keep_secrets() -> None:
    bot = make_bot("remik", "heuristic")
    checked = 0
    for seed in (1, 2):
        st = GAME.new_state(4, seed=seed)
        assert isinstance(st, RemikState)
        rng = random.Random(seed)
        step = 0
        while not st.is_over:
            s = st.current
            for v in range(4):
                view = st.view(v)
                assert set(view) == PUBLIC_KEYS | {"hand"}, set(view) - PUBLIC_KEYS
                own = sorted(card_str(c) for c in cards_of(st.hands[v]))
                assert sorted(view["hand"]) == own
                assert view["hand_sizes"] == [h.bit_count() for h in st.hands]
                for (who, mv), line in zip(st.history, view["log"], strict=True):
                    if mv.verb == "draw":                     # a drawn card is never named
                        assert line == f"{who}: draw"
            assert set(st.view(None)) == PUBLIC_KEYS
            legal = st.legal_moves(s)
            allowed = st.hands[s] | (1 << st.top() if st.top() >= 0 else 0)
            for mv in legal:                                  # a bot's input: own cards only
                assert all(allowed >> c & 1 for c in _move_cards(mv))
                if mv.verb == "takemeld":
                    assert st.top() in _move_cards(mv)
            if step % 7 == 3:
                for viewer in (s, (s + 1) % 4, None):
                    assert check_secrets(st, viewer, rng) is None
                checked += 1
            st.apply(bot.choose(st.view(s), legal, rng), s)
            step += 1
        assert "hands" in st.view(0)                          # shown once the deal is over
    assert checked > 5


def test_errors_do_not_tell_where_a_card_is() -> None:
    """An error for a card the player lacks reads the same whether an opponent or the stock
    holds it."""
    st = GAME.new_state(4, seed=11)
    assert isinstance(st, RemikState)
    me = st.current
    mine = {c % COPY_STRIDE for c in cards_of(st.hands[me])}
    theirs = {c % COPY_STRIDE for s in range(4) if s != me for c in cards_of(st.hands[s])}
    stock = {c % COPY_STRIDE for c in st.stock}
    x = min(b for b in theirs - mine - stock if b < 52)      # only in opponents' hands
    y = min(b for b in stock - mine - theirs if b < 52)      # only in the stock
    for template in ("discard {}", "meld {} {} {}", "lay {} @m1", "swap {} @m1"):
        msgs = []
        for b in (x, y):
            try:
                st.apply(template.replace("{}", card_str(b)))
                raise AssertionError("accepted")
            except IllegalMove as e:
                msgs.append(e.why.replace(card_str(b), "<c>"))
        assert msgs[0] == msgs[1], msgs


def _run_cli(tmp_path: Path, seed: int) -> tuple[str, dict]:
    path = tmp_path / "m.json"
    result = CliRunner().invoke(app, ["play", "remik", "--players", "4", "--seed", str(seed),
                                      "--deals", "1", "--save", str(path)], input="1\n" * 400)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.output, json.loads(path.read_text(encoding="utf-8"))


def test_cli_screen_shows_only_the_players_hand(tmp_path: Path) -> None:
    """`cardtable play remik --players 4` with piped input: before the deal is over no other
    seat's cards are listed, bots' draws name no card, and the hand shown is seat 0's own."""
    out, saved = _run_cli(tmp_path, 5)
    assert "Deal 1" in out and "Your legal moves" in out
    end = out.index("The deal is over.")
    before_end = out[:end]                                    # every screen before the last
    other_seat = re.compile(r"^seat ([2-4]) \(heuristic\)\s+\d+ cards?, (?:not )?opened(.*)$")
    listed = 0
    for line in before_end.splitlines():
        m = other_seat.match(line.strip())
        if m:
            assert m.group(2).strip() == "", line             # no cards after the count
            listed += 1
        bot = re.match(r"^\s*seat [1-4] \(heuristic\): (draw.*)$", line)
        if bot:
            assert bot.group(1).strip() == "draw", line
    assert listed > 10
    assert re.search(r"seat [2-4] \(heuristic\) \(opened\)\s+\S", out[end:])   # shown at the end
    deal = saved["deals"][0]["deal"] if "deals" in saved else saved["deal"]
    first_hand = sorted(deal["hands"][0])
    screen = re.search(r"^your hand\s+(.*)$", before_end, re.M)
    assert screen is not None
    shown = screen.group(1).split("(*")[0].replace("*", "").split()
    assert sorted(shown) == first_hand
    for s in (1, 2, 3):                                       # none of their 13 cards listed as a hand
        assert " ".join(sorted(deal["hands"][s])) not in before_end