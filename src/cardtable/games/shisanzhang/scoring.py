"""Settlement of a 十三张 deal: pairwise, zero-sum (shisanzhang.md §1.2–§1.5).

Every pair of seats is settled on its own (§1.3):
* a declared special against a non-special collects the special's value (§1.5, ``shisanzhang:1.5``);
* two specials settle by ``special_vs_special`` (§1.5);
* a fouled hand (倒水) pays every non-fouled row player what his rows would win (§1.2,
  ``shisanzhang:1.2``); two fouled hands exchange nothing;
* otherwise row against row, the winner paid by his own row type (§1.4, ``shisanzhang:1.4``),
  with the optional 打枪 (scoop) and 全垒打 (grand slam) multipliers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card, cards_str
from ...scoring import ScoreItem
from .arrange import row_bonus
from .handeval import describe, eval3, eval5, fouls, suit_key
from .rules import ShisanzhangOptions
from .specials import BY_ID

ROW_NAMES = ("first row (头道)", "second row (中道)", "third row (尾道)")


@dataclass(frozen=True)
class Showing:
    """One seat's revealed submission: a declared special, or three rows with their values."""

    seat: int
    special: str | None = None                        # the special it scores as (highest fitting)
    rows: tuple[tuple[Card, ...], ...] = ()
    values: tuple[int, int, int] = (0, 0, 0)
    fouled: bool = False


def show_rows(seat: int, rows: Sequence[Sequence[Card]], opts: ShisanzhangOptions) -> Showing:
    """Value the three rows and detect a foul (倒水, §1.2 ordering requirement)."""
    front, middle, back = (tuple(r) for r in rows)
    vals = (eval3(front), eval5(middle, opts.wheel_rank), eval5(back, opts.wheel_rank))
    return Showing(seat, None, (front, middle, back), vals, fouls(*vals, strict=opts.strict_ordering))


def compare_rows(a: Showing, b: Showing, row: int, opts: ShisanzhangOptions) -> int:
    """+1 if ``a`` wins the row, -1 if ``b`` does, 0 for a tie (§1.2: suits break no tie unless
    ``suit_tiebreak``)."""
    va, vb = a.values[row], b.values[row]
    if va != vb:
        return 1 if va > vb else -1
    if opts.suit_tiebreak:
        sa, sb = suit_key(a.rows[row], va), suit_key(b.rows[row], vb)
        if sa != sb:
            return 1 if sa > sb else -1
    return 0


def _pay(items: list[ScoreItem], winner: int, loser: int, points: int, rule: str, note: str,
         cards: Sequence[Card] = ()) -> None:
    if points == 0:
        return
    items.append(ScoreItem(winner, points, rule, tuple(cards), note))
    items.append(ScoreItem(loser, -points, rule, tuple(cards), note))


def _specials(items: list[ScoreItem], a: Showing, b: Showing, opts: ShisanzhangOptions) -> None:
    """§1.5 special against special (config ``special_vs_special``)."""
    assert a.special is not None and b.special is not None
    pa, pb = BY_ID[a.special].points, BY_ID[b.special].points
    if pa == pb or opts.special_vs_special == "both_void":
        return
    hi, lo = (a, b) if pa > pb else (b, a)
    ph, pl = max(pa, pb), min(pa, pb)
    amount = ph if opts.special_vs_special == "higher_collects_own" else ph - pl
    sp = BY_ID[hi.special]  # type: ignore[index]
    _pay(items, hi.seat, lo.seat, amount, "shisanzhang:1.5",
         f"special {sp.chinese} ({sp.id}, {ph}) beats seat {lo.seat}'s special "
         f"{BY_ID[lo.special].chinese} ({pl})")  # type: ignore[index]


