"""Item 5 of issue 9: every hint any game prints is a move ``is_legal`` accepts at that moment.

Random positions of every registered game (seeded random play, every seat that may move is
asked), the hint computed from that seat's view and legal moves only.  The hint's text form
must be legal too, since that is what a person would type after reading it.
"""

from __future__ import annotations

import random

import pytest

from cardtable import advice
from cardtable.registry import game_ids, get_game

DEALS = 4
MAX_STEPS = 400


def positions(game_id: str, deals: int = DEALS, preset: str | None = None):
    """(state, seat) for every decision of ``deals`` random deals of the game."""
    game = get_game(game_id)
    options = game.make_options(preset)
    for d in range(deals):
        rng = random.Random(f"hints:{game_id}:{preset}:{d}")
        state = game.new_state(None, options, seed=rng.randrange(2**31))
        for _ in range(MAX_STEPS):
            if state.is_over:
                break
            movers = state.to_move()
            for seat in movers:
                yield state, seat
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_moves(seat)
            # half the time follow the hint, so positions the hints lead to are visited too
            h = advice.hint(state.view(seat), legal) if rng.random() < 0.5 else None
            state.apply(h.move if h else legal[rng.randrange(len(legal))], seat)


PRESETS = [(g, p) for g in game_ids() for p in sorted(get_game(g).presets)]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_hint_is_legal(game_id: str) -> None:
    check_hints(game_id, None)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "preset"), PRESETS)
def test_every_hint_is_legal_under_each_preset(game_id: str, preset: str) -> None:
    check_hints(game_id, preset, deals=2)


def check_hints(game_id: str, preset: str | None, deals: int = DEALS) -> None:
    asked = 0
    for state, seat in positions(game_id, deals, preset):
        view = state.view(seat)
        legal = state.legal_moves(seat)
        h = advice.hint(view, legal)
        assert h is not None, f"{game_id}: no hint at {state.moves_text()} for seat {seat}"
        why = state.why_illegal(seat, state.canonical_move(h.move))
        assert why is None, (f"{game_id}: hint {state.move_text(h.move)!r} is illegal ({why}) "
                             f"after {state.moves_text()}")
        assert state.is_legal(state.move_text(h.move), seat), state.move_text(h.move)
        assert h.reason.strip(), f"{game_id}: a hint without a reason"
        asked += 1
    assert asked >= 2 * deals


@pytest.mark.parametrize("game_id", game_ids())
def test_hint_depends_on_the_view_only(game_id: str) -> None:
    """A world resampled for the seat (its hidden cards dealt anew) gets the same hint."""
    rng = random.Random(7)
    for n, (state, seat) in enumerate(positions(game_id, deals=1)):
        if n % 5:
            continue
        other = state.sample_hidden(seat, rng)
        a = advice.hint(state.view(seat), state.legal_moves(seat))
        b = advice.hint(other.view(seat), other.legal_moves(seat))
        assert a == b


# --- warnings before costly moves (item 4) ----------------------------------------------------

def test_shisanzhang_warns_exactly_when_the_arrangement_fouls() -> None:
    """The warning agrees with the engine's own showdown: warned ⇔ scored as fouled (倒水)."""
    from cardtable.bots import make_bot
    from cardtable.games.shisanzhang.arrange import random_split
    from cardtable.games.shisanzhang.state import display_order
    from cardtable.moves import Move
    game = get_game("shisanzhang")
    seen = {True: 0, False: 0}
    for seed in range(24):
        state = game.new_state(seed=seed)
        hand = [int(c) for c in state.hands[0]]
        rows = random_split(hand, random.Random(seed))
        move = Move("arrange", groups=tuple(display_order(r) for r in rows))
        warning = advice.warn(state.view(0), move)
        state.apply(move, 0)
        bot = make_bot("shisanzhang", "auto")
        for s in range(1, state.players):
            state.apply(bot.choose(state.view(s), state.legal_moves(s), random.Random(s)), s)
        fouled = state.view(None)["showdown"][0]["fouled"]
        assert (warning is not None) == fouled, (seed, warning)
        if warning:
            assert "倒水" in warning and "头道" in warning
        seen[fouled] += 1
    assert seen[True] >= 3 and seen[False] >= 3


