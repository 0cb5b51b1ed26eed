"""The conformance checks every registered game must pass (run by ``tests/conformance``).

Like PettingZoo's ``api_test`` these run on any game: ``check_game("gin", players=2)``.  Each
seeded random playout checks, at every step, that every card is in exactly one place and that
every legal move applies; at sampled steps, that no secret card shows in any view, that
resampling the hidden cards leaves the view unchanged, that fuzzed illegal moves are rejected
and leave the state untouched, and that a state serialised and replayed is the same state; at
the end, that the deal ended within the move bound and its scores keep the game's sum rule.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .cards import COPY_STRIDE, Card, card_str, parse_card
from .errors import BadCard, CardtableError, IllegalMove
from .game import Game, State
from .moves import Move
from .registry import get_game
from .scoring import totals


@dataclass
class Report:
    game: str
    players: int
    preset: str | None
    playouts: int = 0
    moves: int = 0
    fuzzed: int = 0
    rejected: int = 0
    resampled: int = 0
    serialised: int = 0
    failures: list[str] = field(default_factory=list)


class ConformanceError(AssertionError):
    pass


def _fail(msg: str, seed: int, step: int, state: State) -> ConformanceError:
    tail = state.moves_text()[-8:]
    return ConformanceError(f"[{state.game.id} seed={seed} step={step}] {msg}\n  last moves: {tail}")


def view_tokens(obj: Any) -> Counter[str]:
    """Every card token that appears anywhere in a view (strings that parse as cards)."""
    found: Counter[str] = Counter()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            # a joker's stand-in (remik's ``JK=8♥``) names no physical card
            x = re.sub(r"(?i)\bJK=[^\s\],|]+", "JK", x)
            for tok in x.replace("[", " ").replace("]", " ").replace(",", " ").replace("=", " ").split():
                tok = tok.strip("()|:;.'\"")
                if 2 <= len(tok) <= 3:
                    try:
                        found[card_str(parse_card(tok))] += 1
                    except BadCard:
                        pass
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(obj)
    return found


def snapshot(state: State) -> str:
    return json.dumps([state.to_json(), state.view(None),
                       [state.view(s) for s in range(state.players)]], sort_keys=True, default=str)


def check_conservation(state: State, pack: list[Card]) -> str | None:
    places = state.card_places()
    seen: Counter[int] = Counter()
    for cards in places.values():
        seen.update(int(c) for c in cards)
    dup = [card_str(c) for c, n in seen.items() if n > 1]
    if dup:
        return f"cards in two places: {dup[:6]}"
    want = Counter(int(c) for c in pack)
    if seen != want:
        missing = [card_str(c) for c in (want - seen)]
        extra = [card_str(c) for c in (seen - want)]
        return f"card places differ from the pack: missing {missing[:6]}, unexpected {extra[:6]}"
    return None


def check_secrets(state: State, seat: int | None, rng: random.Random) -> str | None:
    """No secret card in the view, and resampling the secret cards does not change it."""
    view = state.view(seat)
    try:
        json.dumps(view)
    except TypeError as e:
        return f"view({seat}) is not JSON: {e}"
    secret = state.secret_cards(seat)
    secret_bases = Counter(c % COPY_STRIDE for c in secret)
    visible_bases = Counter(c % COPY_STRIDE for cs in state.card_places().values() for c in cs)
    visible_bases.subtract(secret_bases)
    tokens = view_tokens(view)
    for base in secret_bases:
        tok = card_str(base)
        # a token shared by a visible copy (two-pack games) cannot be told apart
        if tokens.get(tok) and visible_bases.get(base, 0) <= 0:
            return f"view({seat}) shows secret card {tok}"
    sample = state.sample_hidden(seat, rng)
    if sample.view(seat) != view:
        a, b = json.dumps(view, sort_keys=True), json.dumps(sample.view(seat), sort_keys=True)
        i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
        return (f"view({seat}) changed when its secret cards were resampled: "
                f"...{a[max(0, i - 60):i + 60]}... vs ...{b[max(0, i - 60):i + 60]}...")
    return None


def check_roundtrip(state: State) -> str | None:
    data = json.loads(json.dumps(state.to_json()))
    again = State.from_json(data)
    if again.to_json() != state.to_json():
        return "to_json → from_json → to_json differs"
    if again.view(None) != state.view(None) or again.scores != state.scores:
        return "a replayed state differs in view or scores"
    for s in range(state.players):
        if again.view(s) != state.view(s):
            return f"a replayed state differs in view({s})"
    return None


def fuzz_moves(state: State, seat: int, legal: list[Move], rng: random.Random,
               pack: list[Card]) -> list[Move | str]:
    """Candidate moves that are mostly illegal: mutated legal moves, wrong cards, junk text."""
    out: list[Move | str] = ["", "xyzzy", "discard", "discard Z9", "take 11♠", "play 1♠ 1♠"]
    verbs = sorted({m.verb for m in legal}) or ["discard"]
    for _ in range(6):
        base = rng.choice(legal) if legal else Move(rng.choice(verbs))
        c = Card(rng.choice(pack))
        kind = rng.randrange(4)
        if kind == 0:
            out.append(Move(base.verb, base.cards + (c,), base.groups, base.target))
        elif kind == 1 and base.cards:
            cards = list(base.cards)
            cards[rng.randrange(len(cards))] = c
            out.append(Move(base.verb, tuple(cards), base.groups, base.target))
        elif kind == 2:
            out.append(Move(rng.choice(verbs), (c,)))
        else:
            out.append(Move(base.verb + "x", base.cards, base.groups, base.target))
    return out


def check_game(game_id: str, players: int | None = None, preset: str | None = None,
               rules: dict[str, Any] | None = None, playouts: int = 50, seed: int = 0,
               max_moves: int | None = None, deep_every: int = 5) -> Report:
    """Run ``playouts`` seeded random deals of one game configuration; raise on a failure.

    ``deep_every``: every n-th playout also runs the costly checks (views, resampling,
    serialisation, fuzzing) at a few random steps; every playout runs the cheap ones.
    """
    game: Game[Any] = get_game(game_id)
    players = players or game.default_players
    options = game.make_options(preset, rules)
    pack = game.pack(players, options)
    bound = max_moves or getattr(game, "move_bound", lambda p, o: 5000)(players, options)
    report = Report(game_id, players, preset)
    for k in range(playouts):
        pseed = seed * 100_003 + k
        rng = random.Random(pseed)
        state = game.new_state(players, options, seed=pseed)
        twin = game.new_state(players, options, seed=pseed)
        if twin.to_json() != state.to_json():
            raise _fail("the same seed dealt two different deals", pseed, 0, state)
        deep = k % deep_every == 0
        deep_steps = set(rng.sample(range(1, 200), 4)) if deep else set()
        step = 0
        while not state.is_over:
            if step >= bound:
                raise _fail(f"the deal did not end within {bound} moves", pseed, step, state)
            err = check_conservation(state, pack)
            if err:
                raise _fail(err, pseed, step, state)
            movers = state.to_move()
            if not movers:
                raise _fail("nobody is to move but the deal is not over", pseed, step, state)
            seat = rng.choice(movers)
            legal = state.legal_moves(seat)
            if not legal:
                raise _fail(f"seat {seat} must move but has no legal move", pseed, step, state)
            if step in deep_steps or step == 0 and deep:
                _deep_checks(state, seat, legal, rng, pack, pseed, step, report)
            move = rng.choice(legal)
            text = state.move_text(move)
            if state.parse_move(text, seat) != move:
                raise _fail(f"move text {text!r} does not parse back to {move}", pseed, step, state)
            try:
                state.apply(move, seat)
            except IllegalMove as e:
                raise _fail(f"legal move {text!r} was rejected: {e.why}", pseed, step, state) from None
            step += 1
            report.moves += 1
        if state.to_move() != ():
            raise _fail("the deal is over but seats are still to move", pseed, step, state)
        err = check_conservation(state, pack)
        if err:
            raise _fail(err, pseed, step, state)
        scores = state.scores
        if scores != totals(state.score_items(), players):
            raise _fail("scores are not the sum of the score items", pseed, step, state)
        bad = game.check_scores(scores)
        if bad:
            raise _fail(bad, pseed, step, state)
        if deep:
            for s in [None, *range(players)]:
                err = check_secrets(state, s, rng)
                if err:
                    raise _fail(err, pseed, step, state)
            err = check_roundtrip(state)
            if err:
                raise _fail(err, pseed, step, state)
            report.serialised += 1
        report.playouts += 1
    return report


def _deep_checks(state: State, seat: int, legal: list[Move], rng: random.Random,
                 pack: list[Card], pseed: int, step: int, report: Report) -> None:
    for s in [None, *range(state.players)]:
        err = check_secrets(state, s, rng)
        if err:
            raise _fail(err, pseed, step, state)
    report.resampled += 1
    err = check_roundtrip(state)
    if err:
        raise _fail(err, pseed, step, state)
    report.serialised += 1
    for m in rng.sample(legal, min(5, len(legal))):
        why = state.why_illegal(seat, m)
        if why is not None:
            raise _fail(f"legal_moves lists {state.move_text(m)!r} but why_illegal says: {why}",
                        pseed, step, state)
    before = snapshot(state)
    for cand in fuzz_moves(state, seat, legal, rng, pack):
        trial = state.clone()
        report.fuzzed += 1
        try:
            trial.apply(cand, seat)
        except CardtableError as e:
            report.rejected += 1
            if not str(e):
                raise _fail(f"move {cand!r} was rejected with an empty message", pseed, step, state) from None
            if snapshot(trial) != before:
                raise _fail(f"rejected move {cand!r} changed the state", pseed, step, state) from None
        else:
            # accepted: then it must have been legal, and the original stays untouched
            if snapshot(state) != before:
                raise _fail("applying to a clone changed the original", pseed, step, state)
    # wrong seat
    others = [s for s in range(state.players) if s not in state.to_move()]
    if others:
        trial = state.clone()
        try:
            trial.apply(legal[0], others[0])
        except IllegalMove:
            if snapshot(trial) != before:
                raise _fail("a move by a seat not to move changed the state", pseed, step, state) from None
        else:
            raise _fail(f"seat {others[0]} moved out of turn", pseed, step, state)
