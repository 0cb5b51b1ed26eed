"""The tally part's contract (cardtable.parts.tally): fields as a page draws them, conditions on
options, the entry reader's refusals (each naming the field, seats from 1), and every
registered game declaring one whose fields are well formed in every language."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass

import pytest

from cardtable.errors import BadEntry
from cardtable.i18n import LOCALES, use_language
from cardtable.parts.tally import Choice, EntryReader, Field, check, fields_json, option_on
from cardtable.registry import game_ids, game_parts, get_game


@dataclass(frozen=True)
class Opts:
    on: bool = True
    off: bool = False
    amount: int = 50
    nothing: int = 0
    mode: str = "replace"
    none_mode: str = "off"


FIELDS = [
    Field("who", "who", "seat"),
    Field("hand", "hand", "cards", per_seat=True),
    Field("n", "n", "count", min=200, max=400, step=5, optional=True),
    Field("pick", "pick", "choice", choices=(Choice("a", "A"), Choice("b", "B", when="off")), optional=True),
    Field("pen", "pen", "penalty", choices=(Choice("x:1", "one", when="amount"), Choice("x:2", "two", when="nothing"))),
    Field("gone", "gone", "flag", when="off"),
    Field("rows", "rows", "rows", per_seat=True, optional=True),
    Field("order", "order", "order", optional=True),
]


def reader(entry: object, pack: range | None = range(52)) -> EntryReader:
    return EntryReader(entry, FIELDS, 3, Opts(), pack)


def refused(entry: object, *words: str) -> BadEntry:
    frozen = copy.deepcopy(entry)
    with pytest.raises(BadEntry) as info:
        r = reader(entry)
        r.seat("who")
        for s in range(3):
            r.cards("hand", s)
            r.rows("rows", s, (1, 2), ("front", "back"))
        r.count("n", required=False)
        r.choice("pick", required=False)
        r.penalties("pen")
        r.order("order", required=False)
    assert entry == frozen
    for w in words:
        assert w in str(info.value), str(info.value)
    return info.value


def test_option_conditions() -> None:
    o = Opts()
    assert option_on(o, "on") and not option_on(o, "off")
    assert option_on(o, "amount") and not option_on(o, "nothing")
    assert option_on(o, "mode") and not option_on(o, "none_mode")
    assert option_on(o, "mode=replace|add") and not option_on(o, "mode=off")


def test_a_good_entry_reads() -> None:
    r = reader({"who": 2, "hand": ["Ah 2h", ["Kd"], None], "n": 250, "pick": "a",
                "pen": [{"rule": "x:1", "seat": 0, "against": 1}], "order": [2, 0, 1],
                "rows": [["3c", "4c 5c"], None, None]})
    assert r.seat("who") == 2
    assert [len(r.cards("hand", s)) for s in range(3)] == [2, 1, 0]
    assert r.count("n") == 250 and r.choice("pick") == "a" and r.order("order") == [2, 0, 1]
    assert [(p.rule, p.seat, p.against) for p in r.penalties("pen")] == [("x:1", 0, 1)]
    assert r.rows("rows", 0, (1, 2), ("front", "back")) == [[41], [42, 43]]


@pytest.mark.parametrize("entry, words", [
    ("who", ["entry", "mapping"]),
    ({"who": 0, "hand": [[], [], []], "extra": 1}, ["extra", "no such field"]),
    ({"who": 0, "hand": [[], [], []], "gone": True}, ["gone", "switched off", "off"]),
    ({"who": 3, "hand": [[], [], []]}, ["who", "no seat 4", "seats 1 to 3"]),
    ({"who": -1, "hand": [[], [], []]}, ["no seat 0"]),
    ({"who": "1", "hand": [[], [], []]}, ["no seat '1'"]),
    ({"hand": [[], [], []]}, ["who: missing"]),
    ({"who": 0, "hand": [[], []]}, ["hand", "one value per seat (3 in all)"]),
    ({"who": 0, "hand": ["Ah", "AH", []]}, ["hand, seat 2", "A♥ is entered twice (also in hand, seat 1)"]),
    ({"who": 0, "hand": ["Ah", "Zz", []]}, ["hand, seat 2", "Zz"]),
    ({"who": 0, "hand": ["JK", [], []]}, ["JK is not in this game's pack"]),
    ({"who": 0, "hand": [5, [], []]}, ["cards as text"]),
    ({"who": 0, "hand": [[], [], []], "n": 203}, ["n: 203 is not a multiple of 5"]),
    ({"who": 0, "hand": [[], [], []], "n": 500}, ["from 200 to 400"]),
    ({"who": 0, "hand": [[], [], []], "n": True}, ["a whole number"]),
    ({"who": 0, "hand": [[], [], []], "pick": "b"}, ["'b' is switched off"]),
    ({"who": 0, "hand": [[], [], []], "pick": "c"}, ["'c' is not one of: a"]),
    ({"who": 0, "hand": [[], [], []], "pen": [{"rule": "x:2", "seat": 0}]}, ["x:2 (two) is switched off", "nothing"]),
    ({"who": 0, "hand": [[], [], []], "pen": [{"rule": "x:3", "seat": 0}]}, ["'x:3' is not one of: x:1"]),
    ({"who": 0, "hand": [[], [], []], "pen": [{"rule": "x:1", "seat": 0, "why": "?"}]}, ["a penalty is"]),
    ({"who": 0, "hand": [[], [], []], "pen": {"rule": "x:1"}}, ["a list of penalties"]),
    ({"who": 0, "hand": [[], [], []], "order": [0, 1, 1]}, ["every seat once", "1, 2, 2"]),
    ({"who": 0, "hand": [[], [], []], "rows": [["3c 4c", "5c"], None, None]},
     ["rows, seat 1", "front takes 1 card, not 2"]),
    ({"who": 0, "hand": [[], [], []], "rows": [["3c"], None, None]}, ["2 rows of 1, 2 cards"]),
])
def test_refusals_name_the_field(entry: object, words: list[str]) -> None:
    refused(entry, *words)


def test_blank_values_of_switched_off_fields_are_no_error() -> None:
    r = reader({"who": 0, "hand": None, "gone": False, "pick": None})
    assert r.flag("gone") is False and r.cards("hand", 1) == []


def test_bad_entry_counts_seats_from_one() -> None:
    e = BadEntry("hand", "too many", seat=0, label="cards in hand")
    assert str(e) == "cards in hand, seat 1: too many" and e.seat == 0 and e.field == "hand"


def test_a_pack_with_two_copies() -> None:
    r = EntryReader({"hand": ["7h 7h", "7h", []], "who": 0}, FIELDS, 3, Opts(), list(range(52)) * 2)
    r.cards("hand", 0)
    with pytest.raises(BadEntry, match="entered more than 2 times"):
        r.cards("hand", 1)


def test_field_json() -> None:
    f = Field("pen", "penalties", "penalty", rule="g:O3",
              choices=(Choice("g:O3", "one", "g:O3", "amount"), Choice("g:O4", "two", "g:O4", "nothing")))
    d = f.to_json(Opts())
    assert d["kind"] == "penalty" and d["rule"] == "g:O3"
    assert [c["value"] for c in d["choices"]] == ["g:O3"]           # the switched-off one is left out
    count = Field("n", "n", "count", min=1, max=5).to_json(Opts())
    assert (count["min"], count["max"], count["step"]) == (1, 5, 1)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_declares_a_tally(game_id: str) -> None:
    tally = game_parts(game_id).tally
    if game_id == "toy":
        pytest.skip("the test game has no tally")
    assert tally is not None
    game = get_game(game_id)
    for preset in sorted(game.presets) or [None]:
        options = game.make_options(preset)
        players = game.default_players
        assert check(tally, players, options) == []
        for loc in LOCALES:
            with use_language(loc):
                shown = fields_json(tally, players, options)
            json.dumps(shown)
            assert all(f["label"] for f in shown)
        for f in tally.fields(players, options):
            assert f.rule.startswith(game_id + ":"), f.key
            for cond in (f.when, f.unless):
                if cond:
                    option_on(options, cond)        # names an option the game has