@pytest.mark.slow
def test_dummy_warns_of_the_penalties_charged_at_the_discard() -> None:
    """Over random positions: a discard warned of O3/O4 is charged O3/O4 by the engine at
    once, and a discard not warned of them is not."""
    game = get_game("dummy")
    charged = 0
    for d in range(8):
        rng = random.Random(f"dummy-warn:{d}")
        state = game.new_state(seed=rng.randrange(2**31))
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            discards = [m for m in legal if m.verb == "discard"]
            view = state.view(seat)
            warned = [m for m in discards if advice.warn(view, m)]
            quiet = [m for m in discards if m not in warned]
            # every warned discard, and one unwarned one, against the engine (clones are slow)
            for m in warned + quiet[:1]:
                warning = advice.warn(view, m) or ""
                trial = state.clone()
                before = len(trial.penalties)
                trial.apply(m, seat)
                rules = {p.rule for p in trial.penalties[before:]}
                assert ("O3" in warning) == ("dummy:O3" in rules), (state.moves_text(), m, warning)
                assert ("O4" in warning) == ("dummy:O4" in rules), (state.moves_text(), m, warning)
                charged += bool(rules & {"dummy:O3", "dummy:O4"})
            h = advice.hint(state.view(seat), legal)
            move = h.move if h and rng.random() < 0.7 else legal[rng.randrange(len(legal))]
            state.apply(move, seat)
    assert charged >= 3


def test_dummy_hint_avoids_a_discard_it_warns_about_when_it_can() -> None:
    game = get_game("dummy")
    checked = 0
    for d in range(6):
        state = game.new_state(seed=100 + d)
        for _ in range(200):
            if state.is_over:
                break
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            view = state.view(seat)
            h = advice.hint(view, legal)
            assert h is not None
            safe = [m for m in legal if m.verb == "discard" and advice.warn(view, m) is None]
            if h.move.verb == "discard" and safe:
                assert advice.warn(view, h.move) is None, (h, safe)
                checked += 1
            state.apply(h.move, seat)
    assert checked >= 10


def _gin_view(hand: str, known: str, opp_size: int = 10) -> dict:
    return {"game": "gin", "seat": 0, "players": 2, "over": False, "phase": "discard",
            "hand": hand.split(), "known": [[], known.split()], "hand_sizes": [11, opp_size],
            "discard": [], "stock": 20, "knock_limit": 10}


def test_gin_warns_of_a_certain_undercut_when_the_whole_hand_is_known() -> None:
    from cardtable.cards import parse_card
    from cardtable.moves import Move
    # after knock K♦: melds A♠2♠3♠, 4♥4♦4♣, 9♣10♣J♣ and deadwood 2♥ = 2
    hand = "A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 9♣ 10♣ J♣ 2♥ K♦"
    knock = Move("knock", (parse_card("K♦"),))
    # the defender: 5♥6♥7♥ 8♠8♦8♥ 10♠J♠Q♠ and A♦ → deadwood 1 ≤ 2: undercut
    w = advice.warn(_gin_view(hand, "5♥ 6♥ 7♥ 8♠ 8♦ 8♥ 10♠ J♠ Q♠ A♦"), knock)
    assert w is not None and "undercut" in w and "1 deadwood" in w
    # the same but the defender keeps K♥ (10): no undercut
    assert advice.warn(_gin_view(hand, "5♥ 6♥ 7♥ 8♠ 8♦ 8♥ 10♠ J♠ Q♠ K♥"), knock) is None
    # 5♣ lays off on nothing, K♥ neither: still no undercut with the whole hand known
    assert advice.warn(_gin_view(hand, "5♥ 6♥ 7♥ 8♠ 8♦ 8♥ 10♠ J♠ K♥ 5♣"), knock) is None
    # the defender's Q♣ lays off on the knocker's 9♣10♣J♣: 3 deadwood left (A♦ 2♦) → 3 > 2
    assert advice.warn(_gin_view(hand, "5♥ 6♥ 7♥ 8♠ 8♦ 8♥ Q♣ A♦ 2♦ K♥"), knock) is None


