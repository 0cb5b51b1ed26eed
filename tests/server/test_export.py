"""Open game data (issue 28): a month's finished public matches as JSON lines, one scenario
file each, that ``cardtable replay --check`` accepts; names only where the account allows it.

Matches are stored as the server stores them (``Store.create_table`` and ``commit_move``),
their moves chosen by the game's bots through the server's own ``LiveTable``, so the end time
of each match is the test's to choose; one test plays a match through the running server."""

from __future__ import annotations

import calendar
import json
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.server.accountdb import AccountStore
from cardtable.server.export import export_lines, month_bounds
from cardtable.server.livetable import LiveTable
from cardtable.server.store import MoveRow, SeatRow, Store, TableRow, token_hash
from tests.server.helpers import new_table


def ms(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0, milli: int = 0) -> int:
    return calendar.timegm((year, month, day, hour, minute, second)) * 1000 + milli


MARCH = "2026-03"
CLIENT_ADDR = "203.0.113.77"


def person(player_id: str | None, typed: str) -> SeatRow:
    return SeatRow("person", typed, player_id=player_id)


def store_match(store: Store, table_id: str, game: str, seats: list[SeatRow], ended_ms: int, *,
                rules: dict[str, Any] | None = None, seed: int = 7, listed: bool = True,
                known_deal: bool = False, rated: bool = False, stop_after: int | None = None,
                abandon: bool = False, person_moves: dict[int, int] | None = None,
                bot: str = "heuristic") -> list[str]:
    """Store a table and the moves of its match, as the server does; the last move is made at
    ``ended_ms``.  ``stop_after``: only that many moves (the match is not over);
    ``person_moves``: seat → how many of its first moves a person made (the rest: a bot).
    The seats' tokens (to check that no line carries them or their hashes)."""
    tokens = {i: f"token-{table_id}-{i}" for i, s in enumerate(seats) if s.kind == "person"}
    row = TableRow(id=table_id, game=game, players=len(seats), preset=None, rules=rules or {}, seed=seed,
                   turn_seconds=None, bot_delay_ms=0, status="playing", seq=0, totals=[0] * len(seats),
                   deadline_ms=None, created_ms=ended_ms - 3_600_000, client_addr=CLIENT_ADDR,
                   seats=seats, listed=listed, known_deal=known_deal, rated=rated)
    store.create_table(row, tokens)
    table = LiveTable(row, [])
    moves: list[MoveRow] = []
    made: dict[int, int] = {}
    while not table.match.over and (stop_after is None or len(moves) < stop_after):
        seat = table.state.to_move()[0]
        text = table.choose_bot_move(seat, bot)
        made[seat] = made.get(seat, 0) + 1
        by_person = seats[seat].kind == "person" or made[seat] <= (person_moves or {}).get(seat, 0)
        m = MoveRow(len(moves), table.deal_index, seat, text, "person" if by_person else "bot", 0)
        table.replay_move(m)
        moves.append(m)
        assert len(moves) < 20_000, "the match does not end"
    for m in moves:
        m.at_ms = ended_ms - (len(moves) - 1 - m.seq) * 1000
        store.commit_move(table_id, m, "playing", [0] * len(seats), None)
    if table.match.over:
        store.set_table(table_id, {"status": "over", "totals": json.dumps(table.match.totals)})
    if abandon:
        assert store.abandon(table_id)
    return list(tokens.values())


def account(accounts: AccountStore, name: str, public: bool, *, guest: str | None = None) -> str:
    """An account named ``name``; its own player's id, or (``guest``) the id of a guest
    credential joined to it."""
    pid = f"p-{name.lower()}"
    accounts.create_account(f"a-{name.lower()}", name, "argon2-hash-not-checked", pid, f"secret-{name}", 0)
    if public:
        accounts.set_public_name(f"a-{name.lower()}", True)
    if guest is None:
        return pid
    accounts.store.create_player(guest, f"secret-{guest}", f"typed {guest}", CLIENT_ADDR, 0)
    acc = accounts.account_by_name(name)
    assert acc is not None
    accounts.join_guest(acc, guest)
    return guest


