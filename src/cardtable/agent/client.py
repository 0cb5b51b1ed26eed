"""A seat at a running table server, through the table protocol and nothing else
(``shared/contracts/table-protocol.md``): HTTP for the table and the seat, a WebSocket for the
play.

    from cardtable import agent
    agent.play("http://127.0.0.1:8000/tables/AbC123?join=1", policy=my_policy)

:func:`play` takes the seat (an invite link's ``?join=N``, a ``#token=`` link, a seat token or
a seat number), then answers every ``state`` frame that lists moves for its seat with the
policy's move, sent with that frame's ``seq``; it reconnects when the connection drops (and
sends again what may have been lost: a move the server applied has moved ``seq`` on, so it is
never played twice), takes its seat back with a fresh token when the old one stops working
or a bot played it while it was away, and returns when the match is over.  Every decision
is logged (``logging`` at INFO, and as JSON lines with ``log=``).
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import parse_qs, quote, urlsplit

from ..i18n import _, current_language
from .policy import AgentError, Decision, Policy, SeatAgent

log = logging.getLogger("cardtable.agent")

#: close codes of the protocol
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_TABLE = 4404
#: seconds between reconnection attempts (the last one repeats)
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)
#: how long an agent keeps trying to reach a table that stopped answering
RECONNECT_SECONDS = 120.0
#: a refused move is asked again this many times on the same state before the agent stops
MAX_REFUSALS = 3
#: after a refusal, how long to wait for a newer state before asking the policy again
REFUSAL_WAIT = 0.3
#: a move sent and neither applied nor refused in this long is asked again (with the new seq)
IN_FLIGHT_SECONDS = 30.0


# --- links ---------------------------------------------------------------------------------

@dataclass
class TableLink:
    """Where a seat is: the server's address, the table, and the seat or its token."""

    base: str
    table: str
    seat: int | None = None
    token: str | None = None

    @property
    def page(self) -> str:
        return f"{self.base}/tables/{self.table}"

    def socket(self, token: str | None, lang: str | None) -> str:
        ws = "wss" + self.base[5:] if self.base.startswith("https") else "ws" + self.base[4:]
        query = [f"token={quote(token)}"] if token else []
        if lang:
            query.append(f"lang={quote(lang)}")
        return f"{ws}/ws/tables/{quote(self.table)}" + ("?" + "&".join(query) if query else "")


def parse_link(url: str, table: str | None = None, seat: str | int | None = None) -> TableLink:
    """The seat named by ``url`` (a server, a table page, an invite link ``…/tables/ID?join=N``
    with N counted from 0 as the protocol counts, or a ``…#token=T`` link), ``table`` (an id
    when ``url`` is the server) and ``seat`` (a seat token, an invite link, or a seat number
    from 0)."""
    if isinstance(seat, str) and seat.startswith(("http://", "https://")):
        return parse_link(seat, table)
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise AgentError(_("{url} is not the address of a table server (http://host:port/...)", url=repr(url)))
    base = f"{parts.scheme}://{parts.netloc}"
    path = [p for p in parts.path.split("/") if p]
    found_table = None
    if len(path) >= 2 and path[-2] == "tables":
        found_table = path[-1]
    elif path:
        raise AgentError(_("{url} is not a table's address (…/tables/ID)", url=repr(url)))
    if found_table and table and found_table != table:
        raise AgentError(_("the address names table {found}, not {table}", found=found_table, table=table))
    table_id = found_table or table
    if not table_id:
        raise AgentError(_("which table? give a table's address (…/tables/ID) or its id"))
    link = TableLink(base, table_id)
    join = parse_qs(parts.query).get("join")
    if join:
        if not join[0].isdigit():
            raise AgentError(_("the invite link's seat {join} is not a seat number", join=repr(join[0])))
        link.seat = int(join[0])
    fragment = parse_qs(parts.fragment).get("token")
    if fragment:
        link.token = fragment[0]
    if isinstance(seat, bool):
        raise AgentError(_("a seat is a number or a seat token, not {value}", value=repr(seat)))
    if isinstance(seat, int):
        link.seat = seat
    elif isinstance(seat, str) and seat:
        link.token = seat
    return link


# --- HTTP ----------------------------------------------------------------------------------

