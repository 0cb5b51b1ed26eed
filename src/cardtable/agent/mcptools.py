"""``cardtable mcp``: the games as tools for an LLM agent, over MCP's stdio transport (the
official MCP Python SDK, the ``mcp`` extra).

Tools: ``list_games``, ``rules`` (how to play, in any of the six languages), ``new_game`` (a
game in this process against our levels), ``join_table`` (a seat of a running table server,
through the table protocol), ``state`` (the seat's view, its legal moves with their
meanings, the score so far, as JSON and as the text of :func:`cardtable.agent.prompt.screen_text`
in a chosen language), ``legal_moves`` and ``play`` (one move; an illegal move comes back as
an error with the engine's reason, and nothing changes).

A game is named by the ``session`` id ``new_game`` or ``join_table`` gives.  Everything a
tool shows of a game is built from the seat's frame (its ``view`` and legal move texts), as
the table server sends it, so an agent never learns a card its seat may not see.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..bots import bot_names
from ..bots.levels import LEVELS
from ..errors import CardtableError
from ..help import rules_text
from ..i18n import LOCALES, _, use_language
from ..movewords import move_words
from ..presentation import game_title
from ..registry import game_ids, get_game, resolve_game
from .client import TableClient, parse_link
from .local import LocalGame
from .prompt import screen_text

#: the longest ``state(wait=…)`` waits for the seat's turn, in seconds
MAX_WAIT = 60.0
#: how long ``play`` at a table waits for the server's answer to a move
REPLY_SECONDS = 30.0

INSTRUCTIONS = """Play traditional card games (gin rummy, Thai Dummy, 十三张 and more).
Start with list_games and rules, then new_game (against our bot levels) or join_table (a seat
at a cardtable server, from an invite link).  Each turn: state (or legal_moves), then play one
of the legal moves exactly as written.  An illegal move is refused with the reason and changes
nothing.  Seats are counted from 0 in JSON fields and from 1 in texts."""


class ToolProblem(Exception):
    """A tool's refusal, in the words the agent reads (becomes an MCP tool error)."""


class TableSession:
    """A seat at a running table server, driven one tool call at a time."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.current: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []

    def _drain(self, timeout: float | None = 0) -> bool:
        msg = self.client.receive(timeout=timeout)
        if msg is None:
            return False
        for m in self.client.latest(msg):
            if m.get("type") == "state":
                if self.current is None or (m.get("deal", 0), m.get("seq", 0)) >= (
                        self.current.get("deal", 0), self.current.get("seq", 0)):
                    self.current = m
            elif m.get("type") == "error":
                self.errors.append(m)
        return True

    def frame(self, wait: float = 0.0) -> dict[str, Any]:
        """The latest state; with ``wait``, until the seat may move or the match is over."""
        deadline = time.monotonic() + wait
        self._drain(0)
        while self.current is None or (wait > 0 and not self._settled()):
            left = deadline - time.monotonic()
            if left <= 0 and self.current is not None:
                break
            self._drain(max(0.05, min(left, 1.0)) if left > 0 else 5.0)
        assert self.current is not None
        return self.current

    def _settled(self) -> bool:
        c = self.current or {}
        return bool(c.get("legal")) or c.get("status") == "over"

    def play(self, text: str) -> None:
        frame = self.frame()
        if not frame.get("legal"):
            raise ToolProblem(_("it is not your turn: nothing to play now (call state with wait to wait for "
                                "your turn)"))
        key = (frame.get("deal", 0), frame.get("seq", 0))
        self.errors.clear()
        self.client.send_move(text, int(frame.get("seq", 0)))
        deadline = time.monotonic() + REPLY_SECONDS
        while time.monotonic() < deadline:
            self._drain(0.5)
            for e in self.errors:
                if e.get("move") == text:
                    raise ToolProblem(str(e.get("message")))
            now = self.current or {}
            if (now.get("deal", 0), now.get("seq", 0)) > key or not now.get("legal") \
                    or text not in (now.get("legal") or [text]):
                return
        raise ToolProblem(_("the table did not answer the move in {n} seconds", n=int(REPLY_SECONDS)))


class Games:
    """The sessions of one MCP connection."""

    def __init__(self) -> None:
        self.sessions: dict[str, LocalGame | TableSession] = {}
        self.ids = itertools.count(1)
        self.lock = threading.Lock()

    def add(self, session: LocalGame | TableSession, kind: str) -> str:
        with self.lock:
            sid = f"{kind}{next(self.ids)}"
            self.sessions[sid] = session
        return sid

    def get(self, sid: str) -> LocalGame | TableSession:
        found = self.sessions.get(sid)
        if found is None:
            raise ToolProblem(_("no game {session}; start one with new_game or join_table",
                                session=repr(sid)))
        return found


def check_lang(lang: str) -> str:
    if lang not in LOCALES:
        raise ToolProblem(_("no language {lang}; languages: {choices}", lang=repr(lang), choices=", ".join(LOCALES)))
    return lang


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Inside: ``lang`` is the language, and an engine error becomes the tool's refusal,
    worded in it."""
    with use_language(check_lang(lang)):
        try:
            yield lang
        except CardtableError as e:
            raise ToolProblem(str(e)) from None


def game_of(name: str) -> str:
    try:
        return resolve_game(name)
    except CardtableError as e:
        raise ToolProblem(str(e)) from None


