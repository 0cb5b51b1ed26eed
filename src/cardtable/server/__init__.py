"""``cardtable serve``: the table server (shared/contracts/table-protocol.md, docs/server.md).

Needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy, Alembic, psycopg); the engine does
not import this package.
"""

from .app import create_app
from .clock import Clock, ManualClock
from .service import Settings, TableService

__all__ = ["Clock", "ManualClock", "Settings", "TableService", "create_app"]