def http_json(method: str, url: str, body: Any = None, player: str | None = None,
              timeout: float = 15.0) -> Any:
    """One JSON request; a refusal raises :class:`AgentError` with the server's own words."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    headers = {"Accept": "application/json"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    if player:
        headers["X-Player"] = player
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read().decode("utf-8") or "null")
    except urllib.error.HTTPError as e:
        try:
            why = json.loads(e.read().decode("utf-8")).get("error")
        except Exception:  # noqa: BLE001 - any unreadable body: the status says enough
            why = None
        raise AgentError(_("{method} {url}: {status} {reason}", method=method, url=url, status=e.code,
                           reason=why or e.reason)) from None
    except (OSError, ValueError) as e:
        raise AgentError(_("cannot reach {url}: {error}", url=url, error=str(e))) from None


# --- the connection --------------------------------------------------------------------------

class TableClient:
    """One seat's connection: the seat taken over HTTP, frames over the WebSocket, reconnected
    when it drops.  ``receive()`` gives the next message (a ``state`` or ``error`` frame)."""

    def __init__(self, link: TableLink, *, name: str = "agent", player: str | None = None,
                 lang: str | None = None, reconnect_seconds: float = RECONNECT_SECONDS) -> None:
        self.link = link
        self.name = name
        self.player = player            # the player credential's secret (X-Player)
        self.token = link.token
        self.seat = link.seat
        self.lang = lang
        self.reconnect_seconds = reconnect_seconds
        self.reconnects = 0
        self.summary: dict[str, Any] = {}
        self._ws: Any = None

    # HTTP -----------------------------------------------------------------------------------

    def read_summary(self) -> dict[str, Any]:
        got = http_json("GET", f"{self.link.base}/api/tables/{quote(self.link.table)}")
        if not isinstance(got, dict) or "game" not in got:
            raise AgentError(_("{url} did not answer with a table", url=self.link.page))
        self.summary = got
        return got

    def take_seat(self) -> str:
        """The seat's token: the one given, else a seat taken with a player credential (made
        with ``name`` when none is given): the invite's seat, or the first open one."""
        if self.token is not None and self.seat is None:
            return self.token
        summary = self.summary or self.read_summary()
        if self.seat is None:
            open_seats = [i for i, s in enumerate(summary.get("seats", [])) if s.get("kind") == "open"]
            if not open_seats:
                raise AgentError(_("table {table} has no open seat", table=self.link.table))
            self.seat = open_seats[0]
        if not 0 <= self.seat < int(summary.get("players", 0)):
            raise AgentError(_("table {table} has no seat {seat}", table=self.link.table, seat=self.seat + 1))
        if self.player is None:
            made = http_json("POST", f"{self.link.base}/api/players", {"name": self.name})
            self.player = str(made["secret"])
        got = http_json("POST", f"{self.link.base}/api/tables/{quote(self.link.table)}/seats/{self.seat}",
                        {"name": self.name}, player=self.player)
        self.token = str(got["token"])
        self.seat = int(got["seat"])
        log.info("took seat %d of table %s", self.seat + 1, self.link.table)
        return self.token

    def can_take_back(self) -> bool:
        return self.player is not None and self.seat is not None

    # WebSocket ------------------------------------------------------------------------------

    def connect(self) -> None:
        from websockets.sync.client import connect

        self.close()
        url = self.link.socket(self.token, self.lang)
        try:        # websockets 17 wants legacy=True to hand back the connection itself
            self._ws = connect(url, open_timeout=15, close_timeout=2, max_size=2**24, legacy=True)
        except TypeError:       # before 17 there is no such flag, and that is what it does
            self._ws = connect(url, open_timeout=15, close_timeout=2, max_size=2**24)

    def close(self) -> None:
        if self._ws is not None:
            try:
                self._ws.close()
            except Exception:  # noqa: BLE001 - a connection that is gone is closed
                pass
            self._ws = None

    def _reconnect(self, code: int | None) -> None:
        """Connect again (after ``code``, the close code seen, if any), within
        ``reconnect_seconds``; a token that stopped working is replaced where the player
        credential allows."""
        if code == CLOSE_NO_TABLE:
            raise AgentError(_("there is no table {table} at {url}", table=self.link.table, url=self.link.base))
        if code == CLOSE_BAD_TOKEN:
            if not self.can_take_back():
                raise AgentError(_("the seat token does not open a seat of table {table}", table=self.link.table))
            self.token = None
            self.take_seat()
        deadline = time.monotonic() + self.reconnect_seconds
        tries = 0
        while True:
            delay = RECONNECT_DELAYS[min(tries, len(RECONNECT_DELAYS) - 1)]
            time.sleep(delay)
            tries += 1
            try:
                self.connect()
                self.reconnects += 1
                log.info("reconnected to table %s", self.link.table)
                return
            except Exception as e:  # noqa: BLE001 - refused, reset, timed out: try again
                if time.monotonic() > deadline:
                    raise AgentError(_("table {table} cannot be reached any more: {error}",
                                       table=self.link.table, error=str(e))) from None

    def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next frame (None when ``timeout`` passes first); reconnects as needed.  A
        reconnection is announced by a ``{"type": "reconnected"}`` message."""
        from websockets.exceptions import ConnectionClosed

        if self._ws is None:
            self.connect()
        try:
            text = self._ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd is not None else None
            log.info("connection to table %s closed (%s)", self.link.table, code)
            self._reconnect(code)
            return {"type": "reconnected"}
        except OSError:
            self._reconnect(None)
            return {"type": "reconnected"}
        try:
            msg = json.loads(text)
        except ValueError:
            return {"type": "unreadable"}
        return msg if isinstance(msg, dict) else {"type": "unreadable"}

    def latest(self, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """``msg`` and every message already waiting behind it."""
        out = [msg]
        while True:
            more = self.receive(timeout=0)
            if more is None:
                return out
            out.append(more)

    def send_move(self, text: str, seq: int) -> None:
        from websockets.exceptions import ConnectionClosed

        if self._ws is None:
            self.connect()
        try:
            self._ws.send(json.dumps({"type": "move", "move": text, "seq": seq}, ensure_ascii=False))
        except (ConnectionClosed, OSError):
            pass            # receive() sees the closed connection, reconnects, and the move is asked again

    def take_back_if_away(self, frame: dict[str, Any]) -> bool:
        """A frame that shows the seat to move but lists nothing while the table plays: a bot
        may be playing it for us (the turn timer ran out).  Take the seat back if so."""
        if frame.get("status") != "playing" or frame.get("legal") or not self.can_take_back():
            return False
        if self.seat not in (frame.get("view") or {}).get("to_move", ()):
            return False
        seats = self.read_summary().get("seats", [])
        held = seats[self.seat] if self.seat is not None and self.seat < len(seats) else {}
        if held.get("kind") == "bot" and held.get("person"):
            log.info("a bot played seat %d while the agent was away: taking it back", (self.seat or 0) + 1)
            self.token = None
            self.take_seat()
            self.connect()
            return True
        return False


# --- playing a match -----------------------------------------------------------------------

@dataclass
class AgentResult:
    """How the match went for the agent's seat."""

    table: str
    url: str
    seat: int
    status: str
    totals: list[int]
    winners: list[int] = field(default_factory=list)
    decisions: int = 0
    refusals: int = 0
    reconnects: int = 0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


