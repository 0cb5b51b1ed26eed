"""No frame ever shows a hidden card: matches of every game, bots in every seat, through the
server's own move path, every frame for every seat and a spectator captured and checked.

For each frame sent, (a) no card hidden from its seat at that moment (``secret_cards``, by
name) appears anywhere in it, and (b) the frame is exactly the same when built from a world
resampled for that seat (``sample_hidden``): nothing in it depends on what the seat cannot see.
Error texts get check (b): the refusal of an illegal move tried for a seat reads the same in
a world resampled for it.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from cardtable import scenario
from cardtable.cards import card_str
from cardtable.conformance import hidden_tokens, view_tokens
from cardtable.errors import CardtableError
from cardtable.game import State
from cardtable.registry import game_ids, get_game
from cardtable.server import ManualClock, TableService
from cardtable.server import service as service_module
from cardtable.server.frames import encode
from cardtable.server.livetable import LiveTable
from tests.server.helpers import make_settings


class CapturingBox:
    """Stands in for a connection's outbox: keeps every frame text put to it."""

    def __init__(self, seat: int | None, presentation: bool = False) -> None:
        self.seat = seat
        self.presentation = presentation     # the browser table's frames (layout, hint, score)
        self.sent: list[str] = []
        self.closed = False

    def put(self, frame: Any) -> None:
        self.sent.append(frame if isinstance(frame, str) else encode(frame))

    async def close(self) -> None:
        self.closed = True


class FixedSecrets:
    """The service's ``secrets`` with a chosen table seed, so each run is reproducible."""

    def __init__(self, seed: int) -> None:
        import secrets
        self.seed = seed
        self.token_urlsafe = secrets.token_urlsafe

    def randbits(self, _k: int) -> int:
        return self.seed


class LeakChecker:
    def __init__(self, table: LiveTable, rng: random.Random, sample_rate: float) -> None:
        self.table = table
        self.rng = rng
        self.sample_rate = sample_rate
        self.frames = 0
        self.resampled = 0
        self.finished_checked = 0      # frames whose ``finished`` (another deal) was checked
        self.errors_checked = 0
        self.failures: list[str] = []      # the bot task that broadcasts would swallow them
        self.replay: dict[str, Any] = {}
        self.final: tuple[list[int], dict[str, Any]] = ([], {})
        seats = [None, *range(table.row.players)]
        self.boxes = [CapturingBox(s, p) for p in (False, True) for s in seats]
        table.outboxes.update(self.boxes)      # type: ignore[arg-type]
        self.original = table.broadcast
        table.broadcast = self.broadcast      # type: ignore[method-assign]

    def broadcast(self, finished: list[State] | None = None) -> None:
        try:
            self._broadcast(finished)
        except AssertionError as e:
            self.failures.append(str(e))
            raise

    def _broadcast(self, finished: list[State] | None) -> None:
        table = self.table
        expected: dict[CapturingBox, list[str]] = {b: [] for b in self.boxes}
        for st in [*(finished or []), None]:
            state = st if st is not None else table.state
            # the frame's ``finished``: the deal just ended, else the last finished deal
            done_state = st if st is not None else (table.match.deals[-1] if table.match.deals else None)
            resample = st is not None or state.is_over or self.rng.random() < self.sample_rate
            for box in self.boxes:
                seat = box.seat
                frame = table.frame(seat, st, presentation=box.presentation)
                text = encode(frame)
                expected[box].append(text)
                self.frames += 1
                obj = json.loads(text)
                done = obj.pop("finished")
                self.check_no_secret(state, seat, obj, "frame")
                if done is not None:
                    # another deal's cards: checked against what that deal hides from the seat
                    assert done_state is not None
                    self.check_no_secret(done_state, seat, done, "finished deal")
                    self.finished_checked += 1
                if resample:
                    world = state.sample_hidden(seat, random.Random(self.rng.randrange(2**32)))
                    done_world = None
                    if done_state is not None and done_state is not state:
                        done_world = done_state.sample_hidden(seat, random.Random(self.rng.randrange(2**32)))
                    again = encode(table.frame(seat, st, world=world, presentation=box.presentation,
                                               finished_world=done_world))
                    assert again == text, (f"{table.row.game}: the frame for seat {seat} changes in a "
                                           f"world resampled for it (seq {table.seq})")
                    self.resampled += 1
            if st is None and not state.is_over and self.rng.random() < self.sample_rate:
                self.check_errors(state)
        before = {b: len(b.sent) for b in self.boxes}
        self.original(finished)
        for box in self.boxes:      # what went out is exactly what was checked
            assert box.sent[before[box]:] == expected[box]

    def check_no_secret(self, state: State, seat: int | None, obj: Any, what: str,
                        allowed: set[str] | frozenset[str] = frozenset()) -> None:
        hidden = hidden_tokens(state, seat) - set(allowed)
        shown = {tok for tok in view_tokens(obj) if tok in hidden}
        assert not shown, f"{state.game.id}: a {what} for seat {seat} shows hidden {sorted(shown)}: {obj}"

    def check_errors(self, state: State) -> None:
        """Illegal moves naming random cards of the pack, tried on copies of the state: the
        error a seat gets is the same in a world resampled for it, so it tells nothing
        hidden (fixed examples in the engine's texts, e.g. "e.g. 'play K♠'", are fine)."""
        pack = state.game.pack(state.players, state.options)
        for seat in state.to_move()[:2]:
            legal = state.legal_moves(seat)
            verbs = sorted({state.move_text(m).split()[0] for m in legal}) or ["play"]
            world = state.sample_hidden(seat, random.Random(self.rng.randrange(2**32)))
            for _ in range(3):
                cards = [card_str(c) for c in self.rng.sample(pack, 2)]
                text = f"{self.rng.choice(verbs)} {' '.join(cards)}"
                msgs = []
                for st in (state, world):
                    try:
                        st.clone().apply(text, seat)
                        msgs.append(None)
                    except CardtableError as e:
                        msgs.append(str(e))
                assert msgs[0] == msgs[1], (f"{state.game.id}: the error for seat {seat}'s {text!r} "
                                            f"differs in a resampled world: {msgs}")
                if msgs[0] is not None:
                    self.errors_checked += 1


