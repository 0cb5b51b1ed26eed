"""The gin referee in the browser (issue 30; docs/games/gin-referee.md "In the browser"): the
page ``/referee`` and its stateless API.

``POST /api/referee/gin`` with ``{"dealer": 0|1, "rules": {...}?, "lines": ["…", …]}``: the page
keeps a session's typed lines and posts them all each time; the server replays them through
the same code as the terminal's ``cardtable referee gin --physical``
(``cardtable.parts.refereesession.PhysicalLines``: seats typed from 1, the game's physical
record, its rulings and score) and answers what a seat-less table shows — each seat's known
cards and how many are unknown, the stock, the pile, the knock — with the rulings in the
reader's language (its remedy and the law it cites), the score in words with its arithmetic
and the 10 points charged for each missing card, who is to move, what may be typed next and
whether the deal is over.  A bad line: ``400 {"error": the engine's reason, "line": its number
from 1}``; nothing is kept, so nothing changes.  Seats in everything a person reads count
from 1; ``dealer`` is the engine's seat, as ``--dealer`` takes it.  The replay runs in a
worker thread: a long session never holds the tables' loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ..cards import card_str, parse_card
from ..errors import CardtableError
from ..explanation import explain_items, game_explanation
from ..i18n import _, current_language
from ..parts.referee import Referee, RefereeScreen
from ..parts.refereesession import BadLine, PhysicalLines
from ..parts.refs import strip_refs
from ..picture import table_picture
from ..registry import GAME_MODULES, game_parts, get_game
from .lang import render_page
from .preload import with_preloads

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: a session's lines: a deal is some dozens; a session of more is not a deal
MAX_LINES = 400
MAX_LINE = 300
_CARDS = frozenset(card_str(c) for c in range(52))


class RefereeProblem(Exception):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("error"))
        self.status = status
        self.body = body


def _referee_of(game: str) -> tuple[Referee, RefereeScreen]:
    referee = game_parts(game).referee if game in GAME_MODULES else None
    if referee is None or referee.screen is None:
        raise RefereeProblem(404, {"error": _("the referee knows gin only, not {game!r}", game=game)})
    return referee, referee.screen


def _body(body: Any, game: str) -> tuple[int, dict[str, Any], list[str]]:
    """The request's dealer (0 or 1), rules (the options' differences from the defaults) and
    lines; a 400 naming what is wrong."""
    if not isinstance(body, dict):
        raise RefereeProblem(400, {"error": _("the body must be a JSON object with the 'dealer' (0 or 1) and "
                                              "the 'lines' typed so far")})
    dealer = body.get("dealer", 1)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
        raise RefereeProblem(400, {"error": _("'dealer' must be 0 (seat 1 deals) or 1 (seat 2 deals)")})
    rules = body.get("rules") or {}
    lines = body.get("lines", [])
    if not isinstance(rules, dict):
        raise RefereeProblem(400, {"error": _("'rules' must be an object of rule names and values")})
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise RefereeProblem(400, {"error": _("'lines' must be a list of the lines typed, as text")})
    if len(lines) > MAX_LINES:
        raise RefereeProblem(400, {"error": _("a session holds at most {n} lines", n=MAX_LINES)})
    for i, text in enumerate(lines, 1):
        if len(text) > MAX_LINE:
            raise RefereeProblem(400, {"error": _("a line is at most {n} characters", n=MAX_LINE), "line": i})
    try:
        diff = get_game(game).make_options(None, rules).diff()
    except CardtableError as e:
        raise RefereeProblem(400, {"error": str(e)}) from None
    return dealer, diff, lines


def _seats(value: Any) -> Any:
    return value + 1 if isinstance(value, int) and not isinstance(value, bool) else value


def _table(view: dict[str, Any]) -> dict[str, Any]:
    """What a seat-less table shows: each seat's known cards and how many are unknown, the
    stock, the pile (top last), the knock; and the felt's picture of it (the page draws it as
    the table page draws a position)."""
    known = view.get("hands_known") or [[], []]
    unknown = view.get("hands_unknown") or [0, 0]
    knock = view.get("knock")
    window = (view.get("referee") or {}).get("knock")
    out: dict[str, Any] = {
        "dealer": _seats(view.get("dealer")),
        "seats": [{"seat": s + 1, "known": list(known[s]), "unknown": int(unknown[s]),
                   "dealer": view.get("dealer") == s} for s in range(len(known))],
        "stock": int(view.get("stock") or 0),
        "pile": [c for c in view.get("discard") or [] if c in _CARDS],     # the upcard once entered
        "phase": view.get("phase"),
        "knock": None,
    }
    if isinstance(knock, dict) and knock.get("seat") is not None:
        out["knock"] = {"seat": _seats(knock["seat"]), "gin": bool(knock.get("gin")),
                        "big_gin": bool(knock.get("big_gin")), "melds": knock.get("melds") or [],
                        "deadwood": knock.get("deadwood") or [], "deadwood_points": knock.get("deadwood_points", 0),
                        "defender": view.get("defender")}
    elif isinstance(window, dict):
        out["knock"] = {"seat": _seats(window["seat"]), "open": True, "spread": window.get("spread") or [],
                        "deadwood_points": window.get("deadwood_points"), "cards": window.get("cards"),
                        "limit": window.get("limit")}
    ref = view.get("referee") or {}
    out["exposed"] = [{"cards": list(e.get("cards") or []), "may_take": _seats(e.get("may_take"))}
                      for e in ref.get("exposed") or []]
    out["named"] = sorted(_cards_in(view), key=lambda c: int(parse_card(c)))
    # the felt's picture: every card a seat is known to hold face up, the others as backs (a
    # scored knock shows both spreads); nothing unknown drawn as a card
    felt_view = {**view, "seat": None, "known": [list(h) for h in known], "discard": out["pile"]}
    felt_view.pop("hands", None)
    out["felt"] = table_picture(felt_view, [])
    return out


def _cards_in(value: Any) -> set[str]:
    """Every card a view names (the record's view shows an unknown card as "?")."""
    if isinstance(value, str):
        return {value} if value in _CARDS else set()
    if isinstance(value, list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for k, v in value.items() if k != "log")) if value else set()
    return set()


