"""The conformance checks every registered game must pass (run by ``tests/conformance``).

Like PettingZoo's ``api_test`` these run on any game: ``check_game("gin", players=2)``.  Each
seeded random playout checks:

- at every step: every card is in exactly one place (``card_places``), somebody is to move,
  the seat has a legal move, the chosen move's text parses back to it and it applies;
- at a few sampled steps of every n-th playout ("deep" steps): no secret card shows anywhere
  in any view (also inside longer strings), resampling the hidden cards (``sample_hidden``)
  changes neither the view nor the legal moves of the seat and keeps every card in one
  place; ``to_json`` is a valid scenario file that replays to the same state (views, scores,
  seats to move, legal moves); every legal move passes ``why_illegal``, has its own text that
  parses back to it, and a sample of them applies by text (seat-prefixed) keeping the cards
  in place; fuzzed moves (junk text, mutated legal moves, another seat's claim) are either
  rejected with an ``IllegalMove`` that leaves the state unchanged or are one of the listed
  legal moves (or a shorthand for several of them, like sibaifen's ``bury 7♦ 3♦``), and are
  accepted or rejected, for the same reason, in a world resampled for the seat (so trying
  moves tells nothing about hidden cards); a seat not to move cannot move;
- at the end: the deal ended within the move bound, nobody is to move, the scores are the
  sum of the items and keep the game's sum rule, every item's rule reads ``<game>:<label>``,
  the winners are seats, every view shows the scores.

``check_match`` plays the first deals of a few matches: next deal, running totals, end items.
Determinism across processes (hash seeds) is checked by ``tests/conformance/test_determinism``.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .cards import COPY_STRIDE, Card, card_str
from .errors import CardtableError, IllegalMove
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


_CARD_IN_TEXT = re.compile(r"(?<![0-9A-Za-z])(?:(10|[2-9JQKA])([♠♥♦♣])|(BJ|LJ|JK)(?![A-Za-z]))")


def view_tokens(obj: Any) -> Counter[str]:
    """Every card name that appears anywhere in a view, also inside longer strings
    (``"0:A♠"``, ``"7♥-8♥"``).  Views print cards with ``card_str``: symbol suits, jokers
    ``BJ LJ JK``.  A joker's stand-in names no physical card: remik's ``JK=8♥`` in text, and
    the felt picture's ``stand_in`` map, are not counted."""
    found: Counter[str] = Counter()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            # a joker's stand-in (remik's ``JK=8♥``) names no physical card
            x = re.sub(r"(?i)\bJK=[^\s\],|]+", "JK", x)
            for m in _CARD_IN_TEXT.finditer(x):
                found[m.group(3) or m.group(1) + m.group(2)] += 1
        elif isinstance(x, dict):
            for k, v in x.items():
                if k == "stand_in" and isinstance(v, dict):
                    continue
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


def _first_difference(a: Any, b: Any) -> str:
    sa, sb = json.dumps(a, sort_keys=True, default=str), json.dumps(b, sort_keys=True, default=str)
    i = next((k for k in range(min(len(sa), len(sb))) if sa[k] != sb[k]), min(len(sa), len(sb)))
    return f"...{sa[max(0, i - 60):i + 60]}... vs ...{sb[max(0, i - 60):i + 60]}..."


def legal_texts(state: State, seat: int) -> list[str]:
    return [state.move_text(m) for m in state.legal_moves(seat)]


def hidden_tokens(state: State, seat: int | None) -> set[str]:
    """The names of the cards hidden from ``seat`` (a name shared with a copy the seat can
    see, in two-pack games, cannot be told apart and is left out)."""
    secret_bases = Counter(c % COPY_STRIDE for c in state.secret_cards(seat))
    visible_bases = Counter(c % COPY_STRIDE for cs in state.card_places().values() for c in cs)
    visible_bases.subtract(secret_bases)
    return {card_str(b) for b in secret_bases if visible_bases.get(b, 0) <= 0}


