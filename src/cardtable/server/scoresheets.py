"""Score sheets on the server (issue 30; docs/scorekeeper.md "On the server").

The scorekeeper page keeps its sheets in the browser; the server scores them (the engine's
:class:`cardtable.scoresheet.Sheet`, never trusting a page's arithmetic) and keeps those of a
signed-in account, each readable by anyone holding its link (a random id, read-only).  A
sheet is stored as its JSON file; it is scored again whenever it is read, so a fix of a
game's scoring reaches old sheets too.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import sqlalchemy as sa

from ..errors import CardtableError
from ..i18n import _
from ..scoreoffline import fields_answer, refusal, sheet_answer, sheet_of
from ..scoresheet import Sheet
from .store import Store, metadata

score_sheets_t = sa.Table(
    "score_sheets", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("account_id", sa.String(32), nullable=False, index=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("title", sa.String(120), nullable=False),
    sa.Column("deals", sa.Integer, nullable=False),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("created_ms", sa.BigInteger, nullable=False),
    sa.Column("updated_ms", sa.BigInteger, nullable=False),
)

#: sheets one account may keep
MAX_SHEETS = 200


class SheetProblem(Exception):
    """A request about sheets that cannot be done: ``status`` and the JSON body to answer."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("error", ""))
        self.status = status
        self.body = body


def read_sheet(body: Any) -> Sheet:
    """The sheet of a request body ``{"sheet": {...}}``, scored (every entry checked)."""
    try:
        return sheet_of(body)
    except CardtableError as e:
        raise SheetProblem(*refusal(e)) from None


