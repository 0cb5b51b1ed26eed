"""Audit of 憋7: an independent reference of the legal moves and the result (written from
bieqi.md §4.3–§4.7 only, on card strings), compared with the engine over whole random deals;
hidden information of lends; soundness and secrecy of the forced_worst resampling."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import card_str, parse_card
from cardtable.registry import new_game

from .helpers import new

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def split(tok: str) -> tuple[int, str]:
    """'10♦' -> (10, '♦'); ranks 1..13 (A=1)."""
    return RANKS.index(tok[:-1]) + 1, tok[-1]


class Ref:
    """The deal followed move by move from the spec text alone (no engine helpers)."""

    def __init__(self, hands: list[list[str]], rules: dict[str, Any]) -> None:
        self.hands = [set(h) for h in hands]
        self.rules = rules
        self.table: dict[str, set[int]] = {}       # suit -> ranks on the table
        self.dead: str | None = None               # 活王: the position the joker took
        self.joker = next(c for h in hands for c in h if c in ("BJ", "LJ"))
        self.started = False
        self.lender: int | None = None
        self.n = len(hands)

    def natural(self, seat: int) -> set[str]:
        if not self.started:
            return {"7♠"} & self.hands[seat]
        return {c for c in self.hands[seat] if c != self.joker and c != self.dead_card()
                and self.position_ok(c)}

    def position_ok(self, pos: str) -> bool:
        """§4.3: a 7 of a suit not on the table, or one above the top / below the bottom."""
        r, s = split(pos)
        if s not in self.table:
            return r == 7
        return r in (max(self.table[s]) + 1, min(self.table[s]) - 1) and 1 <= r <= 13

    def dead_card(self) -> str:
        return self.dead if self.dead is not None else self.joker

    def positions(self) -> set[str]:
        """§4.7 Decision: any position legal now, never before the opening 7♠."""
        if not self.started:
            return set()
        return {f"{r}{s}" for s in "♠♥♦♣" for r in RANKS if self.position_ok(f"{r}{s}")}

    def legal(self, seat: int) -> set[str]:
        if self.lender is not None:
            hand = self.hands[seat]
            if not hand:
                return {"lend"}
            if self.rules.get("lend_policy") == "forced_worst":
                if self.joker in hand:
                    return {f"lend {self.joker}"}
                far = max(abs(split(c)[0] - 7) for c in hand)
                return {f"lend {c}" for c in hand if abs(split(c)[0] - 7) == far}
            return {f"lend {c}" for c in hand}
        out = {f"play {c}" for c in self.natural(seat)}
        joker_plays = set()
        if self.rules.get("live_joker") and self.dead is None and self.joker in self.hands[seat]:
            joker_plays = {f"play {self.joker} for {p[-1]}{p[:-1]}" for p in self.positions()}
        out |= joker_plays
        if not self.has_play(seat) or self.rules.get("illegal_borrow") == "allow_and_penalise":
            out.add("borrow")
        return out

    def has_play(self, seat: int) -> bool:
        """§4.3/§4.7: a natural legal card, or the live joker (if it counts) with a position."""
        if self.natural(seat):
            return True
        return bool(self.rules.get("live_joker") and self.rules.get("live_joker_counts_as_playable", True)
                    and self.dead is None and self.joker in self.hands[seat] and self.positions())

    def apply(self, seat: int, text: str) -> tuple[list[int], list[int]] | None:
        """Carry out a move; the deal's result (winners, losers) when it ends."""
        w = text.split()
        if w[0] == "borrow":
            if self.has_play(seat):
                # deliberate borrow: the offender loses (§4.4, seed 判为失败)
                others = [s for s in range(self.n) if s != seat]
                return (others if self.rules.get("illegal_borrow_others_win") else [], [seat])
            self.lender = (seat - 1) % self.n
            return None
        if w[0] == "lend":
            borrower = (seat + 1) % self.n
            if len(w) == 2:
                self.hands[seat].discard(w[1])
                self.hands[borrower].add(w[1])
            self.lender = None
            if not self.hands[seat] and self.rules.get("out_by_lending_wins", True):
                return self.result(seat)
            return None
        card = w[1]
        pos = card
        if len(w) == 4:
            pos = w[3][1:] + w[3][0]
            self.dead = pos
        self.hands[seat].discard(card)
        r, s = split(pos)
        self.table.setdefault(s, set()).add(r)
        self.started = True
        if not self.hands[seat]:
            return self.result(seat)
        return None

    def result(self, winner: int) -> tuple[list[int], list[int]]:
        """§4.5: the first out wins; the holder of the dead card loses."""
        dead = self.dead_card()
        return [winner], [s for s in range(self.n) if dead in self.hands[s]]


CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (3, {"live_joker": True}),
    (2, {"lend_policy": "forced_worst"}),
    (5, {"live_joker": True, "live_joker_counts_as_playable": False, "joker": "LJ"}),
    (4, {"illegal_borrow": "allow_and_penalise", "lend_policy": "forced_worst"}),
    (3, {"out_by_lending_wins": False, "live_joker": True}),
    (6, {}),
]


@pytest.mark.parametrize(("players", "rules"), CONFIGS)
def test_engine_matches_reference_on_random_deals(players: int, rules: dict[str, Any]) -> None:
    rng = random.Random(players * 1000 + len(rules))
    for g in range(12):
        state = new_game("bieqi", players, seed=g * 7 + players, rules=rules)
        ref = Ref([[card_str(c) for c in h] for h in state.deal.hands], rules)
        result = None
        while not state.is_over:
            (seat,) = state.to_move()
            engine = {state.move_text(m) for m in state.legal_moves(seat)}
            assert engine == ref.legal(seat), (g, state.moves_text())
            move = rng.choice(sorted(engine))
            state.apply(move, seat)
            result = ref.apply(seat, move)
            if result is not None:
                break
        if len(state.history) < state.options.max_turns:
            assert state.is_over and result is not None, state.moves_text()
            assert state.winners() == result[0]
            assert state.view(None)["losers"] == result[1]


def test_lent_card_stays_hidden_from_a_third_seat_after_it_is_played() -> None:
    """§4.4 lending is between 上家 and 下家: a third seat that later sees the borrower play a
    card cannot tell it was the borrowed one, so the log keeps the lend anonymous for him."""
    state = new({0: "7S 8S 4H", 1: "2C"}, 2, players=3)
    for mv in ("play 7♠", "borrow", "lend 8♠", "play 7♥", "borrow"):
        state.apply(mv)
    lend2 = next(m for m in state.legal_moves() if m.verb == "lend")
    state.apply(lend2)
    state.apply("play 8♠")                                    # seat 1 plays the borrowed card
    assert state.view(2)["log"][2] == "0: lend (a card)"
    assert state.view(None)["log"][2] == "0: lend (a card)"
    assert state.view(1)["log"][2] == "0: lend 8♠"           # the borrower
    assert state.view(0)["log"][2] == "0: lend 8♠"           # the lender
    assert state.view(1)["log"][5].endswith("lend (a card)")  # seat 1 was not party to it


def _forced_joker_lend() -> Any:
    state = new({0: "7S BJ KH 5D 4C", 1: "2C 3C", 2: "8S 9H"}, 3,
                rules={"lend_policy": "forced_worst"})
    for mv in ("play 7♠", "borrow", "lend BJ"):
        state.apply(mv)
    return state