@pytest.fixture
def stocked(db_url: str) -> Any:
    """A database with matches of every kind around March 2026."""
    store = Store(db_url)
    store.migrate()
    accounts = AccountStore(store)
    alice = account(accounts, "Alice", True)
    bob = account(accounts, "Bob", False)
    carol = account(accounts, "Carol", True, guest="p-carol-guest")     # a credential joined to it
    store.create_player("p-dan", "secret-dan", "Dan", CLIENT_ADDR, 0)     # a guest, no account
    eve = account(accounts, "Eve", True)
    gin = {"game_target": 1}
    end = ms(2026, 3, 20, 12, 0, 0, 250)
    tokens: list[str] = []
    # gin, two people: Alice allows her name, Bob does not
    tokens += store_match(store, "m-b", "gin", [person(alice, "alice typed"), person(bob, "bob typed")], end,
                          rules=gin, seed=1)
    # ended at the same moment (listed by id): Alice away, a bot plays her seat at the end
    tokens += store_match(store, "m-a", "gin", [
        SeatRow("bot", "heuristic", player_id=alice, person_name="alice typed"),
        SeatRow("bot", "random")], end, rules=gin, seed=2)
    # 十三张, ended earlier: Carol through a joined credential, Dan a guest, a bot, and Eve's
    # seat left to a bot after she played (no longer hers: no name)
    tokens += store_match(store, "m-z", "shisanzhang", [
        person(carol, "carol typed"), person("p-dan", "dan typed"), SeatRow("bot", "random"),
        SeatRow("bot", "random")], ms(2026, 3, 1, 0, 0, 0, 0), rules={"deals": 2}, seed=3,
        person_moves={3: 1}, bot="random_valid")
    # excluded from March: a private table, a known deal, an abandoned and an unfinished one,
    # the months around it
    tokens += store_match(store, "x-private", "gin", [person(alice, "a"), SeatRow("bot", "random")], end,
                          rules=gin, listed=False)
    tokens += store_match(store, "x-known", "gin", [person(alice, "a"), SeatRow("bot", "random")], end,
                          rules=gin, known_deal=True)
    tokens += store_match(store, "x-abandoned", "gin", [person(eve, "e"), SeatRow("bot", "random")], end,
                          rules=gin, stop_after=5, abandon=True)
    tokens += store_match(store, "x-playing", "gin", [person(eve, "e"), SeatRow("bot", "random")], end,
                          rules=gin, stop_after=5)
    tokens += store_match(store, "x-february", "gin", [person(bob, "b"), SeatRow("bot", "random")],
                          ms(2026, 3, 1) - 1, rules=gin, seed=4)
    tokens += store_match(store, "x-april", "gin", [person(bob, "b"), SeatRow("bot", "random")],
                          ms(2026, 4, 1), rules=gin, seed=5)
    yield store, tokens
    store.close()


def lines_of(store: Store, game: str, month: str) -> list[dict[str, Any]]:
    out = []
    for line in export_lines(store, game, month):
        assert line.endswith("\n") and line.count("\n") == 1
        out.append(json.loads(line))
    return out


def replay_check(tmp_path: Path, data: dict[str, Any], name: str) -> dict[str, Any]:
    """``cardtable replay FILE --check --json`` on the line; its JSON answer."""
    f = tmp_path / f"{name}.json"
    f.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(f), "--check", "--json"])
    assert result.exit_code == 0, result.output
    answer: dict[str, Any] = json.loads(result.output)
    assert answer["check"] == {"matches": True, "differences": []}
    return answer