def state_of(sid: str, frame: dict[str, Any], lang: str) -> dict[str, Any]:
    """``{"json": …, "text": …}`` of a seat's frame, in ``lang``."""
    with use_language(lang):
        view = frame["view"]
        game = str(view["game"])
        legal = list(frame.get("legal") or [])
        over = frame.get("status") == "over"
        data = {
            "session": sid, "game": game, "seat": frame.get("seat"), "status": frame.get("status"),
            "deal": frame.get("deal"), "seq": frame.get("seq"),
            "your_turn": bool(legal), "view": view,
            "legal_moves": [{"number": i, "move": t, "words": move_words(game, t)} for i, t in enumerate(legal, 1)],
            "scores": {"match_totals": list(frame.get("totals") or []),
                       "deal": view.get("scores") if view.get("over") else None},
            "finished": frame.get("finished"),
        }
        if over:
            data["end"] = frame.get("end")
        text = screen_text(view, legal, frame.get("totals"), frame.get("deal"), frame.get("finished"))
        if over:
            text += "\n\n" + _("The game is over.")
    return {"json": data, "text": text}


def build_server(games: Games | None = None) -> Any:
    """The MCP server with its tools (``run()`` serves stdio)."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    games = games or Games()
    server = MCPServer("cardtable", instructions=INSTRUCTIONS, log_level="WARNING")

    def guarded(fn: Any) -> Any:
        import functools

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except ToolProblem as e:
                raise ToolError(str(e)) from None
            except CardtableError as e:
                raise ToolError(str(e)) from None
        return call

    @server.tool(description="Every game: id, name, native name, players (min, max), presets, bot levels.")
    @guarded
    def list_games(lang: str = "en") -> list[dict[str, Any]]:
        with speaking(lang):
            out = []
            for gid in game_ids():
                g = get_game(gid)
                out.append({"id": gid, "name": game_title(g), "native_name": g.native_name,
                            "players": [g.min_players, g.max_players], "default_players": g.default_players,
                            "presets": sorted(g.presets), "levels": list(LEVELS),
                            "bots": bot_names(gid)})
            return out

    @server.tool(description="How to play a game (deal, turns, scoring, glossary), in lang: "
                             "en, th, zh_Hans, zh_Hant, pl or ru.")
    @guarded
    def rules(game: str, lang: str = "en") -> str:
        gid = game_of(game)
        return rules_text(gid, lang=check_lang(lang))

    @server.tool(description="Start a game against our bot levels (easy, medium, hard, expert) in this "
                             "process: you play `seat` (from 0); one deal, or a whole match with "
                             "match=true. Returns the state (as the state tool).")
    @guarded
    def new_game(game: str, level: str = "medium", players: int | None = None, preset: str | None = None,
                 seat: int = 0, seed: int | None = None, match: bool = False, lang: str = "en") -> dict[str, Any]:
        gid = game_of(game)
        with speaking(lang):
            session = LocalGame(gid, level, players=players, preset=preset, seat=seat, seed=seed, match=match)
        sid = games.add(session, "game")
        return state_of(sid, session.frame(), lang)

    @server.tool(description="Take a seat at a table of a running cardtable server: url is the table's "
                             "invite link (…/tables/ID?join=N), its page with token, or the server with "
                             "`table`; `seat` (from 0) picks a seat, else the first open one. Returns the state.")
    @guarded
    def join_table(url: str, table: str | None = None, seat: int | None = None, token: str | None = None,
                   name: str = "agent", lang: str = "en") -> dict[str, Any]:
        with speaking(lang):
            link = parse_link(url, table, token or seat)
            client = TableClient(link, name=name, lang=lang)
            client.read_summary()
            client.take_seat()
            session = TableSession(client)
            frame = session.frame(wait=0.1)
        sid = games.add(session, "table")
        return state_of(sid, frame, lang)

    @server.tool(description="The game now, for your seat: json (your view, your legal moves with "
                             "their meaning, the scores so far) and text (the table as a person reads it, "
                             "in lang). wait: seconds to wait for your turn (at most 60).")
    @guarded
    def state(session: str, lang: str = "en", wait: float = 0.0) -> dict[str, Any]:
        with speaking(lang):
            s = games.get(session)
            frame = s.frame() if isinstance(s, LocalGame) else s.frame(min(max(wait, 0.0), MAX_WAIT))
        return state_of(session, frame, lang)

    @server.tool(description="Your legal moves now: number, the move as you write it, its meaning in lang.")
    @guarded
    def legal_moves(session: str, lang: str = "en") -> list[dict[str, Any]]:
        with speaking(lang):
            frame = games.get(session).frame()
            game = str(frame["view"]["game"])
            return [{"number": i, "move": t, "words": move_words(game, t)}
                    for i, t in enumerate(frame.get("legal") or [], 1)]

    @server.tool(description="Play one move, written exactly as in legal_moves (or its number). An illegal "
                             "move is refused with the engine's reason and nothing changes. Returns the "
                             "state after the other seats' replies.")
    @guarded
    def play(session: str, move: str, lang: str = "en") -> dict[str, Any]:
        with speaking(lang):
            s = games.get(session)
            legal = list(s.frame().get("legal") or [])
            text = move.strip()
            if text.isdigit() and legal:
                n = int(text)
                if not 1 <= n <= len(legal):
                    raise ToolProblem(_("there is no move {n}: the moves are numbered 1 to {last}", n=n,
                                        last=len(legal)))
                text = legal[n - 1]
            s.play(text)
            after = s.frame()
        return state_of(session, after, lang)

    return server


def main() -> None:
    """Serve the tools on stdin/stdout until the client goes."""
    build_server().run("stdio")


__all__ = ["Games", "build_server", "main", "state_of"]