def _foul(items: list[ScoreItem], good: Showing, bad: Showing, opts: ShisanzhangOptions) -> None:
    """§1.2 foul: the fouled hand loses all three rows to a non-fouled one."""
    per_row = [row_bonus(r, good.values[r]) if opts.foul_pays_bonuses else 10 for r in range(3)]
    total = sum(per_row) + opts.foul_extra_penalty
    extra = f" + {opts.foul_extra_penalty} penalty" if opts.foul_extra_penalty else ""
    _pay(items, good.seat, bad.seat, total, "shisanzhang:1.2",
         f"seat {bad.seat} fouled (倒水): pays seat {good.seat} "
         f"{' + '.join(map(str, per_row))}{extra}")


def _rows(items: list[ScoreItem], a: Showing, b: Showing, opts: ShisanzhangOptions) -> tuple[int, int]:
    """§1.4 row by row; returns (net points for a, +1/-1/0 who scooped) before the grand slam."""
    won = [0, 0]
    net = 0
    for r in range(3):
        res = compare_rows(a, b, r, opts)
        if res == 0:
            continue
        w, lo = (a, b) if res > 0 else (b, a)
        pts = row_bonus(r, w.values[r])
        won[0 if res > 0 else 1] += 1
        net += pts if res > 0 else -pts
        _pay(items, w.seat, lo.seat, pts, "shisanzhang:1.4",
             f"{ROW_NAMES[r]}: {describe(w.values[r], len(w.rows[r]))} beats "
             f"{describe(lo.values[r], len(lo.rows[r]))} ({pts})", w.rows[r])
    scoop = 1 if won[0] == 3 else -1 if won[1] == 3 else 0
    if scoop and opts.scoop_multiplier > 1:
        w, lo = (a, b) if scoop > 0 else (b, a)
        base = abs(net)
        extra = base * (opts.scoop_multiplier - 1)
        _pay(items, w.seat, lo.seat, extra, "shisanzhang:1.4",
             f"打枪 scoop: seat {w.seat} won all three rows against seat {lo.seat} "
             f"(×{opts.scoop_multiplier})")
        net = net * opts.scoop_multiplier
    return net, scoop


def settle(showings: Sequence[Showing], opts: ShisanzhangOptions) -> list[ScoreItem]:
    """Every score item of the deal (§1.3: every pair settled independently, zero-sum)."""
    items: list[ScoreItem] = []
    n = len(showings)
    scooped: dict[int, dict[int, int]] = {s.seat: {} for s in showings}   # winner -> loser -> net
    for i in range(n):
        for j in range(i + 1, n):
            a, b = showings[i], showings[j]
            if a.special and b.special:
                _specials(items, a, b, opts)
            elif a.special or b.special:
                sp_hand, other = (a, b) if a.special else (b, a)
                sp = BY_ID[sp_hand.special]  # type: ignore[index]
                _pay(items, sp_hand.seat, other.seat, sp.points, "shisanzhang:1.5",
                     f"special hand {sp.chinese} ({sp.id}): {sp.points} from seat {other.seat}")
            elif a.fouled and b.fouled:
                continue
            elif a.fouled or b.fouled:
                good, bad = (b, a) if a.fouled else (a, b)
                _foul(items, good, bad, opts)
            else:
                net, scoop = _rows(items, a, b, opts)
                if scoop > 0:
                    scooped[a.seat][b.seat] = net
                elif scoop < 0:
                    scooped[b.seat][a.seat] = -net
    if opts.grand_slam_multiplier > 1 and n >= 3:
        for s in showings:
            if len(scooped[s.seat]) == n - 1:
                for loser, net in scooped[s.seat].items():
                    _pay(items, s.seat, loser, net * (opts.grand_slam_multiplier - 1), "shisanzhang:1.4",
                         f"全垒打 grand slam: seat {s.seat} scooped every opponent "
                         f"(×{opts.grand_slam_multiplier})")
    return items


def describe_showing(s: Showing) -> str:
    if s.special:
        sp = BY_ID[s.special]
        return f"declared {sp.chinese} ({sp.id}, {sp.points})"
    rows = " | ".join(cards_str(r) for r in s.rows)
    return rows + ("  — fouled (倒水)" if s.fouled else "")
