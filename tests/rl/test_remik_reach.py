"""Remik through the codec reaches every legal move of the engine, not just the bounded
``legal_moves()`` list: multi-card lay-offs, melds and openings with several jokers, a joker
played in place of a held card.  Checked against a brute force over small moves that shares
no code with ``reach.py``, and by playing such moves through the mask."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cardtable.cards import COPY_STRIDE, JK
from cardtable.games.remik import reach
from cardtable.registry import get_game
from cardtable.rl import make_codec


def face(c: int) -> int:
    return JK if int(c) % COPY_STRIDE >= 52 else int(c) % COPY_STRIDE


def meaning(st, m):
    """What a move does, whatever the order it names its cards and jokers in."""
    from cardtable.games.remik.notation import meld_id, reps_of
    if m.verb not in ("meld", "takemeld", "lay"):
        return m.verb, meld_id(m), tuple(face(c) for c in m.cards)
    reps, k, parts = reps_of(m), 0, []
    for g in (m.groups or (m.cards,)):
        slots = st.slots_for(g, reps, k)
        k += sum(1 for c in g if face(c) == JK)
        parts.append(tuple(sorted((face(c), r) for c, r in slots)))
    return m.verb, meld_id(m), tuple(sorted(parts))


def states(preset, seeds, every=2):
    g = get_game("remik")
    opts = g.make_options(preset)
    for seed in range(seeds):
        st = g.new_state(4, opts, seed=seed)
        rng = random.Random(seed)
        i = 0
        while not st.is_over and len(st.history) < 500:
            seat = st.to_move()[0]
            if i % every == 0:
                yield st, seat
            i += 1
            st.play_legal(rng.choice(st.legal_moves(seat)), seat)


def brute_small_moves(st, seat):
    """Every lay-off of one or two hand cards and every three-card meld (one joker at most),
    each joker standing for any card, that ``why_illegal`` accepts."""
    held = [face(c) for c in range(st.hands[seat].bit_length()) if st.hands[seat] >> c & 1]
    naturals = sorted({f for f in held if f != JK})
    jokers = held.count(JK)
    out = []

    def faces_with_reps(fs):
        if JK not in fs:
            return [[(f, f) for f in fs]]
        nat = [(f, f) for f in fs if f != JK]
        return [nat + [(JK, r)] for r in range(52)]

    def try_move(verb, groups, mid=None):
        try:
            mv = st.make_move(verb, seat, groups, mid)
        except Exception:
            return
        if st.why_illegal(seat, mv) is None:
            out.append(mv)

    pool = naturals + ([JK] if jokers else [])
    for m in st.melds:
        for n in (1, 2):
            for fs in combinations(pool, n):
                for g in faces_with_reps(list(fs)):
                    try_move("lay", [g], m.name)
    for fs in combinations(pool, 3):
        for g in faces_with_reps(list(fs)):
            try_move("meld", [g])
    return out


@pytest.mark.parametrize("preset", ["default", "opening30"])
def test_brute_force_small_moves_are_reachable(preset):
    checked = 0
    for st, seat in states(preset, 8, every=3):
        if st.phase != "play" or not st.opened(seat) or st.pending:
            continue
        got = {meaning(st, m) for m in reach.reachable_moves(st, seat)}
        for mv in brute_small_moves(st, seat):
            assert meaning(st, mv) in got, mv
        checked += 1
        if checked >= 25:
            break
    assert checked >= 5


@pytest.mark.parametrize("preset", ["default", "six_jokers"])
def test_reachable_moves_beyond_the_capped_list_play_through_the_mask(preset):
    """Every reachable move is legal; some are outside ``legal_moves()`` — a lay-off of two
    or more cards, an opening with two jokers — and their actions play them."""
    codec = make_codec("remik", 4, preset)
    found = {"multi-card lay-off": 0, "two-joker opening": 0}
    played = 0
    for st, seat in states(preset, 6, every=1):
        listed = {reach.key(m) for m in st.legal_moves(seat)}
        for mv in reach.reachable_moves(st, seat):
            assert st.why_illegal(seat, mv) is None, mv
            if reach.key(mv) in listed:
                continue
            kinds = []
            if mv.verb == "lay" and len(mv.cards) > 1:
                kinds.append("multi-card lay-off")
            opening = mv.verb == "takemeld" or (mv.verb == "meld" and not st.opened(seat))
            if opening and sum(1 for g in mv.groups for c in g if face(c) == JK) >= 2:
                kinds.append("two-joker opening")
            for k in kinds:
                found[k] += 1
            if kinds and played < 12:
                dp = codec.start(st.clone())
                acts = codec.actions_of(mv)
                for a in acts[:-1]:
                    assert dp.step(a, seat) is None
                assert dp.step(acts[-1], seat) == mv
                played += 1
    assert all(found.values()), found


@pytest.mark.parametrize("preset", ["default", "six_jokers", "no_pure_run"])
def test_enumerated_melds_are_melds_with_their_value(preset):
    """reach.all_melds writes values and joker rules itself; melds.analyse agrees on each."""
    from cardtable.games.remik.melds import analyse
    n = 0
    for st, seat in states(preset, 3, every=7):
        o = st.opts
        for g, value, pure in reach.all_melds(st, reach.faces_of(st, seat)):
            info = analyse(reach._slots(g), joker_minority=o.joker_minority,
                           no_adjacent_jokers=o.no_adjacent_jokers)
            assert (info.value, info.pure) == (value, pure), g
            n += 1
    assert n > 100