def check_secrets(state: State, seat: int | None, rng: random.Random,
                  pack: list[Card] | None = None) -> str | None:
    """No secret card in the view, and resampling the secret cards changes neither the view
    nor (for a seat to move) its legal moves; the sample keeps every card in one place."""
    view = state.view(seat)
    try:
        json.dumps(view)
    except TypeError as e:
        return f"view({seat}) is not JSON: {e}"
    secret = state.secret_cards(seat)
    if len(set(secret)) != len(secret):
        return f"secret_cards({seat}) lists a card twice"
    placed = Counter(int(c) for cs in state.card_places().values() for c in cs)
    stray = [card_str(c) for c in secret if not placed.get(int(c))]
    if stray:
        return f"secret_cards({seat}) lists cards that are nowhere: {stray[:6]}"
    tokens = view_tokens(view)
    for tok in hidden_tokens(state, seat):
        if tokens.get(tok):
            return f"view({seat}) shows secret card {tok}"
    sample = state.sample_hidden(seat, rng)
    if sample.view(seat) != view:
        return (f"view({seat}) changed when its secret cards were resampled: "
                f"{_first_difference(view, sample.view(seat))}")
    if pack is not None:
        err = check_conservation(sample, pack)
        if err:
            return f"a resampled state for seat {seat}: {err}"
    if seat is not None and seat in state.to_move():
        mine, theirs = legal_texts(state, seat), legal_texts(sample, seat)
        if mine != theirs:
            return (f"the legal moves of seat {seat} changed when its secret cards were "
                    f"resampled (they would tell it hidden cards): {_first_difference(mine, theirs)}")
    return None


def check_roundtrip(state: State) -> str | None:
    """``to_json`` is a valid scenario file, and replaying it gives the same state."""
    from .scenario import validate
    data = json.loads(json.dumps(state.to_json()))
    try:
        validate(data)
    except CardtableError as e:
        return f"to_json() is not a valid scenario file: {e}"
    again = State.from_json(data)
    if again.to_json() != state.to_json():
        return "to_json → from_json → to_json differs"
    if again.view(None) != state.view(None) or again.scores != state.scores:
        return "a replayed state differs in view or scores"
    for s in range(state.players):
        if again.view(s) != state.view(s):
            return f"a replayed state differs in view({s})"
    if again.to_move() != state.to_move():
        return f"a replayed state has {again.to_move()} to move, not {state.to_move()}"
    for s in state.to_move():
        if legal_texts(again, s) != legal_texts(state, s):
            return f"a replayed state differs in the legal moves of seat {s}"
    return None


FUZZ_TEXTS = ("", "   ", "xyzzy", "discard", "discard Z9", "take 11♠", "play 1♠ 1♠",
              "play [", "play ]]", "@", "bid -1", "bid 99999999999999999999", "pass pass",
              "meld [A♠ A♠ A♠]", "play 10♥ | | 10♥", "play ♠", "9: pass", "-1: pass",
              "discard 7♥ 7♥ 7♥ 7♥ 7♥", "\t\n", "draw\x00", "play 💥")


def fuzz_moves(state: State, seat: int, legal: list[Move], rng: random.Random,
               pack: list[Card]) -> list[Move | str]:
    """Candidate moves that are mostly illegal: mutated legal moves, wrong cards, junk text."""
    out: list[Move | str] = list(FUZZ_TEXTS)
    verbs = sorted({m.verb for m in legal}) or ["discard"]
    others = [s for s in range(state.players) if s != seat]
    for _ in range(8):
        base = rng.choice(legal) if legal else Move(rng.choice(verbs))
        c = Card(rng.choice(pack))
        kind = rng.randrange(7)
        if kind == 0:
            out.append(Move(base.verb, base.cards + (c,), base.groups, base.target))
        elif kind == 1 and base.cards:
            cards = list(base.cards)
            cards[rng.randrange(len(cards))] = c
            out.append(Move(base.verb, tuple(cards), base.groups, base.target))
        elif kind == 2:
            out.append(Move(rng.choice(verbs), (c,)))
        elif kind == 3 and base.cards:
            # a card named twice
            out.append(Move(base.verb, base.cards + base.cards[:1], base.groups, base.target))
        elif kind == 4:
            # the text of a legal move with a stray card or word after it
            out.append(f"{state.move_text(base)} {rng.choice([card_str(c), 'x', '[', '99'])}")
        elif kind == 5 and others:
            # a legal move's text, claimed by another seat
            out.append(f"{rng.choice(others)}: {state.move_text(base)}")
        else:
            out.append(Move(base.verb + "x", base.cards, base.groups, base.target))
    return out