def test_a_months_public_matches_replay_and_check(stocked: Any, tmp_path: Path) -> None:
    store, tokens = stocked
    gin = lines_of(store, "gin", MARCH)
    assert [d["source"]["table"] for d in gin] == ["m-a", "m-b"]        # same end: by id
    assert [d["source"]["ended"] for d in gin] == ["2026-03-20T12:00:00.250Z"] * 2
    by_id = {d["source"]["table"]: d for d in gin}
    assert by_id["m-b"]["source"]["seats"] == ["Alice", "seat 2"]
    assert by_id["m-a"]["source"]["seats"] == ["Alice", "bot:random"]
    sh = lines_of(store, "shisanzhang", MARCH)
    assert [d["source"]["table"] for d in sh] == ["m-z"]
    assert sh[0]["source"]["seats"] == ["Carol", "seat 2", "bot:random", "seat 4"]
    assert sh[0]["source"]["ended"] == "2026-03-01T00:00:00.000Z"       # the month's first ms
    for d in gin + sh:
        assert d["game"] in ("gin", "shisanzhang") and d["source"]["rated"] is False
        assert d["expect"]["over"] is True and len(d["expect"]["scores"]) == d["players"]
        assert "seed" not in d and all("seed" not in deal for deal in d["deals"])
        answer = replay_check(tmp_path, d, d["source"]["table"])
        assert answer["over"] is True and answer["scores"] == d["expect"]["scores"]
    assert len(sh[0]["deals"]) == 2
    # nothing private in any line: tokens, their hashes, player ids, secrets, addresses,
    # the names typed at the table
    text = "".join(export_lines(store, "gin", MARCH)) + "".join(export_lines(store, "shisanzhang", MARCH))
    for secret in [*tokens, *map(token_hash, tokens), CLIENT_ADDR, "p-alice", "p-carol-guest", "p-dan",
                   "secret-", "typed", "Bob", "Eve", "Dan", "argon2"]:
        assert secret not in text, secret


def test_the_months_around_and_the_game_given(stocked: Any) -> None:
    store, _ = stocked
    assert [d["source"]["table"] for d in lines_of(store, "gin", "2026-02")] == ["x-february"]
    assert [d["source"]["table"] for d in lines_of(store, "gin", "2026-04")] == ["x-april"]
    assert lines_of(store, "gin", "2026-05") == []
    assert lines_of(store, "shisanzhang", "2026-02") == []
    assert [d["source"]["seats"] for d in lines_of(store, "GIN", "2026-04")] == [["seat 1", "bot:random"]]
    assert [d["source"]["table"] for d in lines_of(store, "十三张", MARCH)] == ["m-z"]   # a game's name


def test_a_name_appears_once_its_account_allows_it(stocked: Any) -> None:
    store, _ = stocked
    accounts = AccountStore(store)
    accounts.set_public_name("a-bob", True)
    accounts.set_public_name("a-alice", False)
    by_id = {d["source"]["table"]: d for d in lines_of(store, "gin", MARCH)}
    assert by_id["m-b"]["source"]["seats"] == ["seat 1", "Bob"]
    assert by_id["m-a"]["source"]["seats"] == ["seat 1", "bot:random"]
    bob = accounts.account_by_name("bob")
    assert bob is not None
    accounts.delete_account(bob)        # the seat stays, nobody's
    by_id = {d["source"]["table"]: d for d in lines_of(store, "gin", MARCH)}
    assert by_id["m-b"]["source"]["seats"] == ["seat 1", "seat 2"]


