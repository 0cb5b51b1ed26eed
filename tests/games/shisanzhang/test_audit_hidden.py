"""Audit: hidden information (views, logs, errors, the CLI screen, bots, resampling), bad
input, and the auto-arranger's properties required by issue 4."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots import make_bot
from cardtable.cards import card_str, parse_cards
from cardtable.errors import CardtableError, IllegalMove
from cardtable.games.shisanzhang import GAME
from cardtable.games.shisanzhang.arrange import best_arrangement, objective, random_split
from cardtable.games.shisanzhang.bots import advice
from cardtable.games.shisanzhang.specials import BY_ID, fitting_specials
from cardtable.games.shisanzhang.state import HIDDEN_TEXT, ShisanzhangState
from cardtable.moves import Move

from . import reference as ref

CARD_RE = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def _tokens(text: str) -> set[str]:
    return set(CARD_RE.findall(text))


def _special_rich_deal(rng: random.Random, players: int) -> list[list[str]]:
    """Deals where some seats hold special hands (so declarations are exercised)."""
    deck = list(range(52))
    rng.shuffle(deck)
    if rng.random() < 0.5:
        pairs = rng.sample(range(13), 6)                        # 六对半 for seat 0
        first = [r + 13 * s for r in pairs for s in rng.sample(range(4), 2)]
        first.append(next(c for c in deck if c not in first and c % 13 not in pairs))
        deck = first + [c for c in deck if c not in first]
    return [[card_str(c) for c in deck[13 * s:13 * s + 13]] for s in range(players)]


def _partial_state(seed: int) -> tuple[ShisanzhangState, random.Random]:
    """A deal part-way through: some seats have submitted (rows, fouls or declarations)."""
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    rules = {"auto_declare_special": True} if rng.random() < 0.2 else {}
    state = GAME.new_state(players, GAME.make_options(rules=rules), deal={"hands": _special_rich_deal(rng, players)})
    assert isinstance(state, ShisanzhangState)
    for seat in rng.sample(range(players), rng.randrange(players)):
        legal = state.legal_moves(seat)
        if rng.random() < 0.3 and not state.must_declare(seat):
            state.apply(Move("arrange", groups=tuple(tuple(r) for r in random_split(state.hands[seat], rng))), seat)
        else:
            state.apply(rng.choice(legal), seat)
    return state, rng


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_nothing_of_another_seat_shows_before_the_reveal(seed: int) -> None:
    """§1.3 'all players reveal simultaneously': until the last submission no view, log line,
    hint or error message of a seat names a card outside its own hand."""
    state, rng = _partial_state(seed)
    for viewer in [None, *range(state.players)]:
        own = {card_str(c) for c in state.hands[viewer]} if viewer is not None else set()
        text = json.dumps(state.view(viewer), ensure_ascii=False)
        assert _tokens(text) <= own
        for s, line in zip((s for s, _ in state.history), state.view(viewer)["log"], strict=True):
            if s != viewer:
                assert line == f"{s}: {HIDDEN_TEXT}"     # a declaration reads like rows
        if viewer is None or viewer not in state.to_move():
            continue
        # errors for this seat's own bad moves: only the cards it typed itself
        others = [card_str(c) for c in range(52) if card_str(c) not in own]
        typed = rng.choice(others)
        bad = [f"arrange {typed} " + " ".join(sorted(own)[:2]) + " | " + " ".join(sorted(own)[2:7]) + " | "
               + " ".join(sorted(own)[7:12]), "declare qinglong", "declare nonsense", "arrange | |"]
        for move in bad:
            with pytest.raises(IllegalMove) as e:
                state.apply(move, viewer)
            assert _tokens(str(e.value)) <= own | {typed}


def test_an_error_does_not_tell_whose_card_it_is() -> None:
    """Naming another seat's card and naming an undealt card give the same error."""
    state = GAME.new_state(2, seed=3)
    assert isinstance(state, ShisanzhangState)
    own = [card_str(c) for c in state.hands[0]]
    msgs = []
    for foreign in (state.hands[1][0], state.out_of_play[0]):
        move = f"arrange {card_str(foreign)} {own[1]} {own[2]} | {' '.join(own[3:8])} | {' '.join(own[8:])}"
        with pytest.raises(IllegalMove) as e:
            state.apply(move, 0)
        msgs.append(str(e.value).replace(card_str(foreign), "X"))
    assert msgs[0] == msgs[1] and "first row" in msgs[0] and "not in your hand" in msgs[0]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_sample_hidden_is_sound(seed: int) -> None:
    """The override of sample_hidden: every view of the sampling seat is unchanged, all 52
    cards are in exactly one place, the seat's hand and submission stay, and the others'
    submissions are legal for their new hands."""
    state, rng = _partial_state(seed)
    for viewer in [None, *range(state.players)]:
        sample = state.sample_hidden(viewer, random.Random(seed + 1))
        assert isinstance(sample, ShisanzhangState)
        assert sample.view(viewer) == state.view(viewer)
        places = [c for cs in sample.card_places().values() for c in cs]
        assert sorted(places) == list(range(52))
        assert sample.submissions.count(None) == state.submissions.count(None)
        if viewer is not None:
            assert sample.hands[viewer] == state.hands[viewer]
            assert sample.submissions[viewer] == state.submissions[viewer]
        for s, move in enumerate(sample.submissions):
            if move is not None and move.verb == "arrange":
                assert sorted(c for r in move.groups for c in r) == sorted(sample.hands[s])


