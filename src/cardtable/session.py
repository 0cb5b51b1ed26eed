"""A played match as moves: save it, resume it, take moves back.

A match is determined by (game, players, options, seed, moves): the shuffles come from the seed
and the bots' choices from seeds derived from the match seed and the position
(:func:`bot_rng`).  So the saved file only needs the moves that stood, resuming is replaying
them, and undo is replaying all but the last few — the rebuilt match is exactly the one that
was being played, and the bots answer the same position the same way.

Undo never reaches back past a move that showed the person something hidden
(:func:`reveal_floor`): a card they drew, a hand laid open, the others' simultaneous
decisions (十三张's showdown), the end of a deal.  Taking such a move back would let the
person play the same position again knowing what they were not meant to know.

The file is a scenario match file (``shared/contracts/scenario.md``, the ``deals`` form) with
one more key, ``play``: ``{"seed", "seat", "bots", "auto", "deals"}``, the session's settings.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from .errors import CardtableError, ScenarioError
from .game import Game, State
from .match import Match
from .moves import Move
from .options import Options

#: the moves of each deal of a match, in order: (seat, move) as in ``State.history``
Kept = list[list[tuple[int, Move]]]


def bot_rng(seed: int, deal: int, move: int, seat: int) -> random.Random:
    """The generator a bot gets for move number ``move`` of deal ``deal`` (0-based): the same
    position always gets the same generator, whatever happened before (undo, resume)."""
    return random.Random(f"cardtable-play:{seed}:{deal}:{move}:{seat}")


def kept_moves(match: Match) -> Kept:
    """Every deal's history so far (the current deal last, unless it is already recorded)."""
    states = list(match.deals)
    if match.state not in states:
        states.append(match.state)
    return [list(s.history) for s in states]


def rebuild(game: Game[Any], players: int, options: Options, seed: int, kept: Kept) -> Match:
    """The match with ``seed`` after the moves ``kept`` (one list per deal)."""
    match = Match(game, players, options, seed=seed)
    for i, history in enumerate(kept):
        if i > 0:
            match.next_deal()
        for seat, move in history:
            match.state.apply(move, seat)
    return match


def steps(final: State) -> Iterator[tuple[State, int, Move]]:
    """Walk the deal ``final`` move by move: yields (the state after the move, its seat, the
    move), the state rebuilt from the deal (one object, advanced in place)."""
    state = final.game.start(final.players, final.options, final.deal)
    for seat, move in final.history:
        state.apply(move, seat)
        yield state, seat, move


def take_back(kept: Kept, seat: int, floor: tuple[int, int] = (0, 0)) -> Kept | None:
    """``kept`` without ``seat``'s last move and everything after it; None if ``seat`` has
    not moved (at or after ``floor``: a (deal, move) place that must stand, see
    :func:`reveal_floor`).  A deal emptied by this stays (as the fresh deal it was)."""
    for d in range(len(kept) - 1, floor[0] - 1, -1):
        for j in range(len(kept[d]) - 1, (floor[1] if d == floor[0] else 0) - 1, -1):
            if kept[d][j][0] == seat:
                return [list(h) for h in kept[:d]] + [list(kept[d][:j])]
    return None


def _move_cards(move: Move) -> set[int]:
    return {int(c) for c in move.cards} | {int(c) for g in move.groups for c in g}