async def run_match(game_id: str, seed: int, deals: int, db_url: str, sample_rate: float,
                    monkeypatch: pytest.MonkeyPatch) -> LeakChecker:
    game = get_game(game_id)
    players = game.default_players
    monkeypatch.setattr(service_module, "secrets", FixedSecrets(seed))
    service = TableService(make_settings(db_url), ManualClock())
    await service.start(background=False)
    try:
        table, _ = await service.create_table({"game": game_id, "seats": ["bot:random"] * players,
                                            "bot_delay_ms": 0}, None)
        checker = LeakChecker(table, random.Random(seed), sample_rate)
        for _ in range(20000):
            if checker.failures:
                raise AssertionError(checker.failures[0])
            if table.match.over or len(table.match.deals) >= deals:
                break
            if table.bot_task is None:
                service.schedule_bots(table)
            await asyncio.sleep(0.001)
        else:
            raise AssertionError(f"{game_id}: {deals} deal(s) did not finish")
        assert not table.match.over or table.status == "over"
        async with table.lock:
            checker.replay = table.replay_scenario()
            checker.final = (table.match.totals, table.state.view(None))
        return checker
    finally:
        await service.stop()


@pytest.mark.parametrize("game_id", game_ids())
def test_no_frame_leaks(game_id: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    checker = asyncio.run(run_match(game_id, 1000 + len(game_id), 1, f"sqlite:///{tmp_path / 'l.db'}",
                                    0.05, monkeypatch))
    assert checker.frames > 0 and checker.resampled > 0
    assert checker.finished_checked > 0        # the frames of the deal's end carry it
    assert all(box.sent for box in checker.boxes)
    # the table's scenario file (given by the replay endpoint once over) rebuilds the same match
    result = scenario.replay(checker.replay)
    assert result.error is None
    totals, view = checker.final
    assert result.scores == totals and result.state.view(None) == view


@pytest.mark.slow
@pytest.mark.parametrize("game_id", game_ids())
def test_no_frame_leaks_every_frame_resampled(game_id: str, tmp_path: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    checker = asyncio.run(run_match(game_id, 7, 2, f"sqlite:///{tmp_path / 'l.db'}", 1.0, monkeypatch))
    assert checker.resampled == checker.frames and checker.finished_checked > 0


def test_the_endpoints_of_version_2_show_no_cards(server: Any) -> None:
    """Players, my tables, the host's actions and every summary they answer with, taken
    while a match is in play: no card name anywhere (summaries never carry cards)."""
    from tests.server.helpers import as_player, new_player

    host = as_player(new_player(server, "Host"))
    made = server.post("/api/tables", json={"game": "dummy", "seats": ["me", "open", "bot:random"],
                                            "bot_delay_ms": 0}, headers=host).json()
    bo = as_player(new_player(server, "Bo"))
    server.post(f"/api/tables/{made['id']}/seats/1", json={}, headers=bo)
    answers = [made, server.get("/api/players/me", headers=host).json(),
               server.get("/api/players/me/tables", headers=host).json(),
               server.get("/api/players/me/tables", headers=bo).json(),
               server.get("/api/tables").json(), server.get(f"/api/tables/{made['id']}").json(),
               server.post(f"/api/tables/{made['id']}/seats/1/bot", json={}, headers=host).json(),
               server.post(f"/api/tables/{made['id']}/leave", headers=bo).json(),
               server.post(f"/api/tables/{made['id']}/seats/1/open", headers=host).json(),
               server.delete(f"/api/tables/{made['id']}", headers=host).json(),
               server.get(f"/api/tables/{made['id']}/replay").json()]
    text = json.dumps(answers, ensure_ascii=False)
    assert not any(s in text for s in "♠♥♦♣"), text[:500]
