"""Load test of `cardtable serve`: many live tables, one person per table moving every few
seconds, bots in the other seats, persistence on; client-side latency from sending a move to
receiving its state.

    .venv/bin/python bench/server_load.py [--tables 1000] [--seconds 60] [--interval 3]
        [--db sqlite:///PATH | postgresql+psycopg://…] [--bot default|random] [--json]

It starts `cardtable serve` itself on a free port of 127.0.0.1 with a fresh SQLite file (WAL)
unless `--db` names another database, creates the tables over HTTP (2–4 seats, a mix of
games; seat 0 open, bots elsewhere with `bot_delay_ms` 0), joins seat 0 of each, and opens
one `websockets` connection per table, evenly over `--connect-over` seconds (default: one
interval; 0: all at once).  The warm-up begins once every connection is open.  Each table's
person then plays a random legal move once per `--interval` seconds (phases spread evenly),
whenever it is that seat's turn.  When a table's match is over, its person opens a new table
of the same game and plays on there, so the number of live tables stays `--tables`.
Latency is measured from `send` to the state frame that carries the move's own result: the
first one with a higher `seq` (bot moves come after it), or, where several seats decide at
once (十三张), the first in which the seat no longer has to move.  Everything is bounded: setup, the run and
the teardown each have a time limit, and the server is killed at the end.

Reported: latency p50/p90/p99/max (ms), acknowledged moves/s, errors (error frames, moves
not answered within `--answer-timeout`, connections lost), the server's RSS before and after
the tables (VmRSS from /proc), and RSS per table; the server's CPU per person move, of its
own process and of its whole process group (its bot workers too).  `--busy-cores N` keeps N
cores busy with spinning processes meanwhile (another program on the machine).  Needs the
`server` extra (websockets).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from common import environment  # noqa: E402

# (game, players): 2–4 seats, every game that seats that many.
MIX = [("gin", 2), ("dummy", 3), ("bieqi", 4), ("remik", 2), ("wushiyifen", 3), ("shisanzhang", 4),
       ("sibaifen", 4), ("yijiang", 2), ("zhuoheia", 4), ("jianshisifen", 3), ("biefufen", 4),
       ("zuihoushengli", 4)]


# --- the server process ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_s(pid: int) -> float | None:
    """User + system CPU seconds of a process (and of its finished threads) from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def group_cpu_s(pgid: int) -> float | None:
    """CPU seconds of every live process in process group ``pgid``: the server started in its
    own session, its bot workers and their fork server (``cpu_s`` of each)."""
    total, found = 0.0, False
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            found = True
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total if found else None


def busy_cores(n: int) -> list[subprocess.Popen[bytes]]:
    """``n`` processes that each keep one core busy (``--busy-cores``: another program on the
    machine), at normal priority."""
    return [subprocess.Popen([sys.executable, "-c", "while 1: pass"], stdin=subprocess.DEVNULL,
                             start_new_session=True) for _ in range(n)]


def cpu_pressure_us() -> int | None:
    """Linux PSI: microseconds in which some runnable task waited for a CPU (machine-wide)."""
    try:
        line = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return None
    return int(line.rsplit("total=", 1)[1])


def rss_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


