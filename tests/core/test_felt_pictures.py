"""Every game's card-table picture (its ``Felt`` part, :mod:`cardtable.parts.felt`) over seeded
random play at every player count, read by every seat and a spectator:

- the picture is well formed (``validate``), with a place for every seat;
- an opponent's place shows exactly as many backs as that hand has cards the viewer may not
  see, and the face-up cards it shows are really in that hand; the viewer's own place no back;
- every card the picture shows is in the viewer's view (the picture adds nothing hidden);
- every legal move's target names a zone of the picture and cards of the viewer's own hand,
  and the contract's common gestures hold: a draw is made on the stock, a discard on the pile,
  a play of cards on the trick or layout with exactly those cards."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.match import Match
from cardtable.parts.felt import validate
from cardtable.picture import game_felt, table_picture
from cardtable.presentation import own_hand
from cardtable.registry import BUILTIN_GAMES, get_game

GAMES = sorted(BUILTIN_GAMES)
CARD = re.compile(r"^(10|[2-9JQKA])[♠♥♦♣]$|^(BJ|LJ|JK)$")


def states(game_id: str, seeds: int = 1, every: int = 3) -> Iterator[Any]:
    """States of one deal per player count and seed, every ``every`` moves and at the end."""
    g = get_game(game_id)
    for players in range(g.min_players, g.max_players + 1):
        for seed in range(seeds):
            rng = random.Random(seed * 31 + players)
            try:
                match = Match(g, players, g.make_options(), seed=seed)
            except Exception:          # a player count the default options refuse
                continue
            state = match.state
            for step in range(3000):
                if step % every == 0 or state.is_over:
                    yield state
                if state.is_over:
                    break
                seat = rng.choice(state.to_move())
                legal = [state.move_text(m) for m in state.legal_moves(seat)]
                state.apply(legal[rng.randrange(len(legal))], seat)


def cards_in(value: Any) -> list[str]:
    """Every card token in a JSON value (strings that are exactly a card, or a joker's
    ``JK=7♥`` form)."""
    out: list[str] = []
    if isinstance(value, str):
        for part in value.split("="):
            if CARD.match(part):
                out.append(part)
    elif isinstance(value, list):
        for v in value:
            out += cards_in(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("label", "text", "tags"):
                out += cards_in(v)
    return out


def zones_of(picture: dict[str, Any]) -> dict[str, dict[str, Any]]:
    zones = list(picture.get("centre") or [])
    for s in picture["seats"]:
        zones += s.get("zones") or []
    return {z["id"]: z for z in zones}


def test_every_game_declares_a_felt() -> None:
    missing = [g for g in GAMES if game_felt(g) is None]
    assert not missing, f"games without a card-table picture: {missing}"


@pytest.mark.parametrize("game_id", GAMES)
def test_pictures_and_targets(game_id: str) -> None:
    if game_felt(game_id) is None:
        pytest.skip(f"{game_id} has no Felt part yet")
    checked = 0
    for state in states(game_id):
        players = state.players
        hands = [own_hand(state.view(s)) or [] for s in range(players)]
        movers = set(state.to_move()) if not state.is_over else set()
        for viewer in [*range(players), None]:
            view = state.view(viewer)
            legal = [state.move_text(m) for m in state.legal_moves(viewer)] if viewer in movers else []
            got = table_picture(view, legal)
            picture = got["picture"]
            assert validate(picture, players) == [], (game_id, validate(picture, players))
            where = f"{game_id} {players}p viewer {viewer} at {view.get('log', [])[-1:]}"
            text = json.dumps(view, ensure_ascii=False)
            for card in cards_in(picture):
                assert card in text, f"{where}: the picture shows {card}, which the view does not"
            for s, place in enumerate(picture["seats"]):
                if s == viewer:
                    assert place["backs"] == 0, f"{where}: backs drawn in the viewer's own place"
                    continue
                if state.is_over:
                    continue
                known = Counter(place["known"])
                assert not known - Counter(hands[s]), \
                    f"{where}: seat {s + 1} shown holding {list(known - Counter(hands[s]))}, not in that hand"
                assert place["backs"] == len(hands[s]) - sum(known.values()), \
                    f"{where}: seat {s + 1} drawn with {place['backs']} backs " \
                    f"for {len(hands[s])} cards, {dict(known)} known"
            zones = zones_of(picture)
            mine = Counter(hands[viewer]) if viewer is not None else Counter()
            for t in got["targets"]:
                assert t["zone"] in zones, f"{where}: {t['move']!r} is made on {t['zone']!r}, not in the picture"
                assert not Counter(t["cards"]) - mine, f"{where}: {t['move']!r} selects cards not in the hand"
                verb = t["move"].split()[0]
                kind = zones[t["zone"]]["kind"]
                if verb == "draw":
                    assert kind == "stock", f"{where}: a draw made on a {kind}"
                if verb in ("discard", "throw") and len(t["move"].split()) == 2:
                    assert kind == "pile" and t["cards"] == [t["move"].split()[1]], f"{where}: {t}"
                if verb == "play" and kind in ("trick", "layout"):
                    # the cards played ("play BJ for ♠8": the joker; the card it stands for is a place)
                    played = t["move"].split(" for ")[0].split()[1:]
                    assert sorted(t["cards"]) == sorted(played), f"{where}: {t}"
            by_gesture: dict[tuple[str, tuple[str, ...]], list[str]] = {}
            for t in got["targets"]:
                by_gesture.setdefault((t["zone"], tuple(sorted(t["cards"]))), []).append(t["move"])
            assert all(len(set(v)) == len(v) for v in by_gesture.values())
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_common_moves_have_gestures(game_id: str) -> None:
    """The contract's gestures exist where the game has the move: every draw, every
    one-card discard and every play of the trick, climbing and layout games has a target."""
    if game_felt(game_id) is None:
        pytest.skip(f"{game_id} has no Felt part yet")
    family = get_game(game_id).family
    for state in states(game_id, every=5):
        if state.is_over:
            continue
        seat = state.to_move()[0]
        view = state.view(seat)
        legal = [state.move_text(m) for m in state.legal_moves(seat)]
        placed = {t["move"] for t in table_picture(view, legal)["targets"]}
        for move in legal:
            verb = move.split()[0]
            needs = (verb == "draw" or (verb == "discard" and len(move.split()) == 2)
                     or (verb == "play" and family in ("tricks", "climbing", "layout")))
            assert not needs or move in placed, f"{game_id}: no gesture for {move!r}"
