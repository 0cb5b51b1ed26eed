"""Item 8 of issue 9: cards typed as people write them — suit first as well as rank first.

Every card of the pack in every written form reads as that card; no token has two readings;
the older forms, jokers and the games' own notations (Remik's ``JK=8♥``, the sevens'
positions) are unchanged; a suit-first card works wherever a move names a card.
"""

from __future__ import annotations

import pytest

from cardtable.cards import JK, RANKS, SUITS, card_str, make_card, parse_card
from cardtable.errors import BadCard
from cardtable.registry import new_game
from cardtable.suitchains import parse_position

LETTERS = "shdc"
RANK_FORMS = {r: [r, r.lower()] + (["T", "t"] if r == "10" else []) for r in RANKS}


def forms(rank: int, suit: int) -> list[str]:
    """Every way to write the card: rank first and suit first, symbol or letter in either case."""
    out = []
    for r in RANK_FORMS[RANKS[rank - 1]]:
        for s in (SUITS[suit], LETTERS[suit], LETTERS[suit].upper()):
            out += [r + s, s + r]
    return out


@pytest.mark.parametrize("suit", range(4))
def test_every_card_in_every_form(suit: int) -> None:
    for rank in range(1, 14):
        want = make_card(rank, suit)
        for token in forms(rank, suit):
            assert parse_card(token) == want, token
            assert card_str(parse_card(token)) == card_str(want)


def test_the_forms_of_the_issue() -> None:
    assert [card_str(parse_card(t)) for t in ("♠8", "s8", "HJ", "SA", "♥10", "cT", "D2")] == \
        ["8♠", "8♠", "J♥", "A♠", "10♥", "10♣", "2♦"]


def test_no_token_has_two_readings() -> None:
    """No rank letter is a suit letter, so a two-way token cannot exist: check it over every
    rank token x suit token pair, both orders."""
    rank_tokens = {t for ts in RANK_FORMS.values() for t in ts}
    suit_tokens = set(SUITS) | set(LETTERS) | set(LETTERS.upper())
    assert not {t.upper() for t in rank_tokens} & {t.upper() for t in suit_tokens}
    for r in rank_tokens:
        for s in suit_tokens:
            assert parse_card(r + s) == parse_card(s + r)


@pytest.mark.parametrize(("token", "printed"), [("BJ", "BJ"), ("lj", "LJ"), ("JK", "JK"), ("jk", "JK"),
                                                ("♥️Q", "Q♥"), ("  s8 ", "8♠")])
def test_jokers_and_lenient_forms(token: str, printed: str) -> None:
    assert card_str(parse_card(token)) == printed


@pytest.mark.parametrize("token", ["♠1", "s11", "SS", "H", "x8", "8x", "♠♠", "hh8", "swap"])
def test_bad_tokens_still_fail_naming_the_token(token: str) -> None:
    with pytest.raises(BadCard) as e:
        parse_card(token)
    assert repr(token) in str(e.value)


def test_the_unknown_suit_message_shows_both_orders() -> None:
    with pytest.raises(BadCard, match="before or after the rank"):
        parse_card("10x")


def test_remik_joker_faces_and_sevens_positions_unchanged() -> None:
    from cardtable.games.remik.notation import parse_face
    assert parse_face("JK=♥9") == (JK, int(parse_card("9♥")))
    assert parse_face("JK=9h") == (JK, int(parse_card("9♥")))
    assert parse_face("♦K") == (int(parse_card("K♦")),) * 2
    assert parse_position("♦8") == parse_position("D8") == parse_position("8♦") == int(parse_card("8♦"))


def test_suit_first_in_moves_of_several_games() -> None:
    """A move typed suit first is the same move as rank first (parse, then is_legal)."""
    for game_id in ("gin", "dummy", "remik", "jianshisifen", "bieqi", "zuihoushengli"):
        state = new_game(game_id, seed=11)
        checked = 0
        for _ in range(60):
            if state.is_over:
                break
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            with_card = [m for m in legal if m.cards and not m.groups and all(not c.is_joker for c in m.cards)]
            for m in with_card[:3]:
                text = state.move_text(m)
                flipped = " ".join(_flip(w) for w in text.split())
                assert flipped != text
                assert state.parse_move(flipped, seat) == state.parse_move(text, seat), (game_id, flipped)
                assert state.is_legal(flipped, seat)
                checked += 1
            state.apply(legal[0], seat)
        assert checked >= 3, game_id


def _flip(word: str) -> str:
    """``8♠`` → ``s8`` (suit first, letter); other words unchanged."""
    try:
        c = parse_card(word)
    except BadCard:
        return word
    if c.is_joker or word[-1] not in SUITS:
        return word
    return LETTERS[c.suit] + word[:-1]