class Server:
    def __init__(self, db: str, log: Path, extra: list[str]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        script = Path(sys.executable).with_name("cardtable")
        cmd = [str(script)] if script.is_file() else [sys.executable, "-c",
                                                        "from cardtable.cli.main import main; main()"]
        self.log = open(log, "wb")  # noqa: SIM115  (kept open for the child)
        self.proc = subprocess.Popen(
            [*cmd, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", db,
             "--bot-delay-ms", "0", "--moves-per-second", "1000", "--max-tables-per-client", "1000000",
             # one address makes every table, player and connection of the load (0: no limit)
             "--max-tables-per-minute", "0", "--max-players-per-minute", "0", "--max-seats-per-minute", "0",
             "--max-connections-per-client", "0",
             "--log-level", "warning", *extra],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

    def wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"cardtable serve exited with {self.proc.returncode}; see {self.log.name}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=2) as r:
                    if json.loads(r.read()).get("ok") is True:
                        return
            except (OSError, ValueError):
                time.sleep(0.1)
        raise SystemExit(f"cardtable serve did not answer /api/health in {timeout} s")

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.log.close()


def http(base: str, method: str, path: str, body: Any = None, player: str | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    if player is not None:
        headers["X-Player"] = player           # the player credential (protocol version 2)
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


# --- the clients -------------------------------------------------------------------------


@dataclass
class Stats:
    latencies_ms: list[float] = field(default_factory=list)
    by_game: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    examples: list[str] = field(default_factory=list)
    finished_tables: int = 0
    renewed: int = 0                # new tables opened in place of finished ones

    def error(self, kind: str, example: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if len(self.examples) < 5:
            self.examples.append(f"{kind}: {example[:200]}")


async def person(label: str, ws_url: str, interval: float, phase: float, stop_at: list[float], answer_timeout: float,
                 rng: random.Random, stats: Stats, measuring: list[bool], connected: Connected,
                 connect_at: float, renew: Callable[[], Awaitable[str]]) -> None:
    """One person at one table; when the table's match is over, the person opens a new table
    of the same game (``renew``) and plays on, so the number of live tables stays constant."""
    import websockets

    await asyncio.sleep(max(0.0, connect_at - time.monotonic()))
    try:
        ws = await asyncio.wait_for(websockets.connect(ws_url, max_size=None, open_timeout=60), 60)
    except Exception as exc:  # noqa: BLE001  (counted, reported)
        stats.error("connect", repr(exc))
        connected.one()
        return
    connected.one()
    while True:
        over = await _play(label, ws, interval, phase, stop_at, answer_timeout, rng, stats, measuring)
        if not over or time.monotonic() >= stop_at[0]:
            return
        try:
            url = await renew()
            ws = await asyncio.wait_for(websockets.connect(url, max_size=None, open_timeout=60), 60)
        except Exception as exc:  # noqa: BLE001  (counted, reported)
            stats.error("renew", repr(exc))
            return
        phase = 0.0


async def _play(label: str, ws: Any, interval: float, phase: float, stop_at: list[float], answer_timeout: float,
                rng: random.Random, stats: Stats, measuring: list[bool]) -> bool:
    """Plays at one table until the run stops (False) or its match is over (True: the caller
    opens a new table); the connection is closed either way."""
    import websockets

    over = False
    latest: dict[str, Any] | None = None
    # (seq sent, perf_counter at send, deal, whether other seats could move too)
    waiting: tuple[int, float, int, bool] | None = None
    next_move = time.monotonic() + phase
    try:
        while time.monotonic() < stop_at[0]:
            if waiting is None:
                timeout = min(stop_at[0], max(next_move, time.monotonic() + 0.01)) - time.monotonic()
            else:
                timeout = waiting[1] + answer_timeout - time.perf_counter()
            timeout = max(0.01, timeout)
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                raw = None
            now = time.perf_counter()
            if raw is not None:
                frame = json.loads(raw)
                if frame["type"] == "error":
                    stats.error("error frame", f"{label}: {frame.get('message', '')}")
                    waiting = None
                elif frame["type"] == "state":
                    if latest is None or frame["seq"] >= latest["seq"]:
                        latest = frame
                    if waiting is not None and answers(frame, waiting):
                        if measuring[0]:
                            stats.latencies_ms.append((now - waiting[1]) * 1000)
                            stats.by_game.setdefault(label.split()[0], []).append((now - waiting[1]) * 1000)
                        waiting = None
                    if frame["status"] == "over":
                        stats.finished_tables += 1
                        over = True
                        break
            elif waiting is not None and now - waiting[1] > answer_timeout:
                stats.error("no answer", f"{label}: seq {waiting[0]} unanswered after {answer_timeout} s")
                waiting = None
            if (waiting is None and latest is not None and latest["legal"] and latest["status"] == "playing"
                    and time.monotonic() >= next_move):
                move = rng.choice(latest["legal"])
                waiting = (latest["seq"], time.perf_counter(), latest["deal"], len(latest["view"]["to_move"]) > 1)
                await ws.send(json.dumps({"type": "move", "move": move, "seq": latest["seq"]}))
                next_move += interval
                if next_move < time.monotonic():       # fell behind (not our turn for a while)
                    next_move = time.monotonic() + interval * rng.random()
    except websockets.ConnectionClosed as exc:
        stats.error("connection closed", repr(exc))
    finally:
        try:
            await asyncio.wait_for(ws.close(), 5)
        except Exception:  # noqa: BLE001  (teardown)
            pass
    return over


class Connected:
    """Counts the persons whose connection attempt is over; ``all`` is set once every one is."""

    def __init__(self, n: int) -> None:
        self.left = n
        self.all = asyncio.Event()
        if n == 0:
            self.all.set()

    def one(self) -> None:
        self.left -= 1
        if self.left <= 0:
            self.all.set()


def answers(frame: dict[str, Any], waiting: tuple[int, float, int, bool]) -> bool:
    """Is ``frame`` the result of the move we sent?  If only our seat could move, it is the
    first state with a higher seq.  Where several seats decide at once (十三张), a bot's move
    may come first: then it is the first state in which our seat no longer has to move (or
    the deal or the match has moved on)."""
    seq, _, deal, several = waiting
    if frame["seq"] <= seq:
        return False
    if not several:
        return True
    return (frame["deal"] != deal or frame["status"] != "playing"
            or frame["seat"] not in frame["view"].get("to_move", []))


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def new_table(base: str, game: str, players: int, bot_name: str, person: str) -> tuple[str, str]:
    """Creates a table (seat 0 open, bots elsewhere) and joins seat 0: (table id, token)."""
    status, table = http(base, "POST", "/api/tables",
                         {"game": game, "seats": ["open"] + [f"bot:{bot_name}"] * (players - 1), "bot_delay_ms": 0})
    if status != 201:
        raise RuntimeError(f"creating a {game} table failed: {status} {table}")
    status, made = http(base, "POST", "/api/players", {"name": person})
    if status != 201:
        raise RuntimeError(f"making a player failed: {status} {made}")
    status, seat = http(base, "POST", f"/api/tables/{table['id']}/seats/0", {"name": person}, made["secret"])
    if status != 200:
        raise RuntimeError(f"joining table {table['id']} failed: {status} {seat}")
    return table["id"], seat["token"]


async def create_tables(base: str, n: int, bot: str, games: dict[str, Any],
                        concurrency: int) -> list[tuple[str, str, str]]:
    sem = asyncio.Semaphore(concurrency)

    async def one(i: int) -> tuple[str, str, str]:
        game, players = MIX[i % len(MIX)]
        async with sem:
            try:
                tid, token = await asyncio.to_thread(new_table, base, game, players, bot_name(bot, games, game),
                                                     f"load{i}")
            except RuntimeError as e:
                raise SystemExit(str(e)) from None
        return game, tid, token

    return await asyncio.gather(*(one(i) for i in range(n)))


def bot_name(bot: str, games: dict[str, Any], game: str) -> str:
    return str(games[game]["default_bot"]) if bot == "default" else bot


async def run(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    rss_empty = rss_kib(server.proc.pid)
    _, games_list = http(server.base, "GET", "/api/games")
    games = {g["id"]: g for g in games_list}
    t0 = time.monotonic()
    tables = await asyncio.wait_for(create_tables(server.base, args.tables, args.bot, games, 8), args.setup_timeout)
    setup_s = time.monotonic() - t0
    stats = Stats()
    measuring = [False]
    rng = random.Random(args.seed)
    ws_base = f"ws://127.0.0.1:{server.port}"
    start = time.monotonic()
    # the persons play from the moment each is connected; the warm-up begins once all of
    # them are (opening 1,000 connections takes seconds: not the steady state measured)
    stop_at = [start + args.setup_timeout]
    connected = Connected(len(tables))
    # connections opened evenly over --connect-over seconds (0: all at once)
    players_of = dict(MIX)

    def renewer(game: str, i: int) -> Callable[[], Awaitable[str]]:
        async def renew() -> str:
            tid, token = await asyncio.to_thread(new_table, server.base, game, players_of[game],
                                                 bot_name(args.bot, games, game), f"load{i}")
            stats.renewed += 1
            return f"{ws_base}/ws/tables/{tid}?token={token}"
        return renew

    tasks = [asyncio.create_task(person(f"{game} {tid}", f"{ws_base}/ws/tables/{tid}?token={token}", args.interval,
                                        args.interval * i / max(1, len(tables)), stop_at, args.answer_timeout,
                                        random.Random(rng.random()), stats, measuring, connected,
                                        start + args.connect_over * i / max(1, len(tables)), renewer(game, i)))
             for i, (game, tid, token) in enumerate(tables)]
    await asyncio.wait_for(connected.all.wait(), 120)
    connect_s = time.monotonic() - start
    stop_at[0] = time.monotonic() + args.warmup + args.seconds
    await asyncio.sleep(args.warmup)
    measuring[0] = True
    rss_tables = rss_kib(server.proc.pid)
    cpu_from = cpu_s(server.proc.pid)
    group_from = group_cpu_s(server.proc.pid)
    client_from = time.process_time()
    psi_from = cpu_pressure_us()
    measured_from = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*tasks), args.seconds + args.answer_timeout + 60)
    elapsed = time.monotonic() - measured_from
    cpu_to = cpu_s(server.proc.pid)
    group_to = group_cpu_s(server.proc.pid)
    client_cpu = time.process_time() - client_from
    psi_to = cpu_pressure_us()
    rss_end = rss_kib(server.proc.pid)
    lat = stats.latencies_ms
    per_table = None
    if rss_empty is not None and rss_end is not None and args.tables:
        per_table = round((max(rss_tables or 0, rss_end) - rss_empty) / args.tables, 1)
    return {
        "tables": args.tables, "interval_s": args.interval, "seconds": round(elapsed, 1), "bot": args.bot,
        "db": "sqlite (fresh file, WAL)" if args.db is None else args.db.split("://")[0],
        "ws_compression": not args.no_compression, "connect_over_s": args.connect_over,
        "setup_s": round(setup_s, 1), "connect_s": round(connect_s, 1),
        "moves": len(lat), "moves_per_s": round(len(lat) / elapsed, 1),
        "latency_ms": {"p50": _r(percentile(lat, 50)), "p90": _r(percentile(lat, 90)),
                       "p99": _r(percentile(lat, 99)), "max": _r(max(lat) if lat else None),
                       "mean": _r(statistics.fmean(lat) if lat else None)},
        "p99_ms_by_game": {g: _r(percentile(v, 99)) for g, v in sorted(stats.by_game.items())},
        "errors": stats.errors, "error_examples": stats.examples, "finished_tables": stats.finished_tables,
        "renewed_tables": stats.renewed,
        "server_rss_mib": {"empty": _mib(rss_empty), "with_tables": _mib(rss_tables), "end": _mib(rss_end)},
        "rss_per_table_kib": per_table,
        # the steadier figure on a shared machine: the server's CPU time per acknowledged person
        # move (with the bots' replies it caused), from the start of the measurement to its end
        "server_cpu_ms_per_move": (round((cpu_to - cpu_from) * 1000 / len(lat), 2)
                                   if lat and cpu_from is not None and cpu_to is not None else None),
        "server_cpu_share": (round((cpu_to - cpu_from) / elapsed, 2)
                             if cpu_from is not None and cpu_to is not None else None),
        # the same with the server's bot workers and their fork server (its process group;
        # workers replaced during the run are not counted)
        "server_group_cpu_ms_per_move": (round((group_to - group_from) * 1000 / len(lat), 2)
                                         if lat and group_from is not None and group_to is not None else None),
        "busy_cores": args.busy_cores,
        "client_cpu_share": round(client_cpu / elapsed, 2),
        # share of the run in which some task on the machine waited for a CPU (PSI "some"):
        # the load condition of this run (other processes, or server and client competing)
        "cpu_pressure": (round((psi_to - psi_from) / 1e6 / elapsed, 2)
                         if psi_from is not None and psi_to is not None else None),
        "environment": environment(),
    }


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def _mib(kib: int | None) -> float | None:
    return None if kib is None else round(kib / 1024, 1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=1000, help="live tables (default 1000)")
    p.add_argument("--seconds", type=float, default=60, help="measured run time (default 60)")
    p.add_argument("--warmup", type=float, default=5, help="seconds of play before measuring (default 5)")
    p.add_argument("--interval", type=float, default=3, help="seconds between one table's moves (default 3)")
    p.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    p.add_argument("--bot", default="default", help="bot in the other seats: 'default' (each game's) or a name")
    p.add_argument("--connect-over", type=float, default=None,
                   help="open the connections evenly over this many seconds (default: --interval; 0: all at "
                        "once). The server's keepalive pings keep the phases of the connections' opening: "
                        "opened in one burst, they are pinged in bursts every 20 s")
    p.add_argument("--answer-timeout", type=float, default=10, help="a move unanswered this long is an error")
    p.add_argument("--setup-timeout", type=float, default=600, help="limit for creating and joining the tables")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--busy-cores", type=int, default=0,
                   help="keep this many cores busy with spinning processes during the whole run (another "
                        "program on the machine)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--server-arg", action="append", default=[], help="extra argument for cardtable serve")
    p.add_argument("--no-compression", action="store_true",
                   help="serve with --no-ws-compression (the clients still offer permessage-deflate)")
    args = p.parse_args()
    if args.connect_over is None:
        args.connect_over = args.interval
    if args.no_compression:
        args.server_arg.append("--no-ws-compression")
    if not 1 <= args.tables <= 20000:
        p.error("--tables must be 1–20000 (one connection each; ulimit -n bounds it)")
    with tempfile.TemporaryDirectory(prefix="cardtable-load-") as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        server = Server(db, Path(tmp) / "server.log", args.server_arg)
        spinners = busy_cores(args.busy_cores)
        try:
            server.wait_healthy(60)
            result = asyncio.run(run(args, server))
        finally:
            server.kill()
            for spin in spinners:
                spin.kill()
                spin.wait(timeout=10)
            log_tail = Path(tmp, "server.log").read_text(errors="replace")[-1500:]
    if args.json:
        print(json.dumps(result, indent=1, ensure_ascii=False))
    else:
        lat = result["latency_ms"]
        print(f"{result['tables']} tables, one move per {result['interval_s']} s each, bots: {result['bot']}, "
              f"db: {result['db']}, ws compression {'on' if result['ws_compression'] else 'off'}; "
              f"measured {result['seconds']} s after {args.warmup} s warm-up "
              f"(setup {result['setup_s']} s, connections {result['connect_s']} s)")
        print(f"latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  max {lat['max']}")
        print("p99 ms by game: " + ", ".join(f"{g} {v}" for g, v in result["p99_ms_by_game"].items()))
        print(f"moves: {result['moves']} ({result['moves_per_s']}/s); errors: {result['errors'] or 0}; "
              f"matches over: {result['finished_tables']} (each replaced by a new table: {result['renewed_tables']})")
        rss = result["server_rss_mib"]
        print(f"server CPU per person move: {result['server_cpu_ms_per_move']} ms (with its bot workers "
              f"{result['server_group_cpu_ms_per_move']} ms); CPU used: server "
              f"{result['server_cpu_share']} cores, load client {result['client_cpu_share']} cores; "
              f"CPU pressure (PSI some) {result['cpu_pressure']}")
        print(f"server RSS MiB: empty {rss['empty']}, with tables {rss['with_tables']}, end {rss['end']}; "
              f"per table {result['rss_per_table_kib']} KiB")
        print(f"machine: {result['environment']}")
        for ex in result["error_examples"]:
            print("  e.g.", ex)
    if result["errors"] and log_tail.strip():
        print("server log tail:\n" + log_tail, file=sys.stderr)


if __name__ == "__main__":
    main()