def check_game(game_id: str, players: int | None = None, preset: str | None = None,
               rules: dict[str, Any] | None = None, playouts: int = 50, seed: int = 0,
               max_moves: int | None = None, deep_every: int = 5) -> Report:
    """Run ``playouts`` seeded random deals of one game configuration; raise on a failure.

    ``deep_every``: every n-th playout also runs the costly checks (views, resampling,
    serialisation, every legal move, fuzzing) at a few random steps; every playout runs the
    cheap ones.
    """
    game: Game[Any] = get_game(game_id)
    players = players or game.default_players
    options = game.make_options(preset, rules)
    pack = game.pack(players, options)
    bound = max_moves or game.move_bound(players, options)
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
            if len(set(movers)) != len(movers) or not all(0 <= s < players for s in movers):
                raise _fail(f"to_move() gives {movers}: seats must be distinct and at the table",
                            pseed, step, state)
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
        err = _check_end(state, pack)
        if err:
            raise _fail(err, pseed, step, state)
        if deep:
            for s in [None, *range(players)]:
                err = check_secrets(state, s, rng, pack)
                if err:
                    raise _fail(err, pseed, step, state)
            err = check_roundtrip(state)
            if err:
                raise _fail(err, pseed, step, state)
            report.serialised += 1
        report.playouts += 1
    return report


def _check_end(state: State, pack: list[Card]) -> str | None:
    """A finished deal: nobody to move, every card placed, scores from the items, the sum
    rule, rule labels ``<game>:<id>``, winners at the table, and the scores in every view."""
    game, players = state.game, state.players
    if state.to_move() != ():
        return "the deal is over but seats are still to move"
    err = check_conservation(state, pack)
    if err:
        return err
    items = state.score_items()
    scores = state.scores
    if scores != totals(items, players):
        return "scores are not the sum of the score items"
    bad = game.check_scores(scores)
    if bad:
        return bad
    for it in items:
        if not 0 <= it.seat < players:
            return f"score item {it} is for a seat not at the table"
        if not isinstance(it.points, int) or isinstance(it.points, bool):
            return f"score item {it} has points that are not a whole number"
        if not it.rule.startswith(game.id + ":") or len(it.rule) == len(game.id) + 1:
            return f"score item rule {it.rule!r} is not '{game.id}:<spec label>'"
    if not all(0 <= s < players for s in state.winners()):
        return f"winners() gives {state.winners()}: not seats at the table"
    for s in [None, *range(players)]:
        if state.view(s).get("scores") != scores:
            return f"view({s}) of a finished deal does not show the scores {scores}"
    return None


def _deep_checks(state: State, seat: int, legal: list[Move], rng: random.Random,
                 pack: list[Card], pseed: int, step: int, report: Report) -> None:
    for s in [None, *range(state.players)]:
        err = check_secrets(state, s, rng, pack)
        if err:
            raise _fail(err, pseed, step, state)
    report.resampled += 1
    err = check_roundtrip(state)
    if err:
        raise _fail(err, pseed, step, state)
    report.serialised += 1
    # every legal move: accepted by why_illegal, its text names it alone and parses back
    texts: dict[str, Move] = {}
    for m in legal[:400]:
        why = state.why_illegal(seat, m)
        if why is not None:
            raise _fail(f"legal_moves lists {state.move_text(m)!r} but why_illegal says: {why}",
                        pseed, step, state)
        text = state.move_text(m)
        if text in texts:
            raise _fail(f"two different legal moves read {text!r}: {texts[text]} and {m}",
                        pseed, step, state)
        texts[text] = m
        if state.parse_move(text, seat) != m:
            raise _fail(f"move text {text!r} does not parse back to {m}", pseed, step, state)
    loose = {_loose(m) for m in legal}
    before = snapshot(state)
    # a sample of legal moves applies (by text, seat first, as a scenario file writes it)
    for m in rng.sample(legal, min(8, len(legal))):
        trial = state.clone()
        text = f"{seat}: {state.move_text(m)}"
        try:
            trial.apply(text)
        except IllegalMove as e:
            raise _fail(f"legal move {text!r} was rejected: {e.why}", pseed, step, state) from None
        err = check_conservation(trial, pack)
        if err:
            raise _fail(f"after legal move {text!r}: {err}", pseed, step, state)
    if snapshot(state) != before:
        raise _fail("applying moves to a clone changed the original", pseed, step, state)
    # the same tries in a world resampled for this seat: whether a move is accepted, and
    # the reason it is not, must not depend on the cards the seat cannot see
    world = state.sample_hidden(seat, rng)
    for cand in fuzz_moves(state, seat, legal, rng, pack):
        trial = state.clone()
        report.fuzzed += 1
        try:
            played = trial.apply(cand, seat)
        except IllegalMove as e:
            report.rejected += 1
            if not e.why.strip():
                raise _fail(f"move {cand!r} was rejected with an empty reason", pseed, step, state) from None
            try:
                world.clone().apply(cand, seat)
            except IllegalMove as e2:
                if e2.why != e.why:
                    raise _fail(f"the reason for rejecting {cand!r} depends on cards hidden from "
                                f"seat {seat}: {e.why!r} here, {e2.why!r} in a resampled world",
                                pseed, step, state) from None
            else:
                raise _fail(f"{cand!r} is rejected here but accepted in a world resampled for "
                            f"seat {seat} (trying it tells hidden cards): {e.why}",
                            pseed, step, state) from None
            if snapshot(trial) != before:
                raise _fail(f"rejected move {cand!r} changed the state", pseed, step, state) from None
        except Exception as e:
            raise _fail(f"move {cand!r} raised {type(e).__name__}: {e} (bad input must raise "
                        "IllegalMove with the reason)", pseed, step, state) from None
        else:
            # accepted: then it is one of the legal moves (its cards perhaps written in another
            # order), or a shorthand for several listed one-card moves of the same verb
            # (sibaifen's 'bury 7♦ 3♦'), which must leave a sound state; the original stays
            # untouched
            try:
                world.clone().apply(cand, seat)
            except IllegalMove as e:
                raise _fail(f"{cand!r} is accepted here but rejected in a world resampled for "
                            f"seat {seat} (trying it tells hidden cards): {e.why}",
                            pseed, step, state) from None
            if state.move_text(played) not in texts and _loose(played) not in loose:
                parts = [_loose(Move(played.verb, (c,))) for c in played.cards]
                if played.groups or len(parts) < 2 or not all(p in loose for p in parts):
                    raise _fail(f"move {cand!r} was accepted as {state.move_text(played)!r}, "
                                "which legal_moves does not list", pseed, step, state)
                err = check_conservation(trial, pack) or check_roundtrip(trial)
                if err:
                    raise _fail(f"after the shorthand move {cand!r}: {err}", pseed, step, state)
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


