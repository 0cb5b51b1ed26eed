"""The text an agent without MCP reads, and how its answer is read back (docs/research.md,
"A text prompt for any agent").

:func:`screen_text` writes one seat's table as plain text in the current language, from what
that seat is sent (its ``view``, its legal move texts, the match totals, the last finished
deal): the game, the seat, whose turn, the hand, the public zones, the last moves, the score of
a finished deal and the totals, then the legal moves numbered, each with its meaning in words.
It is what ``cardtable mcp``'s ``state`` tool gives as ``text``.  :func:`prompt` adds the
question; :func:`read_answer` takes a reply (a move as written, or its number) and says what
is wrong with one that is neither; :func:`llm_policy` turns any ``ask(prompt) -> reply``
function into a text policy for :func:`cardtable.agent.play`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..explanation import score_summary, signed
from ..i18n import _
from ..movewords import move_words
from ..presentation import seat_names, table_layout
from ..registry import game_parts
from .policy import AgentError, Policy

#: how many times :func:`llm_policy` asks again after a reply that is not a move
ASK_AGAIN = 3


def _cards_line(tokens: Sequence[dict[str, Any]]) -> str:
    return " ".join(str(t["text"]) for t in tokens)


def move_lines(game: str, legal: Sequence[str]) -> list[str]:
    """``1. discard 7♥ — discard 7♥``: each legal move numbered from 1, with its meaning in
    words where they say more than the notation."""
    out = []
    for i, text in enumerate(legal, 1):
        words = move_words(game, text)
        out.append(f"{i}. {text}" if words == text else f"{i}. {text} — {words}")
    return out


def screen_text(view: dict[str, Any], legal: Sequence[str], totals: Sequence[int] | None = None,
                deal: int | None = None, finished: dict[str, Any] | None = None) -> str:
    """One seat's table as plain text (see the module text); ``deal`` counts from 0."""
    game = str(view["game"])
    players = int(view["players"])
    seat = view.get("seat")
    names = seat_names(players, seat)
    layout = table_layout(view, list(legal), names)
    head = layout["title"]["text"]
    if deal is not None:
        head += " — " + _("deal {n}", n=deal + 1)
    lines = [head]
    if seat is not None:
        lines.append(_("You are seat {seat} of {players}.", seat=int(seat) + 1, players=players))
    if finished is not None and not view.get("over"):
        lines += ["", *_score_lines(game, finished["view"], names,
                                    _("Score of deal {n}", n=int(finished["deal"]) + 1))]
    lines += ["", layout["turn"]]
    if layout["hand"] is not None:
        hand = "  ".join(_cards_line(g["cards"]) for g in layout["hand"]) or "—"
        lines.append(f"{_('your hand')}: {hand}")
    for z in layout["zones"]:
        value = _cards_line(z["cards"]) if "cards" in z else str(z.get("text", ""))
        lines.append(f"{z['name']}: {value}")
    if layout["last_moves"]:
        lines += ["", _("Last moves:"), *("  " + m for m in layout["last_moves"])]
    if view.get("over"):
        lines += ["", *_score_lines(game, view, names, _("Score of the deal"))]
    if totals is not None and len(totals) == players:
        lines += ["", _("Match totals so far") + ": "
                  + " · ".join(f"{names[s]} {signed(int(t))}" for s, t in enumerate(totals))]
    if legal:
        lines += ["", _("Your legal moves:"), *("  " + m for m in move_lines(game, legal))]
        if game_parts(game).assist is not None:
            lines.append(_("The arrangements listed are examples: any split of your hand into rows, "
                           "written the same way, is accepted."))
    return "\n".join(lines)


def _score_lines(game: str, view: dict[str, Any], names: Sequence[str], title: str) -> list[str]:
    summary = score_summary(game, view, names)
    out = [title + ":"]
    if summary.get("deal"):
        out.append("  " + summary["deal"])
    for s in summary["seats"]:
        out.append(f"  {s['name']}: {signed(int(s['total']))}")
        out += [f"    {line.text} ({signed(int(line.points))})" for line in s["lines"]]
    return out


def prompt(view: dict[str, Any], legal: Sequence[str], totals: Sequence[int] | None = None,
           deal: int | None = None, finished: dict[str, Any] | None = None) -> str:
    """:func:`screen_text` and the question: answer one legal move as written, or its number."""
    text = screen_text(view, legal, totals, deal, finished)
    if not legal:
        return text
    return text + "\n\n" + _("Answer with one legal move exactly as it is written above (for example: "
                             "{example}), or with its number.", example=legal[0])


_NUMBER = re.compile(r"^\s*#?(\d+)\s*[.)]?\s*$")


def read_answer(reply: str, legal: Sequence[str], free: bool = False) -> str:
    """The move a reply names: a legal move as written (also inside quotes or backticks, or
    with its number in front, ``3. discard 7♥``), or its number alone.  ``free``: another
    move text of the game is taken as it is (a 十三张 arrangement of the agent's own).
    Anything else raises :class:`AgentError` saying what a reply must be."""
    text = reply.strip().strip("`\"'").strip()
    lines = [ln.strip().strip("`\"'").strip() for ln in text.splitlines() if ln.strip()]
    for candidate in ([text, *lines] if lines else [text]):
        m = _NUMBER.match(candidate)
        if m:
            n = int(m.group(1))
            if 1 <= n <= len(legal):
                return legal[n - 1]
            raise AgentError(_("there is no move {n}: the moves are numbered 1 to {last}", n=n,
                               last=len(legal)))
        bare = re.sub(r"^#?\d+\s*[.)]\s*", "", candidate).strip()
        bare = bare.split(" — ", 1)[0].strip()
        if bare in legal:
            return bare
        if free and bare and bare.split(" ", 1)[0] in {t.split(" ", 1)[0] for t in legal}:
            return bare
    raise AgentError(_("{reply} is not one of the legal moves; answer one of them exactly as written, "
                       "or its number", reply=repr(reply.strip()[:80])))


def llm_policy(ask: Callable[[str], str], tries: int = ASK_AGAIN) -> Policy:
    """A text policy that asks ``ask(prompt)`` and reads the reply with :func:`read_answer`;
    a reply that is not a move is asked again with what was wrong (at most ``tries`` more)."""

    def policy(view: dict[str, Any], legal: Sequence[str]) -> str:
        free = game_parts(str(view["game"])).assist is not None
        question = prompt(view, legal)
        for _try in range(tries + 1):
            reply = ask(question)
            try:
                return read_answer(reply, legal, free=free)
            except AgentError as e:
                question = prompt(view, legal) + "\n\n" + str(e)
        raise AgentError(_("no legal move in {n} replies", n=tries + 1))

    policy.inputs = "text"  # type: ignore[attr-defined]
    return policy


def example(game: str, seed: int, moves: int = 0, seat: int | None = None, players: int | None = None) -> str:
    """The prompt of ``seat`` (default: the seat to move) after the first ``moves`` moves of
    the seeded deal (each the first legal move): the examples of docs/research.md."""
    from ..registry import get_game

    g = get_game(game)
    st = g.new_state(players or g.default_players, g.make_options(), seed=seed)
    for _i in range(moves):
        s = st.to_move()[0]
        st.apply(st.legal_moves(s)[0], s)
    who = st.to_move()[0] if seat is None else seat
    legal = [st.move_text(m) for m in st.legal_moves(who)] if who in st.to_move() else []
    return prompt(st.view(who), legal, [0] * st.players, 0)


__all__ = ["example", "llm_policy", "move_lines", "prompt", "read_answer", "screen_text"]