def test_the_lines_are_built_one_match_at_a_time(stocked: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    store, _ = stocked
    loaded: list[str] = []
    real = store.load_table

    def load_table(tid: str) -> Any:
        loaded.append(tid)
        return real(tid)

    monkeypatch.setattr(store, "load_table", load_table)
    lines = export_lines(store, "gin", MARCH)
    assert loaded == []
    next(lines)
    assert loaded == ["m-a"]
    assert len(list(lines)) == 1 and loaded == ["m-a", "m-b"]


@pytest.mark.parametrize(("month", "why"), [
    ("2026-13", "months are 01 to 12"), ("2026-00", "months are 01 to 12"),
    ("12-2026", "YYYY-MM"), ("2026-3", "YYYY-MM"), ("2026/03", "YYYY-MM"), ("", "YYYY-MM"),
    ("2026-03-01", "YYYY-MM"), ("1969-12", "years are 1970 to 9999"),
])
def test_a_bad_month_is_refused_naming_the_problem(month: str, why: str, sqlite_url: str) -> None:
    with pytest.raises(ValueError, match=why) as e:
        month_bounds(month)
    assert repr(month) in str(e.value)
    store = Store(sqlite_url)
    with pytest.raises(ValueError, match=why):
        export_lines(store, "gin", month)         # at once, before the first line is asked for
    with pytest.raises(ValueError, match="unknown game 'nope'"):
        export_lines(store, "nope", MARCH)
    store.close()


def test_month_bounds() -> None:
    assert month_bounds("2026-03") == (ms(2026, 3, 1), ms(2026, 4, 1))
    assert month_bounds("2026-12") == (ms(2026, 12, 1), ms(2027, 1, 1))
    assert month_bounds("2024-02") == (ms(2024, 2, 1), ms(2024, 3, 1))      # a leap year
    assert month_bounds("9999-12")[1] == ms(9999, 12, 1) + 31 * 86_400_000


# --- cardtable export-games ------------------------------------------------------------------

def test_export_games_writes_the_same_lines(stocked: Any, tmp_path: Path) -> None:
    store, _ = stocked
    want = "".join(export_lines(store, "gin", MARCH))
    out = tmp_path / "gin-2026-03.jsonl"
    r = CliRunner().invoke(app, ["export-games", "--db", store.url, "--game", "gin", "--month", MARCH,
                                 "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text(encoding="utf-8") == want
    assert "2 matches of gin" in r.output                      # the count, on stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # no temporary left
    r = CliRunner().invoke(app, ["export-games", "--db", store.url, "--game", "十三张", "--month", MARCH])
    assert r.exit_code == 0, r.output
    assert r.stdout == "".join(export_lines(store, "shisanzhang", MARCH))


@pytest.mark.parametrize(("args", "why"), [
    (["--game", "gin", "--month", "2026-13"], "months are 01 to 12"),
    (["--game", "gin", "--month", "12-2026"], "YYYY-MM"),
    (["--game", "nope", "--month", MARCH], "unknown game"),
])
def test_export_games_refuses_a_bad_game_or_month(args: list[str], why: str, sqlite_url: str,
                                                  tmp_path: Path) -> None:
    store = Store(sqlite_url)
    store.migrate()
    store.close()
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(app, ["export-games", "--db", sqlite_url, *args, "--out", str(out)])
    assert r.exit_code == 2, r.output
    assert why in " ".join(r.output.split())
    assert not out.exists() and r.stdout == ""


def test_export_games_does_not_make_a_database(tmp_path: Path) -> None:
    where = tmp_path / "none.db"
    r = CliRunner().invoke(app, ["export-games", "--db", f"sqlite:///{where}", "--game", "gin", "--month", MARCH])
    assert r.exit_code == 2 and "no database" in r.output
    assert not where.exists()


# --- a match played by the server ------------------------------------------------------------

def test_a_match_the_server_played(sqlite_url: str, make_server: Any, tmp_path: Path) -> None:
    server = make_server(sqlite_url)
    t = new_table(server, "gin", ["bot:heuristic", "bot:heuristic"], rules={"game_target": 1})
    end = time.monotonic() + 60
    while server.get(f"/api/tables/{t['id']}").json()["status"] != "over":
        assert time.monotonic() < end, "the bots did not end the match"
        time.sleep(0.02)
    store = Store(sqlite_url)
    now = server.app.state.service.clock.now_ms()
    month = time.strftime("%Y-%m", time.gmtime(now / 1000))
    [line] = list(export_lines(store, "gin", month))
    data = json.loads(line)
    assert data["source"]["seats"] == ["bot:heuristic", "bot:heuristic"]
    replay = server.get(f"/api/tables/{t['id']}/replay").json()
    assert {k: v for k, v in data.items() if k != "source"} == replay   # the table's own replay
    replay_check(tmp_path, data, "served")
    store.close()