def _loose(m: Move) -> tuple[Any, ...]:
    """A move up to the order of its cards and groups."""
    return (m.verb, tuple(sorted(m.cards)), tuple(sorted(tuple(sorted(g)) for g in m.groups)),
            m.target)


def check_match(game_id: str, players: int | None = None, preset: str | None = None,
                rules: dict[str, Any] | None = None, matches: int = 2, deals: int = 3,
                seed: int = 0) -> int:
    """Play the first ``deals`` deals of ``matches`` seeded matches at random; check the
    match bookkeeping (next deal, running totals, end items, winners).  Returns the number
    of deals played."""
    from .match import Match
    game: Game[Any] = get_game(game_id)
    players = players or game.default_players
    options = game.make_options(preset, rules)
    pack = game.pack(players, options)
    bound = max(game.move_bound(players, options), 1)
    played = 0
    for k in range(matches):
        mseed = seed * 7919 + k
        rng = random.Random(mseed)
        match = Match(game, players, options, seed=mseed)
        for _ in range(deals):
            state = match.state
            steps = 0
            while not state.is_over:
                if steps >= bound:
                    raise _fail(f"a match deal did not end within {bound} moves", mseed, steps, state)
                seat = rng.choice(state.to_move())
                state.apply(rng.choice(state.legal_moves(seat)), seat)
                steps += 1
            played += 1
            end = match.finish_deal()
            recorded = len(match.deals)
            if match.finish_deal() is not end or len(match.deals) != recorded \
                    or match.deals[-1] is not state:
                raise _fail("finish_deal does not record the deal exactly once", mseed, steps, state)
            want = [sum(d.scores[s] for d in match.deals) for s in range(players)]
            if match.deal_totals != want:
                raise _fail(f"match deal_totals {match.deal_totals} are not the sum of the deals' "
                            f"scores {want}", mseed, steps, state)
            if end is not None:
                bonus = totals(end.items, players)
                if match.totals != [a + b for a, b in zip(want, bonus, strict=True)]:
                    raise _fail("match totals are not deal totals plus end-of-match items",
                                mseed, steps, state)
                if not all(0 <= s < players for s in end.winners):
                    raise _fail(f"match winners {end.winners} are not seats", mseed, steps, state)
                for it in end.items:
                    if not it.rule.startswith(game.id + ":"):
                        raise _fail(f"end-of-match item rule {it.rule!r} is not "
                                    f"'{game.id}:<label>'", mseed, steps, state)
                break
            nxt = match.next_deal()
            err = check_conservation(nxt, pack)
            if err:
                raise _fail(f"next deal of a match: {err}", mseed, 0, nxt)
    return played