def test_sample_hidden_really_moves_the_hidden_cards() -> None:
    state = GAME.new_state(4, seed=9)
    assert isinstance(state, ShisanzhangState)
    sample = state.sample_hidden(0, random.Random(1))
    assert isinstance(sample, ShisanzhangState)
    assert sample.hands[0] == state.hands[0] and sample.hands[1:] != state.hands[1:]


def test_a_resampled_declaration_that_no_longer_fits_is_replaced() -> None:
    """A hidden 六对半 declaration whose cards are dealt anew becomes another legal move."""
    hands = [["2♠", "2♥", "3♠", "3♦", "4♣", "4♥", "5♠", "5♥", "6♣", "6♦", "7♠", "7♥", "K♠"],
             "A♣ A♦ K♣ Q♦ J♣ 10♦ 9♣ 9♦ 8♣ 7♦ 5♦ 3♣ 2♦".split()]
    state = GAME.new_state(2, deal={"hands": hands})
    state.apply("0: declare liuduiban")
    replaced = 0
    for k in range(10):
        sample = state.sample_hidden(1, random.Random(k))
        assert sample.view(1) == state.view(1)
        assert isinstance(sample, ShisanzhangState)
        replaced += sample.submissions[0] != state.submissions[0]
    assert replaced > 0


def test_bots_decide_from_the_seat_view_only() -> None:
    """A bot's move uses only its own cards, and views that agree give the same move."""
    state = GAME.new_state(4, seed=21)
    for name in ("auto", "random_valid", "random"):
        bot = make_bot("shisanzhang", name)
        for seat in range(4):
            view = state.view(seat)
            move = bot.choose(view, state.legal_moves(seat), random.Random(5))
            assert {card_str(c) for r in move.groups for c in r} <= set(view["hand"])
            sample = state.sample_hidden(seat, random.Random(seat))
            again = bot.choose(sample.view(seat), sample.legal_moves(seat), random.Random(5))
            assert again == move


# --- the command line -------------------------------------------------------------------------

CLI = [sys.executable, "-m", "cardtable.cli"]
SPADES = {f"{r}♠" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]}


@pytest.mark.parametrize(("seat", "seed"), [(0, 5), (2, 17)])
def test_the_cli_screen_shows_only_the_own_hand_before_the_reveal(seat: int, seed: int) -> None:
    """`cardtable play shisanzhang --players 4` with piped input that never submits: the whole
    screen (table, hint, move list, help, errors) names no card outside the person's hand."""
    lines = ("?\nt\nm\nhint\narrange 2♠ | x\narrange 2♠ 3♠ 4♠ | 5♠ 6♠ 7♠ 8♠ 9♠ | 10♠ J♠ Q♠ K♠ A♠\n"
             "declare\ndeclare nonsense\n99\n")
    out = subprocess.run([*CLI, "play", "shisanzhang", "--players", "4", "--seed", str(seed), "--seat", str(seat)],
                         input=lines, capture_output=True, text=True, timeout=120, encoding="utf-8")
    text = re.sub(r"discard\s+7♥", "", out.stdout + out.stderr)   # the CLI's generic help example
    hand_line = next(line for line in text.splitlines() if line.startswith("your hand"))
    own = _tokens(hand_line)
    assert len(own) == 13
    assert _tokens(text) <= own | SPADES            # the spades are typed in a bad move above


