"""The replay viewer's data: a finished match stepped through as one seat saw it.

Built from the match's replay scenario with the engine, so every step is exactly
``view(seat)`` at that point of the deal; it is given only once the match is over (the
service's ``replay`` refuses it before), when nothing is secret any more.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import BadSeat
from ..explanation import score_summary, summary_json
from ..movewords import sayer
from ..picture import game_felt, table_picture
from ..presentation import seat_names
from ..registry import get_game

_PREFIX = re.compile(r"^\d+:\s*")


def replay_steps(replay: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Every deal's views, from its first move to its end, as ``seat`` (None: spectator) saw
    them, with the card table's picture of each (``pictures``, same order), each move in
    words of the current language (``move_words``, without the ``N:`` seat prefix a move
    of several seats to move carries: the step's view says whose it was) and the deal's
    score in words (``score``, as the table page shows it; None for a deal not ended)."""
    game = get_game(replay["game"])
    players = int(replay["players"])
    if seat is not None and not 0 <= seat < players:
        raise BadSeat(seat, players)
    options = game.make_options(replay.get("preset"), replay.get("rules"))
    deals = []
    for entry in replay["deals"]:
        state = game.new_state(players, options, deal=entry["deal"])
        steps = [state.view(seat)]
        for text in entry["moves"]:
            state.apply(text)
            steps.append(state.view(seat))
        say = sayer(game.id)
        last = steps[-1]
        deals.append({"moves": list(entry["moves"]), "steps": steps,
                      "pictures": [table_picture(v, [])["picture"] for v in steps],
                      "move_words": [say(_PREFIX.sub("", m)) for m in entry["moves"]],
                      "score": summary_json(score_summary(game.id, last, seat_names(players, seat)))
                      if last.get("over") else None})
    return {"game": game.id, "players": players, "seat": seat, "deals": deals}


def review_on_table(replay: dict[str, Any], review: dict[str, Any]) -> list[dict[str, Any]]:
    """For each decision of a review (``review["decisions"]``, same order), what the replay
    viewer draws on the table (issue 29): the move played, the best move and the best with
    hindsight in words of the current language (``played_words``, ``best_words``,
    ``hindsight_words``: None without hindsight), and where the move played and the best move
    are made on the table as the reviewed seat saw it just before the decision (``played_at``,
    ``best_at``: the felt's target ``{"zone", "cards"}``, None for a move made with no
    gesture, such as a button's)."""
    game = get_game(replay["game"])
    players = int(replay["players"])
    seat = int(review["seat"])
    options = game.make_options(replay.get("preset"), replay.get("rules"))
    felt = game_felt(game.id)
    say = sayer(game.id)
    decisions = review.get("decisions") or []
    wanted: dict[int, dict[int, list[int]]] = {}      # deal -> move index -> the decisions there
    for k, d in enumerate(decisions):
        wanted.setdefault(int(d["deal"]), {}).setdefault(int(d["index"]), []).append(k)
    out: list[dict[str, Any]] = [{} for _ in decisions]

    def where(text: str, view: dict[str, Any]) -> dict[str, Any] | None:
        if felt is None:
            return None
        try:
            got = felt.target(_PREFIX.sub("", text), view)
        except Exception:  # noqa: BLE001 - a move the part cannot place is drawn in words only
            return None
        return None if got is None else got.to_json()

    for deal, at in wanted.items():
        entries = replay["deals"]
        if not 0 <= deal < len(entries):
            continue
        entry = entries[deal]
        state = game.new_state(players, options, deal=entry["deal"])
        for index, text in enumerate(entry["moves"]):
            if index in at:
                view = state.view(seat)
                for k in at[index]:
                    d = decisions[k]
                    hind = d.get("hindsight")
                    out[k] = {"played_words": say(_PREFIX.sub("", d["played"])),
                              "best_words": say(_PREFIX.sub("", d["best"])),
                              "hindsight_words": say(_PREFIX.sub("", hind["best"])) if hind else None,
                              "played_at": where(d["played"], view), "best_at": where(d["best"], view)}
            if index >= max(at):
                break
            state.apply(text)
    return out