def _score(session: PhysicalLines, screen: RefereeScreen, game: str, view: dict[str, Any]) -> dict[str, Any]:
    """The deal's score items in words (a ruling's in the reader's language, seats from 1),
    each seat's total and the running totals after each item, the cards charged 10 each."""
    record = session.record
    items = [it.to_json() for it in record.score_items()]
    names = [_("seat {seat}", seat=s + 1) for s in range(2)]
    lines = explain_items(game, items, 2, names, view)
    by_note = {r.sentence(): r for r in session.rulings}
    running = [0, 0]
    out_items: list[dict[str, Any]] = []
    left = [list(seat) for seat in lines]       # each seat's lines, in the order of its items
    for it in items:
        s = int(it["seat"])
        pts = int(it.get("points", 0))
        rule = str(it.get("rule", ""))
        said = None
        if left[s] and left[s][0].rule == rule and left[s][0].points == pts:
            said = left[s].pop(0).text
        ruling = by_note.get(str(it.get("note", ""))) if rule.split(":")[-1].startswith("R") else None
        if ruling is not None:                 # the explanation's keeps the record's seats
            said = screen.said(ruling)
        if said is None:                       # worth 0 and telling nothing
            continue
        running[s] += pts
        out_items.append({"seat": s + 1, "points": pts, "rule": rule, "text": said,
                          "cards": list(it.get("cards") or []), "running": list(running)})
    scores = list(record.scores)
    missing = screen.missing(record.state)
    part = game_explanation(game)
    deal_note = part.deal_note(view) if part and part.deal_note and record.is_over else None
    winners = [s + 1 for s in record.state.winners()] if record.is_over else []
    return {
        "items": out_items,
        "totals": scores,
        "seats": [{"seat": s + 1, "name": names[s], "total": scores[s],
                   "sum": _sum([int(x["points"]) for x in out_items if x["seat"] == s + 1], scores[s])}
                  for s in range(2)],
        "missing": [{"seat": s + 1, "cards": n, "points": 10 * n} for s, n in enumerate(missing) if n],
        "note": strip_refs(_(part.scoring_note)) if part and part.scoring_note else "",
        "deal": strip_refs(deal_note) if deal_note else "",
        "winners": winners,
    }