def test_the_cli_log_hides_submissions_until_the_last() -> None:
    """With a bot on the person's seat too, the other seats' moves read 'submit (hidden)' and
    the rows appear only in the showdown."""
    out = subprocess.run([*CLI, "play", "shisanzhang", "--players", "4", "--seed", "8", "--auto", "--deals", "1"],
                         capture_output=True, text=True, timeout=120, encoding="utf-8")
    text = out.stdout
    before = text.split("The deal is over.")[0]     # the table with the showdown starts so
    assert before.count(HIDDEN_TEXT) == 3
    own = _tokens(next(line for line in text.splitlines() if line.startswith("your hand")))
    assert len(own) == 13 and _tokens(before) <= own


# --- bad input ---------------------------------------------------------------------------------

BAD = [
    ("arrange Q♠ Q♥ | 2♠ 2♥ 2♦ 2♣ 9♦ Q♣ | 3♥ 4♥ 5♥ 6♥ 7♥", "first row"),
    ("arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ | 9♦ 3♥ 4♥ 5♥ 6♥ 7♥", "second row"),
    ("arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥", "third row"),
    ("arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ A♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 7♥", "A♣ in the second row"),
    ("arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ K♦", "K♦ in the third row"),
    ("arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ Q♠", "first row .* and the third row"),
    ("arrange Q♠ Q♥ Q♣ 2♠ 2♥ 2♦ 2♣ 9♦ 3♥ 4♥ 5♥ 6♥ 7♥", "three rows"),
    ("arrange Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 1x", "bad card token '1x'"),
    ("declare nonsense", "unknown special hand 'nonsense'; specials: qinglong .*sanshun"),
    ("declare qinglong", "fits no special"),
    ("pass", "unknown move 'pass'"),
    ("", "empty move"),
]


@pytest.mark.parametrize(("move", "why"), BAD, ids=[w.split()[0] for _, w in BAD])
def test_bad_input_names_the_problem_and_changes_nothing(move: str, why: str) -> None:
    hands = [[c for r in "Q♠ Q♥ Q♣ | 2♠ 2♥ 2♦ 2♣ 9♦ | 3♥ 4♥ 5♥ 6♥ 7♥".split("|") for c in r.split()],
             "J♠ 10♥ 7♦ K♠ K♦ K♣ 8♠ 8♥ A♣ A♦ A♥ 9♠ 9♣".split()]
    state = GAME.new_state(2, deal={"hands": hands})
    before = json.dumps([state.to_json(), [state.view(s) for s in (None, 0, 1)]], ensure_ascii=False)
    with pytest.raises(CardtableError, match=why):
        state.apply("0: " + move)
    assert json.dumps([state.to_json(), [state.view(s) for s in (None, 0, 1)]], ensure_ascii=False) == before


def test_a_declaration_the_hand_does_not_fit_lists_what_it_fits() -> None:
    hands = [["2♠", "2♥", "3♠", "3♦", "4♣", "4♥", "5♠", "5♥", "6♣", "6♦", "7♠", "7♥", "K♠"],
             "A♣ A♦ K♣ Q♦ J♣ 10♦ 9♣ 9♦ 8♣ 7♦ 5♦ 3♣ 2♦".split()]
    state = GAME.new_state(2, deal={"hands": hands})
    with pytest.raises(IllegalMove, match=r"not sanshun \(三顺\); it fits: liuduiban"):
        state.apply("0: declare sanshun")
    with pytest.raises(IllegalMove, match="declare takes only the name"):
        state.apply(Move("declare", cards=(parse_cards("2♠")[0],)), 0)
    with pytest.raises(IllegalMove, match="unknown special"):
        state.apply(Move("declare", target=7), 0)   # type: ignore[arg-type]
    assert state.to_move() == (0, 1)


# --- the auto-arranger (issue 4) ------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_the_advice_never_misses_a_special(seed: int, forced: bool) -> None:
    """'finds a special hand whenever one exists': on hands built to fit specials, the advice
    declares the highest one, or arranges only when its objective beats that special's value;
    under auto_declare_special it always declares."""
    rng = random.Random(seed)
    rules = {"auto_declare_special": forced}
    deal = _special_rich_deal(rng, 2)
    state = GAME.new_state(2, GAME.make_options(rules=rules), deal={"hands": deal})
    assert isinstance(state, ShisanzhangState)
    view = state.view(0)
    move, why = advice(view, state.legal_moves(0))
    fits = ref.specials([int(c) for c in state.hands[0]])
    assert set(view["specials"]) == fits
    if not fits:
        assert move.verb == "arrange"
        return
    top = ref.SPECIAL_POINTS[ref.best(fits)]  # type: ignore[index]
    if move.verb == "declare":
        assert BY_ID[move.target].points == top  # type: ignore[index]
    else:
        assert not forced
        score = objective(*move.groups)
        assert score is not None and score > top and "is available" in why


