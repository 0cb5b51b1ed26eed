"""Rated tables (protocol version 3): which tables may be rated, and the one rating update of
each rated match when it ends.

A table asked for as ``"rated": true`` must have no bot seat and cards nobody knows
(``known_deal`` false); only players with an account may sit at it.  When its match ends it is
rated if it still qualifies: every seat an account's, and no move made by a bot (a host who
handed a seat to a bot, or a bot that stood in for an away person, makes the match unrated).
The update is stored once (the rating events' key decides, whichever process gets there)."""

from __future__ import annotations

import logging
from typing import Any

from ..i18n import _
from .accountdb import AccountStore, AlreadyRated, Rating
from .livetable import LiveTable
from .ratings import Skill, rate_match
from .store import SeatRow

log = logging.getLogger("cardtable.server")


def rated_problem(seats: list[SeatRow], known_deal: bool) -> str | None:
    """Why a table with these seats cannot be rated (None: it can)."""
    if known_deal:
        return _("a table whose cards are known (same_cards_as) cannot be rated")
    bots = [i + 1 for i, s in enumerate(seats) if s.kind == "bot"]
    if bots:
        return _("a rated table seats only people: seat {seat} is a bot", seat=bots[0])
    return None


def unrated_reason(table: LiveTable, accounts: dict[str, Any]) -> str | None:
    """Why the ended match of a rated table is not rated after all (None: it is)."""
    for i, s in enumerate(table.row.seats):
        if s.player_id is None or s.player_id not in accounts:
            return f"seat {i + 1} is not an account's"
    if len({accounts[s.player_id].id for s in table.row.seats if s.player_id}) < len(table.row.seats):
        return "an account holds two seats"
    if any(m.source == "bot" for m in table.moves):
        return "a bot played a move"
    return None


async def rate_ended(db: AccountStore, table: LiveTable, now_ms: int) -> bool:
    """Update the ratings of the ended match of a rated table, once; whether it did."""
    if not table.row.rated or not table.match.over:
        return False
    store = db.store
    player_ids = [s.player_id for s in table.row.seats if s.player_id is not None]
    accounts = await store.run(db.accounts_by_player, player_ids)
    why = unrated_reason(table, accounts)
    if why is not None:
        log.info("table %s: the match is not rated: %s", table.id, why)
        return False
    seat_accounts = [accounts[s.player_id].id for s in table.row.seats if s.player_id is not None]
    known = await store.run(db.ratings_for, table.row.game, seat_accounts)
    prior = [Skill(known[a].mu, known[a].sigma, known[a].games) if a in known else None for a in seat_accounts]
    new = rate_match(table.row.game, list(table.match.deals), list(table.match.totals), prior)
    try:
        await store.run(db.record_ratings, table.id, table.row.game,
                        {a: Rating(s.mu, s.sigma, s.games) for a, s in zip(seat_accounts, new, strict=True)},
                        now_ms)
    except AlreadyRated:
        return False
    return True