LogSink = str | Path | IO[str] | Callable[[dict[str, Any]], None] | None


def _sink(where: LogSink) -> tuple[Callable[[dict[str, Any]], None], Callable[[], None]]:
    if where is None:
        return (lambda record: None), (lambda: None)
    if callable(where) and not hasattr(where, "write"):
        return where, (lambda: None)
    if isinstance(where, (str, Path)):
        fh: Any = open(where, "a", encoding="utf-8")  # noqa: SIM115 (closed by the second function)
        close = fh.close
    else:
        fh, close = where, (lambda: None)

    def write(record: dict[str, Any]) -> None:
        fh.write(json.dumps(record, ensure_ascii=False) + "\n")
        fh.flush()
    return write, close


def play(url: str, table: str | None = None, seat: str | int | None = None, policy: Policy | None = None, *,
         inputs: str | None = None, name: str = "agent", player: str | None = None,
         log_to: LogSink = None, lang: str | None = None,
         on_decision: Callable[[dict[str, Any]], None] | None = None,
         reconnect_seconds: float = RECONNECT_SECONDS) -> AgentResult:
    """Play a seat of a running server with ``policy`` until the match ends.

    ``url``, ``table``, ``seat``: where (see :func:`parse_link`): an invite link alone is
    enough.  ``policy`` and ``inputs``: see :mod:`cardtable.agent.policy`.  ``name``: the name
    the seat shows; ``player``: a player credential's secret (else one is made); ``log_to``: a
    file path, an open text file or a function that gets each decision as a dict (JSON lines
    in a file); ``on_decision`` is called with the same dict; ``lang``: the language of the
    server's messages (default: the current one).
    """
    if policy is None:
        raise AgentError(_("play needs a policy"))
    client = TableClient(parse_link(url, table, seat), name=name, player=player,
                         lang=lang or current_language(), reconnect_seconds=reconnect_seconds)
    summary = client.read_summary()
    agent = SeatAgent(summary["game"], int(summary["players"]), summary.get("preset"), summary.get("rules"),
                      policy, inputs)
    client.take_seat()
    write, close = _sink(log_to)
    result = AgentResult(client.link.table, client.link.page, -1, "waiting", list(summary.get("totals") or []))
    try:
        _run(client, agent, result, write, on_decision)
    finally:
        close()
        client.close()
    result.reconnects = client.reconnects
    return result


