"""The heuristic's climbing rules, kept per set of options, are those the options build."""

from __future__ import annotations

from cardtable.games.zhuoheia.bots import _climb_rules
from cardtable.games.zhuoheia.rules import ZhuoheiaOptions


def test_climbing_rules_follow_the_views_options() -> None:
    plain = ZhuoheiaOptions().to_dict()
    other = dict(plain, min_straight=plain["min_straight"] + 1, a2345_straight=not plain["a2345_straight"])
    for _ in range(2):                  # the second round reads the kept rules
        assert _climb_rules(plain) == ZhuoheiaOptions.build(plain).climb_rules()
        assert _climb_rules(other) == ZhuoheiaOptions.build(other).climb_rules()
    assert _climb_rules(plain) != _climb_rules(other)