def _answered(got: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    status, body = got
    if status != 200:
        raise SheetProblem(status, body)
    return body


def scored(body: Any) -> dict[str, Any]:
    """``POST /api/score/sheet``: the sheet's deals, lines, totals and end — the engine's
    answer, the one the page's offline worker gives too (docs/scorekeeper.md "Offline")."""
    return _answered(sheet_answer(body))


def fields_of(body: Any) -> dict[str, Any]:
    """``POST /api/score/fields``: what the page draws for a table of the game: the fields of
    an entry, the rules in play, the option rows and presets, the pack's cards."""
    return _answered(fields_answer(body))


class SheetDb:
    """The table above (each method one database call, for ``Store.run``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def count(self, account_id: str) -> int:
        q = sa.select(sa.func.count()).select_from(score_sheets_t).where(score_sheets_t.c.account_id == account_id)
        with self.store.engine.connect() as c:
            return int(c.execute(q).scalar_one())

    def insert(self, row: dict[str, Any]) -> None:
        with self.store.engine.begin() as c:
            c.execute(score_sheets_t.insert(), [row])

    def update(self, sheet_id: str, account_id: str, values: dict[str, Any]) -> bool:
        with self.store.engine.begin() as c:
            got = c.execute(score_sheets_t.update().where(score_sheets_t.c.id == sheet_id,
                                                          score_sheets_t.c.account_id == account_id).values(**values))
            return bool(got.rowcount)

    def get(self, sheet_id: str) -> dict[str, Any] | None:
        """The sheet's row, with ``owner``: its account's name when the account shows its name
        in public (the accounts' table by name: accountdb imports this module)."""
        accounts = metadata.tables["accounts"]
        q = (sa.select(score_sheets_t, accounts.c.name.label("owner_name"), accounts.c.public_name)
             .select_from(score_sheets_t.outerjoin(accounts, accounts.c.id == score_sheets_t.c.account_id))
             .where(score_sheets_t.c.id == sheet_id))
        with self.store.engine.connect() as c:
            r = c.execute(q).mappings().first()
        if r is None:
            return None
        row = dict(r)
        row["owner"] = row.pop("owner_name") if row.pop("public_name") else None
        return row

    def of_account(self, account_id: str) -> list[dict[str, Any]]:
        q = (sa.select(score_sheets_t.c.id, score_sheets_t.c.game, score_sheets_t.c.title, score_sheets_t.c.deals,
                       score_sheets_t.c.updated_ms)
             .where(score_sheets_t.c.account_id == account_id).order_by(score_sheets_t.c.updated_ms.desc()))
        with self.store.engine.connect() as c:
            return [dict(r) for r in c.execute(q).mappings()]

    def bodies_of_account(self, account_id: str) -> list[dict[str, Any]]:
        q = score_sheets_t.select().where(score_sheets_t.c.account_id == account_id)
        with self.store.engine.connect() as c:
            return [{"id": r["id"], "sheet": json.loads(r["body"])} for r in c.execute(q).mappings()]

    def delete(self, sheet_id: str, account_id: str) -> bool:
        with self.store.engine.begin() as c:
            got = c.execute(score_sheets_t.delete().where(score_sheets_t.c.id == sheet_id,
                                                          score_sheets_t.c.account_id == account_id))
            return bool(got.rowcount)


class SheetService:
    def __init__(self, store: Store, now_ms: Any) -> None:
        self.store = store
        self.db = SheetDb(store)
        self.now_ms = now_ms

    def _row(self, sheet: Sheet) -> dict[str, Any]:
        title = sheet.title or " · ".join(sheet.names)
        return {"game": sheet.game_id, "title": title[:120], "deals": len(sheet.deals_entered),
                "body": json.dumps(sheet.to_json(), ensure_ascii=False), "updated_ms": self.now_ms()}

    async def save(self, account_id: str, body: Any) -> dict[str, Any]:
        sheet = read_sheet(body)
        if await self.store.run(self.db.count, account_id) >= MAX_SHEETS:
            raise SheetProblem(409, {"error": _("an account keeps at most {n} score sheets; delete some first",
                                                n=MAX_SHEETS)})
        sheet_id = secrets.token_urlsafe(12)
        await self.store.run(self.db.insert, {"id": sheet_id, "account_id": account_id,
                                              "created_ms": self.now_ms(), **self._row(sheet)})
        return {"id": sheet_id, "url": f"/score/s/{sheet_id}"}

    async def replace(self, sheet_id: str, account_id: str, body: Any) -> dict[str, Any]:
        sheet = read_sheet(body)
        if not await self.store.run(self.db.update, sheet_id, account_id, self._row(sheet)):
            raise SheetProblem(404, {"error": _("you have no score sheet {id}", id=repr(sheet_id[:40]))})
        return {"id": sheet_id, "url": f"/score/s/{sheet_id}"}

    async def get(self, sheet_id: str, account_id: str | None) -> tuple[dict[str, Any], Sheet]:
        row = await self.store.run(self.db.get, sheet_id)
        if row is None:
            raise SheetProblem(404, {"error": _("there is no score sheet {id}", id=repr(sheet_id[:40]))})
        try:
            sheet = Sheet.from_json(json.loads(row["body"]))
        except CardtableError as e:     # a game's rules changed under an old sheet
            raise SheetProblem(409, {"error": _("this score sheet cannot be scored any more: {why}", why=str(e))}) \
                from None
        return {"id": row["id"], "sheet": sheet.to_json(), "result": sheet.result(), "owner": row["owner"],
                "updated_ms": row["updated_ms"], "mine": account_id == row["account_id"]}, sheet

    async def mine(self, account_id: str) -> list[dict[str, Any]]:
        return await self.store.run(self.db.of_account, account_id)

    async def delete(self, sheet_id: str, account_id: str) -> None:
        if not await self.store.run(self.db.delete, sheet_id, account_id):
            raise SheetProblem(404, {"error": _("you have no score sheet {id}", id=repr(sheet_id[:40]))})


__all__ = ["MAX_SHEETS", "SheetDb", "SheetProblem", "SheetService", "fields_of", "read_sheet",
           "score_sheets_t", "scored"]