def test_special_hands_are_found_by_the_advice() -> None:
    """The §1.7 special hands 1–9: the auto bot declares the highest special, unless its best
    arrangement is worth more under its objective (花龙 as two straight flushes, 三个四同 as
    trips + quads + quads), and then the hint says the special is available."""
    bot = make_bot("shisanzhang", "auto")
    declared = 0
    for text in ["SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2", "SA HK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2",
                 "SA HA DA CA SK HK DK CK SQ HQ DQ CQ H2", "SA HA DA SK HK DK SQ HQ DQ SJ HJ DJ C9",
                 "S2 H2 S3 D3 C4 H4 S5 H5 C6 D6 S7 H7 SK", "H2 D2 H5 D5 H9 DJ HK DK H3 D7 H8 DT HQ",
                 "S2 H2 C2 D3 S4 H5 C6 D7 S8 H3 C4 D5 S6", "H2 H5 H9 S2 S6 S8 SJ SK C4 C7 C9 CQ CA",
                 "S3 H4 D5 C3 S4 H5 D6 C7 S8 H9 DT CJ SQ"]:
        hand = [t[1:] + t[0] for t in text.split()]
        mine = set(parse_cards(hand))
        other = [card_str(c) for c in range(52) if c not in mine][::3]
        state = GAME.new_state(2, deal={"hands": [hand, other]})
        top = fitting_specials(list(mine))[0]
        move = bot.choose(state.view(0), state.legal_moves(0), random.Random(0))
        arranged = best_arrangement(list(mine)).score
        if move.verb == "declare":
            declared += 1
            assert move.target == top and BY_ID[top].points >= arranged
        else:
            assert arranged > BY_ID[top].points
            assert "is available" in advice(state.view(0), state.legal_moves(0))[1]
    assert declared >= 5


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_the_arranger_beats_many_random_valid_splits(seed: int, wheel2: bool) -> None:
    """Never fouls, and no random valid split (20 tried) scores more under its objective."""
    rng = random.Random(seed)
    hand = rng.sample(range(52), 13)
    wheel = "second_highest" if wheel2 else "lowest"
    a = best_arrangement(hand, wheel)
    assert not ref.fouls([a.front, a.middle, a.back], wheel2)
    for _ in range(20):
        f, m, b = random_split(hand, rng)
        other = objective(f, m, b, wheel)
        if other is not None:
            assert not ref.fouls([f, m, b], wheel2) and a.score >= other - 1e-9


@pytest.mark.parametrize("wheel", ["lowest", "second_highest"])
def test_the_arranger_is_exact_with_either_wheel(wheel: str) -> None:
    """Branch and bound = the maximum over all 72,072 splits, on a hand holding a wheel
    (A-2-3-4-5) and a straight flush draw, for both `wheel_rank` settings; its bound needs
    every row's EV to grow with the row (checked for both settings)."""
    from itertools import combinations

    from cardtable.games.shisanzhang.arrange import ev_tables
    for table in ev_tables(wheel):
        keys = sorted(table)
        assert all(table[a] <= table[b] + 1e-12 for a, b in zip(keys, keys[1:], strict=False))
    cards = [int(c) for c in parse_cards("A♠ 2♥ 3♦ 4♣ 5♠ 6♠ 7♠ 8♠ 9♥ K♦ K♣ Q♥ 2♣")]
    best = max(o for b in combinations(cards, 5) for rest in [[c for c in cards if c not in b]]
               for m in combinations(rest, 5)
               if (o := objective([c for c in rest if c not in m], m, b, wheel)) is not None)
    assert abs(best_arrangement(cards, wheel).score - best) < 1e-9


def test_sample_hidden_does_not_carry_the_other_seats_true_choice() -> None:
    """Before the reveal, a resampled opponent's submission depends only on its new hand."""
    import random

    import cardtable

    state = cardtable.new_game("shisanzhang", players=2, seed=11)
    hand = sorted(state.deal.hands[1], key=lambda c: (c % 13 + 12) % 13, reverse=True)
    state.apply("1: arrange " + " ".join(map(str, hand[:3])) + " | "
                + " ".join(map(str, hand[3:8])) + " | " + " ".join(map(str, hand[8:])))
    rng = random.Random(3)
    for _ in range(4):
        sample = state.sample_hidden(0, rng)
        fresh = sample.game.start(2, sample.options, sample.deal)
        assert sample.history[0] == (1, fresh.legal_moves(1)[0])
        assert sample.view(0) == state.view(0)