def revealed_moves(final: State, seat: int) -> int:
    """How many moves of the deal ``final`` stand for good for ``seat``: all moves up to the
    last one that showed ``seat`` something hidden from it (0: none did).  A move shows
    something hidden when

    - it ends the deal (the hands and the scores are shown);
    - it completes a round of simultaneous decisions ``seat`` took part in (the others'
      choices are revealed: 十三张's showdown, hidden bids);
    - it is ``seat``'s own and lets ``seat`` place a card it could not before (a card drawn
      from the stock), or another seat's that shows ``seat`` more than the cards the move
      itself plays face up (a knock that lays a hand open).

    A card another seat plays face up from its hand (a discard, a card to a trick) is not a
    reveal: it is what that seat answered, and the same position gets the same answer."""
    state = final.game.start(final.players, final.options, final.deal)
    last = 0
    round_seats: set[int] = set()       # the seats of a round of simultaneous decisions
    round_moved: set[int] = set()
    for k, (mover, move) in enumerate(final.history):
        movers = state.to_move()
        if len(movers) > 1:
            round_seats |= set(movers)
        before = set(state.secret_cards(seat))
        state.apply(move, mover)
        shown = before - set(state.secret_cards(seat))
        revealed = state.is_over
        if round_seats and mover in round_seats:
            round_moved.add(mover)
            if round_moved >= round_seats or state.is_over:
                revealed = revealed or seat in round_seats
                round_seats, round_moved = set(), set()
        if shown and (mover == seat or not shown <= _move_cards(move)):
            revealed = True
        if revealed:
            last = k + 1
    return last


def reveal_floor(match: Match, seat: int) -> tuple[int, int]:
    """The earliest (deal, move) place an undo of ``seat`` may go back to: the deals before
    the current one are over (their end showed everything), and in the current deal the
    moves up to the last reveal to ``seat`` stand (:func:`revealed_moves`)."""
    kept = kept_moves(match)
    current = len(kept) - 1
    return current, revealed_moves(match.state, seat)


def save_data(match: Match, play: dict[str, Any]) -> dict[str, Any]:
    """The match so far as a scenario match file with the session's settings under ``play``."""
    states = list(match.deals)
    if match.state not in states:
        states.append(match.state)
    return {"game": match.game.id, "players": match.players, "rules": match.options.diff(),
            "deals": [{"deal": s.deal.to_json(), "moves": s.moves_text()} for s in states],
            "play": dict(play)}


def load_data(data: dict[str, Any]) -> tuple[Match, dict[str, Any]]:
    """Rebuild the match a saved file describes; returns it and the file's ``play`` settings.

    Raises ScenarioError naming the field when the file cannot be resumed."""
    from .registry import get_game
    from .scenario import validate
    validate(data)
    play = data.get("play")
    if not isinstance(play, dict) or not isinstance(play.get("seed"), int) or isinstance(play.get("seed"), bool):
        raise ScenarioError("play.seed", "is needed to resume a match (files written by "
                            "'cardtable play --save' have it)")
    if "deals" not in data:
        raise ScenarioError("deals", "a resumable file lists the match's deals")
    game = get_game(data["game"])
    options = game.make_options(data.get("preset"), data.get("rules"))
    seed = int(play["seed"])
    match = Match(game, data["players"], options, seed=seed)
    for i, entry in enumerate(data["deals"]):
        if i > 0:
            if not match.state.is_over:
                raise ScenarioError(f"deals[{i}]", f"deal {i} is not over, so no deal can follow it")
            try:
                match.next_deal()
            except CardtableError as e:
                raise ScenarioError(f"deals[{i}]", str(e)) from None
        if "deal" in entry:
            want = game.parse_deal(entry["deal"], match.players, options, f"deals[{i}].deal")
            if match.state.deal.to_json() != want.to_json():
                raise ScenarioError(f"deals[{i}].deal", f"is not the deal that seed {seed} shuffles; "
                                    "the file was edited or made with another version")
        _replay_moves(match.state, entry.get("moves", []), i)
    return match, play


def _replay_moves(state: State, moves: list[str], deal: int) -> None:
    for j, text in enumerate(moves):
        try:
            state.apply(text)
        except CardtableError as e:
            raise ScenarioError(f"deals[{deal}].moves[{j}]", f"{text!r}: {e}") from None


__all__ = ["Kept", "bot_rng", "kept_moves", "load_data", "rebuild", "reveal_floor", "revealed_moves", "save_data",
           "steps", "take_back"]