def own_moves(view: dict[str, Any]) -> int:
    """How many moves of the view's seat its log holds (every move is a line ``"seat: …"``)."""
    mine = f"{view.get('seat')}:"
    return sum(1 for entry in view.get("log") or () if str(entry).startswith(mine))


def _run(client: TableClient, agent: SeatAgent, result: AgentResult,
         write: Callable[[dict[str, Any]], None], on_decision: Callable[[dict[str, Any]], None] | None) -> None:
    """Answer every state that lists moves for the seat, once (see the module text).

    A move sent is *in flight* until a state shows it applied (the seat's own moves in its log
    went up, or another deal began), the server refuses it, or the connection drops: states
    that come meanwhile (other seats' moves at a simultaneous decision such as 十三张's
    arrangement) are not answered again."""
    current: dict[str, Any] | None = None
    acted_on: tuple[int, int] | None = None       # (deal, seq) of the state last answered
    pending: tuple[int, int, float] | None = None  # the move in flight: (deal, own moves, when sent)
    sent: str | None = None
    refusals = 0
    refused_on: tuple[int, int] | None = None
    checked_away: int | None = None
    pause: float | None = None
    client.connect()
    while True:
        msg = client.receive(timeout=pause if pause is not None else (1.0 if pending is not None else None))
        refused = False
        for m in client.latest(msg) if msg is not None else []:
            kind = m.get("type")
            if kind == "state":
                if current is None or (m.get("deal", 0), m.get("seq", 0)) >= (current.get("deal", 0),
                                                                              current.get("seq", 0)):
                    current = m
            elif kind == "reconnected":
                acted_on = pending = None   # a move may be lost: seq says whether it was played
            elif kind == "error" and pending is not None and m.get("move") == sent:
                refusals += 1
                result.refusals += 1
                log.warning("move %r refused: %s", sent, m.get("message"))
                _record(write, on_decision, {"event": "refused", "move": sent, "reason": m.get("message"),
                                             "seq": acted_on[1] if acted_on else None, "deal": pending[0]})
                if refusals >= MAX_REFUSALS:
                    raise AgentError(_("the server refused {n} moves in a row; the last: {move}: {reason}",
                                       n=refusals, move=sent, reason=m.get("message")))
                refused_on, acted_on, pending = acted_on, None, None
                refused = True
        if refused:
            pause = REFUSAL_WAIT        # a newer state may be on its way (the move was stale)
            continue
        pause = None
        if current is None:
            continue
        if current.get("seat") is not None:
            result.seat = int(current["seat"])
            if client.seat is None:         # a seat joined by its token alone
                client.seat = result.seat
        result.status = str(current.get("status"))
        result.totals = list(current.get("totals") or [])
        if current.get("status") == "over":
            result.winners = list((current.get("end") or {}).get("winners") or [])
            _record(write, on_decision, {"event": "over", "totals": result.totals, "winners": result.winners})
            return
        key = (int(current.get("deal", 0)), int(current.get("seq", 0)))
        if not current.get("legal"):
            if checked_away != key[1]:
                checked_away = key[1]
                if client.take_back_if_away(current):
                    acted_on = pending = None
            continue
        if pending is not None:
            deal, mine, when = pending
            if key[0] == deal and own_moves(current["view"]) == mine and time.monotonic() - when < IN_FLIGHT_SECONDS:
                continue
            pending = None
        if key == acted_on:
            continue
        if key != refused_on:
            refusals = 0
        decision = agent.decide(current["view"], current["legal"])
        client.send_move(decision.move, key[1])
        sent, acted_on = decision.move, key
        pending = (key[0], own_moves(current["view"]), time.monotonic())
        result.decisions += 1
        record = {"event": "move", "deal": key[0], "seq": key[1], "seat": current.get("seat"),
                  "legal": len(current["legal"]), **decision.to_json()}
        log.info("seat %s plays %s (deal %d, seq %d)", (current.get("seat") or 0) + 1, decision.move,
                 key[0] + 1, key[1])
        _record(write, on_decision, record)


def _record(write: Callable[[dict[str, Any]], None], on_decision: Callable[[dict[str, Any]], None] | None,
            record: dict[str, Any]) -> None:
    record = {"time": round(time.time(), 3), **record}
    write(record)
    if on_decision is not None:
        on_decision(record)


__all__ = ["AgentResult", "Decision", "TableClient", "TableLink", "http_json", "parse_link", "play"]