def test_forced_worst_resampling_does_not_carry_the_lent_card() -> None:
    """§4.4 forced_worst: a third seat only knows that the lent card was a worst card of the
    lender's hand.  The samples must not all put the true lent card (the joker) in the
    borrower's hand, nor keep the lender's distance-from-7 classes."""
    state = _forced_joker_lend()
    rng = random.Random(5)
    joker_with_borrower = 0
    lender_classes: set[tuple[int, ...]] = set()
    samples = 40
    bj = parse_card("BJ")
    for _ in range(samples):
        w = state.sample_hidden(2, rng)
        assert w.view(2) == state.view(2)
        joker_with_borrower += bj in w.card_places()["hand1"]
        lender_classes.add(tuple(sorted(abs(c % 13 - 6) for c in w.card_places()["hand0"])))
        # consistency: the lend replayed legally, and the borrower had nothing to play
        lend = w.history[2][1]
        assert w.history[2][1].verb == "lend"
        hand0 = [c for c in w.deal.hands[0] if c != parse_card("7♠")]
        worst = 7 if bj in hand0 else max(abs(c % 13 - 6) for c in hand0)
        lent = lend.cards[0]
        assert (7 if lent == bj else abs(lent % 13 - 6)) == worst
    assert 0 < joker_with_borrower < samples
    assert len(lender_classes) > 1


def test_forced_worst_resampling_keeps_what_the_parties_know() -> None:
    """Lender and borrower both know the joker is in the borrower's hand: their samples keep
    it there."""
    state = _forced_joker_lend()
    rng = random.Random(6)
    for seat in (0, 1):
        for _ in range(10):
            w = state.sample_hidden(seat, rng)
            assert w.view(seat) == state.view(seat)
            assert parse_card("BJ") in w.card_places()["hand1"]


def test_forced_worst_known_class_bounds_the_lenders_other_cards() -> None:
    """The borrower got K♥ (distance 6) by a forced lend: in his samples the lender holds no
    joker (it would have had to be lent) — the joker is elsewhere."""
    state = new({0: "7S KH 5D 4C", 1: "2C 3C", 2: "8S 9H"}, 3,
                rules={"lend_policy": "forced_worst"})
    for mv in ("play 7♠", "borrow", "lend K♥"):
        state.apply(mv)
    rng = random.Random(7)
    for _ in range(20):
        w = state.sample_hidden(1, rng)
        assert parse_card("BJ") not in w.deal.hands[0]
        assert w.view(1) == state.view(1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_forced_worst_resampling_on_random_deals(players: int) -> None:
    """Every sample replays legally (the replay re-checks each forced lend and each borrow)
    and looks the same to the seat; the cards are conserved."""
    rng = random.Random(players)
    rules = {"lend_policy": "forced_worst", "live_joker": players == 3}
    for g in range(4):
        state = new_game("bieqi", players, seed=100 + g, rules=rules)
        while not state.is_over and len(state.history) < 80:
            state.apply(rng.choice(state.legal_moves()))
        for seat in range(players):
            w = state.sample_hidden(seat, rng)
            assert w.view(seat) == state.view(seat)
            assert sorted(c for v in w.card_places().values() for c in v) == \
                sorted(c for v in state.card_places().values() for c in v)


def test_resampling_does_not_tell_which_card_was_lent() -> None:
    """§4.4: seat 0 lends a card to seat 1 out of seat 2's sight; seat 1 later plays 9♠.
    Seat 2 cannot tell whether 9♠ was the lent card or one of seat 1's own (it was not
    playable when seat 1 borrowed), so its samples must put 9♠ in either dealt hand."""
    state = new({0: "7S 9S 4H", 1: "2C 3C", 2: "8S 2D 3D"}, 3)
    for mv in ("play 7♠", "borrow", "lend 9♠", "play 8♠", "play 6♠", "borrow", "lend K♣",
               "play 9♠"):
        state.apply(mv)
    rng = random.Random(8)
    origin = {0: 0, 1: 0}
    s9 = parse_card("9♠")
    for seat in (2, None):
        for _ in range(30):
            w = state.sample_hidden(seat, rng)
            assert w.view(seat) == state.view(seat)
            for s in (0, 1):
                origin[s] += s9 in w.deal.hands[s]
            # seat 1 never held a playable card when it borrowed
            assert not {parse_card(t) for t in ("6♠", "8♠", "7♥", "7♦", "7♣")} & set(w.deal.hands[1])
    assert origin[0] > 0 and origin[1] > 0
    # the parties know: their samples keep 9♠ coming from seat 0
    for seat in (0, 1):
        for _ in range(10):
            assert s9 in state.sample_hidden(seat, rng).deal.hands[0]