def _sum(points: list[int], total: int) -> str:
    """The arithmetic of a seat's total: "0 + 33 = 33" (one item or none: the total)."""
    if len(points) < 2:
        return str(total)
    text = str(points[0])
    for p in points[1:]:
        text += f" + {p}" if p >= 0 else f" \u2212 {-p}"
    return f"{text} = {total}"


def _laws(screen: RefereeScreen) -> list[dict[str, Any]]:
    return [{"rule": law.rule, "name": _(law.name), "remedy": _(law.remedy), "law": law.cite, "form": law.form,
             "cards": law.cards, "words": [[{"word": w, "text": _(text)} for w, text in group] for group in law.words]}
            for law in screen.laws()]


def answer(game: str, body: Any) -> dict[str, Any]:
    """The answer to ``POST /api/referee/{game}`` (see the module doc); RefereeProblem for a
    bad request or line."""
    referee, screen = _referee_of(game)
    dealer, rules, lines = _body(body, game)
    try:
        session = PhysicalLines.replay(referee, dealer, rules, lines)
    except BadLine as e:
        refused: dict[str, Any] = {"error": e.why}
        if e.line is not None:
            refused["line"] = e.line
        raise RefereeProblem(400, refused) from None
    record = session.record
    view = record.view()
    laws = {law.rule: law for law in screen.laws()}
    rulings = []
    for r in session.rulings:
        rule = r.label.split(":")[-1]
        law = laws.get(rule)
        rulings.append({"rule": rule, "text": screen.said(r), "name": _(law.name) if law else "",
                        "remedy": _(law.remedy) if law else "", "law": law.cite if law else ""})
    movers = record.state.to_move() if not record.is_over else ()
    pending = (view.get("referee") or {}).get("pending")
    return {
        "game": game,
        "dealer": dealer,
        "lines": len(lines),
        "table": _table(view),
        "notes": screen.notes(view),
        "rulings": rulings,
        "score": _score(session, screen, game, view),
        "to_move": {"seat": movers[0] + 1, "phase": view.get("phase"),
                    "chooses": bool(pending)} if len(movers) == 1 else None,
        "choices": screen.choices(record),
        "over": record.is_over,
        "laws": _laws(screen),
    }


def add_referee_routes(app: FastAPI, body_of: Callable[[Request], Awaitable[Any]]) -> None:
    @app.post("/api/referee/{game}")
    async def referee(game: str, request: Request) -> Any:
        """``{"dealer", "rules"?, "lines"}`` → the session's table, rulings, score and choices;
        a bad line → 400 naming it (from 1)."""
        body = await body_of(request)
        try:
            return await asyncio.to_thread(answer, game, body)
        except RefereeProblem as e:
            return JSONResponse(e.body, status_code=e.status)

    @app.get("/referee", response_class=HTMLResponse)
    @app.get("/referee/{game}", response_class=HTMLResponse)
    async def referee_page(game: str = "gin") -> HTMLResponse:
        text = (WEB_DIR / "referee.html").read_text(encoding="utf-8")
        return HTMLResponse(render_page(with_preloads(text, WEB_DIR), current_language()))


__all__ = ["add_referee_routes", "answer"]