def test_gin_warns_when_known_cards_meld_or_lay_off_and_not_without_evidence() -> None:
    from cardtable.cards import parse_card
    from cardtable.moves import Move
    hand = "A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 9♣ 10♣ J♣ 9♥ K♦"     # knock K♦: deadwood 9♥ = 9
    knock = Move("knock", (parse_card("K♦"),))
    w = advice.warn(_gin_view(hand, "Q♣"), knock)      # seen taking Q♣: lays off on 9♣10♣J♣
    assert w is not None and "Q♣" in w and "undercut" in w
    assert advice.warn(_gin_view(hand, ""), knock) is None            # nothing known
    assert advice.warn(_gin_view(hand, "K♥"), knock) is None          # known card fits nothing
    gin_hand = "A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 9♣ 10♣ J♣ Q♣ K♦"
    assert advice.warn(_gin_view(gin_hand, "5♥ 6♥ 7♥"), knock) is None   # 0 deadwood: gin, no undercut
    assert advice.warn(_gin_view(hand, "Q♣"), Move("discard", (parse_card("K♦"),))) is None


def test_gin_offer_phase_hint_is_take_or_pass() -> None:
    state = get_game("gin").new_state(seed=3)
    assert state.view(state.to_move()[0])["phase"] == "offer"
    seat = state.to_move()[0]
    h = advice.hint(state.view(seat), state.legal_moves(seat))
    assert h is not None and h.move.verb in ("take", "pass") and "draw" not in h.reason


def _remik_view(next_size: int, next_opened: bool, hand: str = "K♠ 8♥ 2♣") -> dict:
    return {"game": "remik", "seat": 0, "players": 3, "over": False, "phase": "play",
            "hand": hand.split(), "hand_sizes": [3, next_size, 7], "opened": [True, next_opened, False],
            "table": [{"id": "m1", "owner": 1, "kind": "run", "cards": ["5♥", "6♥", "7♥"], "value": 18},
                      {"id": "m2", "owner": 0, "kind": "set", "cards": ["Q♠", "Q♦", "JK=Q♥"], "value": 30}],
            "discard": ["3♦"], "stock": 40, "options": {}}


def test_remik_warns_when_the_discard_hands_the_next_player_the_game() -> None:
    from cardtable.cards import parse_card
    from cardtable.moves import Move
    eight = Move("discard", (parse_card("8♥"),))
    w = advice.warn(_remik_view(1, True), eight)
    assert w is not None and "seat 2" in w and "m1" in w       # seat 1 counted from 1 (issue 26)
    assert advice.warn(_remik_view(2, True), eight) is None        # two cards: not out at once
    assert advice.warn(_remik_view(1, False), eight) is None       # not opened: may not take it
    assert advice.warn(_remik_view(1, True), Move("discard", (parse_card("K♠"),))) is None
    # Q♣ completes the set of queens
    assert advice.warn(_remik_view(1, True, "Q♣ 2♣"), Move("discard", (parse_card("Q♣"),))) is not None
    # a joker fits any meld
    assert advice.warn(_remik_view(1, True, "JK 2♣"), Move("discard", (parse_card("JK"),))) is not None


def test_remik_hint_melds_only_what_the_player_holds() -> None:
    """The old hint suggested an example meld; now every hint is one of the player's moves."""
    from cardtable.cards import parse_card
    state = get_game("remik").new_state(seed=5)
    seat = state.to_move()[0]
    view = state.view(seat)
    h = advice.hint(view, state.legal_moves(seat))
    assert h is not None and state.is_legal(h.move, seat)
    hand = {str(parse_card(c)) for c in view["hand"]}
    named = {str(c) for c in h.move.cards} | {str(c) for g in h.move.groups for c in g}
    assert named <= hand | {"JK"}


def test_wushiyifen_throw_keeps_a_run_and_throws_the_odd_card() -> None:
    """A hand of a one-suit run plus lone cards of other suits: the hint throws a lone card."""
    from cardtable.cards import parse_card
    from cardtable.moves import Move
    hand = ["3♠", "4♠", "5♠", "6♠", "7♠", "9♥", "2♦"]
    view = {"game": "wushiyifen", "seat": 0, "players": 4, "over": False, "phase": "throw",
            "hand": hand, "options": {"nonflush_variant": False}}
    legal = [Move("throw", (parse_card(c),)) for c in hand]
    h = advice.hint(view, legal)
    assert h is not None and str(h.move.cards[0]) in ("9♥", "2♦"), h
    # and with two suits equally long, it keeps both and throws the lone card
    hand2 = ["3♠", "4♠", "5♠", "9♥", "10♥", "J♥", "2♦"]
    view2 = dict(view, hand=hand2)
    h2 = advice.hint(view2, [Move("throw", (parse_card(c),)) for c in hand2])
    assert h2 is not None and str(h2.move.cards[0]) == "2♦", h2
