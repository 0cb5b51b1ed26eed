"""The decision loop's speed-ups (issue 31) changed no rule and no result.

Each digest below is a sha256 over a seeded random episode of the decision process: at every
step the acting seat, at the start of each decision the engine's ``legal_moves()`` (every
move, in order, physical cards included) and every fifth step the codec's reachable moves,
every seat's observation bytes, the mask bytes, the legal action list and the move played;
at the end the scores and the normalised rewards.  Now and then the episode goes on in a
``clone()`` of the process, so clones are covered as well.

**These values were computed by the code before the speed-ups** (the working tree of
2026-12-03 before issue 31's "speed for the slow games", run through this very function with
``PYTHONPATH`` pointing at a copy of it), not written by hand: a digest that changes means
the new code plays some seed differently (another legal move list or order, another mask,
another observation or score) — a bug in the speed-up, not a value to update.  Re-record
only for a deliberate rule or encoding change, and say so in its commit.

``python tests/rl/test_speed_equivalence.py`` prints the digests of the code it imports.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from cardtable.errors import BadOption
from cardtable.registry import game_ids, get_game
from cardtable.rl import make_codec

SLOW_GAMES = {"remik": 3, "zhuoheia": 4, "dummy": 4, "wushiyifen": 4, "shisanzhang": 4}
OTHER_SEEDS = 2           # the other games: default player count, first preset


def _move_key(m) -> bytes:
    return repr((m.verb, tuple(int(c) for c in m.cards), tuple(tuple(int(c) for c in g) for g in m.groups),
                 m.target)).encode()


def episode_digest(gid: str, preset: str | None, players: int, seed: int,
                   context: dict | None = None) -> str:
    codec = make_codec(gid, players, preset)
    dp = codec.start(get_game(gid).new_state(players, codec.options, seed=seed, context=context))
    rng = random.Random(seed)
    h = hashlib.sha256()
    i = 0
    while (seat := dp.current_seat) is not None:
        h.update(b"S%d" % seat)
        if not dp.buffer(seat):
            for m in dp.state.legal_moves(seat):
                h.update(_move_key(m))
            if i % 5 == 0 and not codec.partition:
                for m in dp.reachable_moves(seat):
                    h.update(_move_key(m))
        for s in range(players):
            h.update(dp.observe(s).tobytes())
        h.update(dp.action_mask().tobytes())
        acts = dp.legal_actions()
        h.update(repr(acts).encode())
        if i % 23 == 11:
            dp = dp.clone()
        mv = dp.step(acts[rng.randrange(len(acts))])
        h.update(b"-" if mv is None else _move_key(mv))
        i += 1
    h.update(repr(dp.state.scores).encode())
    h.update(repr(dp.rewards(normalised=True)).encode())
    return h.hexdigest()[:16]


def configs() -> list[tuple[str, str, int, int]]:
    """(game, preset, players, episodes): every preset and player count of the slow games,
    the first preset at the default player count of the others."""
    out = []
    for gid in game_ids():
        g = get_game(gid)
        presets = sorted(g.presets)
        for preset in presets:
            for p in range(g.min_players, g.max_players + 1):
                if gid not in SLOW_GAMES and (p != g.default_players or preset != presets[0]):
                    continue
                try:
                    g.new_state(p, g.make_options(preset), seed=0)
                except BadOption:
                    continue
                out.append((gid, preset, p, SLOW_GAMES.get(gid, OTHER_SEEDS)))
    return out


DIGESTS: dict[tuple[str, str, int], list[str]] = {
    ('biefufen', 'dai2k', 4): ['116cd967f8ed7351', 'e8b4f1bcd1e16314'],
    ('bieqi', 'default', 4): ['d37a19f594e6bac0', '49a4a6532d19a79e'],
    ('dummy', 'classic', 2): ['ba80a012ddfaabad', '9222cb1d5404472c', '1d6da8b1d1e84357', '0f332ca53203c75d'],
    ('dummy', 'classic', 3): ['d51084b186709765', '943e526ac58244e0', '612f55c524a2a754', 'c831baea620d4d1f'],
    ('dummy', 'classic', 4): ['ef788c320740ab49', 'e9e4336e0153d019', 'cd0392649ccdab08', '617f125231d9de49'],
    ('dummy', 'default', 2): ['0b75443a86297911', '35dd79d7515d5f36', 'e74cbf9cd4030a8f', 'b03fd7fb8836054a'],
    ('dummy', 'default', 3): ['55f3f344527e74b7', 'a2e606724bb3c478', '04ac780a99c3b96d', '9ce4148bc395e00b'],
    ('dummy', 'default', 4): ['903934af67a4c814', '117c38486d9b8d97', 'e3caf04a937fdb55', 'c940c38dfd0a1f2b'],
    ('gin', 'classic', 2): ['271c6b04e67b8667', 'b245f23814cd8c6d'],
    ('jianshisifen', 'default', 4): ['dfb90cc7a17553e8', 'bfdef2ddf3f529d8'],
    ('remik', 'default', 2): ['41aa01959b39d07f', '725458da1e2dc8c3', 'd8f00c34b4af0dec'],
    ('remik', 'default', 3): ['618c784235812a11', '0e39dd8c9e5553a1', '475a870a37723b74'],
    ('remik', 'default', 4): ['e173ba349566f8f4', '68e4cbdef027ff73', 'a122d1fa1ae29afa'],
    ('remik', 'default', 5): ['8685a8cd497446e1', 'a8cf408ac086fe09', 'a5a701115f085b7b'],
    ('remik', 'default', 6): ['6a40c78004f722b3', '1a9f000721d3fcd6', 'af52a8a82975760e'],
    ('remik', 'no_pure_run', 2): ['a0a521a4555a98d2', 'e3276c5fa43b9348', '7d019dab5c508295'],
    ('remik', 'no_pure_run', 3): ['5dbe2e9a2231d8f0', '0e39dd8c9e5553a1', '86dad3465f8fbf76'],
    ('remik', 'no_pure_run', 4): ['1ecd30cb6800d4c6', '20dd7252b239308f', '55c381b058367ed4'],
    ('remik', 'no_pure_run', 5): ['290f6c52c8753910', '85ce17842de49d7a', 'bb547e5ffa6be98c'],
    ('remik', 'no_pure_run', 6): ['b836e646ff768324', '7415d6daac9bd99c', '546a3721d10b69cb'],
    ('remik', 'opening30', 2): ['d5acb1b486304550', 'ba88e6da1dfbdf80', '72eda2be36214f64'],
    ('remik', 'opening30', 3): ['208735643dac73cb', '3ed50709c9de187c', 'bcb362d2e347f811'],
    ('remik', 'opening30', 4): ['7957974f16794a20', '69cd29eeb84f332b', '2cd50620ef7d0fb7'],
    ('remik', 'opening30', 5): ['137d49aba71b5711', '8863284af787d5ab', 'c470f021ea252f08'],
    ('remik', 'opening30', 6): ['03cefb2a8ac622f2', 'a5a95ca8b4b9436a', 'f240c2043c554bff'],
    ('remik', 'six_jokers', 2): ['528cb13218967e18', 'dc3cd1ff64fe3cc7', '1a6b694239543c18'],
    ('remik', 'six_jokers', 3): ['9f0f3cc8e1247bec', '39704abe7047fe46', 'b34ad948bc9a989c'],
    ('remik', 'six_jokers', 4): ['1e8327b002087784', '563ba8f9c5e9fdd1', '7429677f3cbefa79'],
    ('remik', 'six_jokers', 5): ['5f73dfd43d52cbbb', '508bde3dcf02d315', '8a55ee5030eb57b8'],
    ('remik', 'six_jokers', 6): ['f3b981698bb1e922', 'c1ea830af8579dc3', 'fa75ad8cb4ab3648'],
    ('shisanzhang', 'daqiang', 2): ['41f61743432c9d0a',
    'dd6bb59b9dcbddb1',
    'e5c7c641813eeeee',
    '4283bc92dfb09f09'],
    ('shisanzhang', 'daqiang', 3): ['77d33f6a78de52fe',
    '370941dac97c3d17',
    '2d7c9186bdc83136',
    'e74eee927103c550'],
    ('shisanzhang', 'daqiang', 4): ['a752b797fb4f047d',
    'a585022818447c81',
    '59efd40d6887d5f1',
    '295f700270debc20'],
    ('shisanzhang', 'default', 2): ['41f61743432c9d0a',
    'dd6bb59b9dcbddb1',
    'e5c7c641813eeeee',
    '4283bc92dfb09f09'],
    ('shisanzhang', 'default', 3): ['77d33f6a78de52fe',
    '370941dac97c3d17',
    '2d7c9186bdc83136',
    'e74eee927103c550'],
    ('shisanzhang', 'default', 4): ['a752b797fb4f047d',
    'a585022818447c81',
    '59efd40d6887d5f1',
    '295f700270debc20'],
    ('sibaifen', 'default', 4): ['7e7bb326fa5c2d93', '51c4dbba4c4d4bac'],
    ('wushiyifen', 'default', 2): ['0e1d4117b9c1d479',
    '947bb1f29341b365',
    '5bc38ea29c76005d',
    '77474c7fa923ef44'],
    ('wushiyifen', 'default', 3): ['2d45b37500b756f6',
    '1384849222bffe5c',
    '637aceb4723654da',
    '4100db9c00600453'],
    ('wushiyifen', 'default', 4): ['408946c9762c5840',
    '0138bf42b893315a',
    '305b19569dc59d9d',
    '81b3384976020313'],
    ('wushiyifen', 'default', 5): ['e9618c937b9abe51',
    '9e3e6bca71f17e94',
    'b0e34b5a313bb657',
    '4a65726f360e48a5'],
    ('wushiyifen', 'nonflush', 2): ['0184f39e86de2020',
    '524e59e0c57005dd',
    '7703e3bd36d67b9f',
    '84411c00a02edb0f'],
    ('wushiyifen', 'nonflush', 3): ['62b281fd065e0d78',
    '345708322efaf60a',
    '3b08d05899e7bb5f',
    '89fa51dfb60ef6bd'],
    ('wushiyifen', 'nonflush', 4): ['acdb1002fdee7e04',
    'e22eb4bb3ac5396b',
    'c2562e9d9e324b6e',
    '80b06e9d813a2a78'],
    ('wushiyifen', 'nonflush', 5): ['ad833cd25817037f',
    'ebd4e79b3603ea5d',
    'f09ab5189bcda71e',
    '0f5c65a4260a6317'],
    ('yijiang', 'default', 4): ['1d26ac360a1668c3', '09f4294772f70cb6'],
    ('zhuoheia', 'default', 4): ['30f37805675b80d0', '920ab01acbee0cb6', '87045f7f11d98caf', 'c601021c0ea8a8ad'],
    ('zhuoheia', 'default', 5): ['01dc00e378ae61e9', '5a90656207364109', 'edec6f929f2cbf0b', 'c5cb34c78a7f8691'],
    ('zhuoheia', 'scored', 4): ['35012b08275e9b52', '603e0c73f66e755d', '64d0e585df7951b2', '94dbef70959d9c2c'],
    ('zhuoheia', 'scored', 5): ['5a205d90bc034286', '4404b8069fade292', '7cc2ce63e55c5bae', '5fd34f10d0a2464b'],
    ('zhuoheia', 'wild', 4): ['90e5962a5dd7ac61', '920ab01acbee0cb6', '33baa487d536ce6e', '1715067d25c99c34'],
    ('zhuoheia', 'wild', 5): ['2a524162b3d6b135', '6dc94254d63db5db', '28f4c8255d04d6c2', '9aea109012abe5ea'],
    ('zuihoushengli', 'default', 4): ['e6f7357cca36574c', '41f7f8b484f1e38b'],
}


@pytest.mark.parametrize("gid,preset,players,episodes",
                         [pytest.param(*c, id=f"{c[0]}-{c[1]}-{c[2]}") for c in configs()])
def test_same_games_as_before(gid, preset, players, episodes):
    got = [episode_digest(gid, preset, players, seed) for seed in range(episodes)]
    assert got == DIGESTS[(gid, preset, players)]


def tribute_context(players: int, seed: int) -> dict:
    """A later 捉黑A hand (§2.3): the previous hand's finishing order and sides, so that the
    tribute phases (give, return, pick) are played too."""
    order = random.Random(seed).sample(range(players), players)
    return {"dealer": order[0], "prev_order": order, "prev_dealer": order[seed % players],
            "prev_partner": order[(seed * 3 + 1) % players]}


TRIBUTE_DIGESTS: dict[tuple[str, int], list[str]] = {
    ('default', 4): ['1bdd21ada7d547ef', '6aa7e13880ea9267', 'c188b01ffe15f8c0', 'f6d2e294f938809a'],
    ('default', 5): ['fefc3e73a18b97bf', '1fcccf1a75678580', '45a57f25c433272e', 'e9b61cea9f85806a'],
    ('scored', 4): ['f6a22c7d80bd9302', '5587854c1cf16d51', '8595b1e50afb71d8', 'ec738f8b7b2fe731'],
    ('scored', 5): ['10316a7d8536c5cb', '15c4c973d727df31', 'f26056c950874847', 'fab3046329109e08'],
    ('wild', 4): ['257a1c391bf11f65', '0ba1f6c33673a773', '364b5dcc3eb3f56c', '2b5cc28cc59fe9a9'],
    ('wild', 5): ['bd381f22367acf89', '03875777bf969c15', '45a57f25c433272e', 'e9b61cea9f85806a'],
}


@pytest.mark.parametrize("preset,players", [(pr, p) for pr in sorted(get_game("zhuoheia").presets) for p in (4, 5)])
def test_same_tribute_hands_as_before(preset, players):
    got = [episode_digest("zhuoheia", preset, players, seed, tribute_context(players, seed)) for seed in range(4)]
    assert got == TRIBUTE_DIGESTS[(preset, players)]


if __name__ == "__main__":
    import pprint
    pprint.pprint({c[:3]: [episode_digest(*c[:3], seed) for seed in range(c[3])] for c in configs()}, width=110)
    pprint.pprint({(pr, p): [episode_digest("zhuoheia", pr, p, seed, tribute_context(p, seed)) for seed in range(4)]
                   for pr in sorted(get_game("zhuoheia").presets) for p in (4, 5)}, width=110)
