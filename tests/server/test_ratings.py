"""The rating model (cardtable.server.ratings, issue 28): real matches played out with random
legal moves, rated once; the expectations come from the engine's own verdict (``Match.end``),
the final public views and the rules (Remik: lowest total wins), not from the module."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("openskill")

from cardtable.match import Match  # noqa: E402
from cardtable.registry import new_match  # noqa: E402
from cardtable.server import ratings  # noqa: E402
from cardtable.server.ratings import (  # noqa: E402
    DEFAULT,
    Skill,
    display_rating,
    model_of,
    provisional,
    rate_match,
    teams_of_match,
)


def play(game: str, players: int | None = None, rules: dict[str, Any] | None = None,
         preset: str | None = None, seed: int = 1) -> Match:
    """A whole match of random legal moves."""
    m = new_match(game, players, preset=preset, rules=rules, seed=seed)
    rng = random.Random(seed)
    while True:
        st = m.state
        while not st.is_over:
            seat = st.to_move()[0]
            st.play_legal(rng.choice(st.legal_moves(seat)), seat)
        if m.finish_deal() is not None:
            return m
        m.next_deal()


def partition(teams: list[list[int]]) -> set[frozenset[int]]:
    return {frozenset(t) for t in teams}


def hands_won(m: Match) -> list[int]:
    return [sum(s in d.winning_seats for d in m.deals) for s in range(m.players)]


# --- free-for-all games: the winner rises, the loser falls --------------------------------

FFA_CASES = [
    ("gin", 2, None, None),
    ("remik", 4, None, None),
    ("shisanzhang", 4, None, None),
    ("dummy", 3, None, None),
    ("wushiyifen", 5, None, None),
    ("zuihoushengli", 4, None, None),
    ("biefufen", 6, None, None),
    ("zhuoheia", 4, None, None),             # 8 hands, no points: ranked by hands won
    ("yijiang", 3, None, None),
    ("jianshisifen", 5, None, None),
]


def worst_seats(game: str, m: Match) -> list[int]:
    """The seats the rules put last: the highest total in Remik (penalty points), the fewest
    hands won in a 捉黑A match without points, else the lowest total."""
    t = m.totals
    if game == "remik":
        return [s for s, v in enumerate(t) if v == max(t)]
    if game == "zhuoheia" and not any(t):
        won = hands_won(m)
        return [s for s, v in enumerate(won) if v == min(won)]
    return [s for s, v in enumerate(t) if v == min(t)]


@pytest.mark.parametrize("game,players,rules,preset", FFA_CASES)
def test_free_for_all_winner_rises_loser_falls(game: str, players: int, rules: Any, preset: Any) -> None:
    m = play(game, players, rules, preset)
    assert m.end is not None
    winners, worst = m.end.winners, worst_seats(game, m)
    assert not set(winners) & set(worst), (m.totals, winners)
    assert teams_of_match(game, m.deals, m.players) == [[s] for s in range(m.players)]
    new = rate_match(game, m.deals, m.totals, [None] * m.players)
    assert len(new) == m.players
    for s in winners:
        assert new[s].mu > DEFAULT.mu, (s, m.totals, new)
    for s in worst:
        assert new[s].mu < DEFAULT.mu, (s, m.totals, new)
    for s in range(m.players):
        assert new[s].sigma < DEFAULT.sigma
        assert new[s].games == 1
    # the better a seat's place, the higher its new mu (symmetric priors)
    for a in winners:
        for b in range(m.players):
            if b not in winners:
                assert new[a].mu > new[b].mu


def test_remik_lowest_total_wins() -> None:
    m = play("remik", 3, seed=4)
    low = min(m.totals)
    best = [s for s, v in enumerate(m.totals) if v == low]
    assert m.end is not None and best == m.end.winners
    new = rate_match("remik", m.deals, m.totals, [None] * 3)
    assert max(range(3), key=lambda s: new[s].mu) == best[0]


def test_games_count_and_sigma_shrink_from_stored_priors() -> None:
    m = play("shisanzhang", 4, seed=3)
    prior: list[Skill | None] = [None, Skill(30.0, 5.0, 3), Skill(20.0, 6.0, 12), None]
    new = rate_match("shisanzhang", m.deals, m.totals, prior)
    assert [s.games for s in new] == [1, 4, 13, 1]
    for p, n in zip(prior, new, strict=True):
        assert n.sigma < (p or DEFAULT).sigma


def test_prior_matters_a_favourite_gains_less() -> None:
    m = play("gin", seed=2)
    w = m.end.winners[0] if m.end else 0
    plain = rate_match("gin", m.deals, m.totals, [None, None])
    strong: list[Skill | None] = [None, None]
    strong[w] = Skill(35.0, DEFAULT.sigma, 0)
    favoured = rate_match("gin", m.deals, m.totals, strong)
    assert 0 < favoured[w].mu - 35.0 < plain[w].mu - DEFAULT.mu


def test_pure_and_repeatable() -> None:
    m = play("dummy", 4, seed=5)
    prior: list[Skill | None] = [Skill(26.0, 7.0, 4), None, None, Skill(24.0, 6.5, 9)]
    totals = list(m.totals)
    a = rate_match("dummy", m.deals, totals, prior)
    b = rate_match("dummy", m.deals, totals, prior)
    assert a == b
    assert prior == [Skill(26.0, 7.0, 4), None, None, Skill(24.0, 6.5, 9)]
    assert totals == m.totals


# --- ties -------------------------------------------------------------------------------

def test_equal_totals_tie() -> None:
    m = play("zuihoushengli", 4, seed=1)
    new = rate_match("zuihoushengli", m.deals, [7, 7, 0, -3], [None] * 4)
    assert new[0] == new[1]
    assert new[0].mu > DEFAULT.mu > new[3].mu

    g = play("gin", seed=1)
    drawn = rate_match("gin", g.deals, [150, 150], [None, None])
    assert drawn[0] == drawn[1]
    assert drawn[0].mu == pytest.approx(DEFAULT.mu)

    s = play("sibaifen", seed=1)
    level = rate_match("sibaifen", s.deals, [500] * 4, [None] * 4)
    assert len(set(level)) == 1


# --- partnerships -----------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sibaifen_partners(seed: int) -> None:
    m = play("sibaifen", seed=seed)
    view = m.deals[-1].view(None, log=False)
    teams = teams_of_match("sibaifen", m.deals, 4)
    assert teams == [[0, 2], [1, 3]]
    assert partition(teams) == partition(view["partners"])
    assert model_of("sibaifen") == ratings.PARTNERSHIPS
    new = rate_match("sibaifen", m.deals, m.totals, [None] * 4)
    assert m.end is not None
    won = set(m.end.winners)
    assert won in ({0, 2}, {1, 3})
    for s in range(4):
        assert (new[s].mu > DEFAULT.mu) == (s in won)
        assert new[s].games == 1
    a, b = sorted(won)
    assert new[a] == new[b]            # partners with equal priors move together
    # partners with different priors still move the same way
    prior: list[Skill | None] = [Skill(30.0, 4.0, 20), Skill(22.0, 6.0, 8), None, Skill(25.0, 3.0, 40)]
    mixed = rate_match("sibaifen", m.deals, m.totals, prior)
    for s in range(4):
        assert (mixed[s].mu > (prior[s] or DEFAULT).mu) == (s in won)


def one_deal(game: str, players: int, rules: dict[str, Any], seeds: range) -> list[Match]:
    found = []
    for seed in seeds:
        m = play(game, players, rules, seed=seed)
        if len(m.deals) == 1:
            found.append(m)
    assert found, f"no one-deal {game} match among seeds {seeds}"
    return found


def test_zhuoheia_one_deal_sides_as_the_final_view_reveals() -> None:
    team_rated = 0
    for players in (4, 5):
        for m in one_deal("zhuoheia", players, {"deals": 1}, range(1, 13)):
            view = m.deals[0].view(None, log=False)
            dealer, partner = view["dealer"], view["partner"]
            assert partner is not None               # revealed once the hand is over
            side = {dealer} if partner == "alone" else {dealer, partner}
            rest = set(range(players)) - side
            teams = teams_of_match("zhuoheia", m.deals, players)
            if len(side) == len(rest):
                assert partition(teams) == {frozenset(side), frozenset(rest)}
                team_rated += 1
            else:                                    # unequal sides: free-for-all
                assert teams == [[s] for s in range(players)]
            new = rate_match("zhuoheia", m.deals, m.totals, [None] * players)
            assert m.end is not None and set(m.end.winners) in (side, rest)
            for s in range(players):
                assert (new[s].mu > DEFAULT.mu) == (s in m.end.winners), (view, new)
    assert team_rated, "no 2-against-2 hand among the seeds"


def test_zhuoheia_sides_that_change_rate_free_for_all() -> None:
    changed = 0
    for seed in range(1, 6):
        m = play("zhuoheia", 4, {"deals": 3, "score_per_hand": 1}, seed=seed)
        sides = []
        for d in m.deals:
            v = d.view(None, log=False)
            side = {v["dealer"]} if v["partner"] == "alone" else {v["dealer"], v["partner"]}
            sides.append(frozenset(side))
        teams = teams_of_match("zhuoheia", m.deals, 4)
        if len(set(sides)) > 1:
            changed += 1
            assert teams == [[0], [1], [2], [3]]
            new = rate_match("zhuoheia", m.deals, m.totals, [None] * 4)
            top = max(m.totals)
            for s in range(4):
                if m.totals[s] == top and len(set(m.totals)) > 1:
                    assert new[s].mu > DEFAULT.mu
    assert changed, "the sides never changed between hands among the seeds"


def test_yijiang_teams() -> None:
    for m in one_deal("yijiang", 4, {"target": 1}, range(1, 6)):
        view = m.deals[0].view(None, log=False)
        assert view["teams"] is True
        assert teams_of_match("yijiang", m.deals, 4) == [[0, 2], [1, 3]]
        new = rate_match("yijiang", m.deals, m.totals, [None] * 4)
        assert m.end is not None
        won = set(m.end.winners)
        assert won in ({0, 2}, {1, 3})
        for s in range(4):
            assert (new[s].mu > DEFAULT.mu) == (s in won)
    for players, rules in ((4, {"target": 1, "teams_when_four": False}), (3, {"target": 1})):
        for m in one_deal("yijiang", players, rules, range(1, 4)):
            assert m.deals[0].view(None, log=False)["teams"] is False
            assert teams_of_match("yijiang", m.deals, players) == [[s] for s in range(players)]


def test_optional_partnerships_of_other_games() -> None:
    m = play("jianshisifen", 6, {"teams": 3})
    assert partition(teams_of_match("jianshisifen", m.deals, 6)) == {
        frozenset({0, 3}), frozenset({1, 4}), frozenset({2, 5})}
    m = play("jianshisifen", 4, preset="teams")
    assert teams_of_match("jianshisifen", m.deals, 4) == [[0, 2], [1, 3]]
    m = play("biefufen", 4, {"teams": "alternate"})
    labels = m.deals[-1].view(None, log=False)["teams"]
    expected = {frozenset(s for s in range(4) if labels[s] == t) for t in set(labels)}
    assert partition(teams_of_match("biefufen", m.deals, 4)) == expected
    new = rate_match("biefufen", m.deals, m.totals, [None] * 4)
    for team in expected:
        a, b = sorted(team)
        assert new[a] == new[b]


# --- what players see --------------------------------------------------------------------

def test_display_and_provisional() -> None:
    assert display_rating(DEFAULT) == ratings.RATING_BASE
    assert provisional(DEFAULT)
    assert display_rating(Skill(30.0, 3.0, 20)) > display_rating(Skill(28.0, 3.0, 20))
    assert display_rating(Skill(30.0, 3.0, 20)) > display_rating(Skill(30.0, 4.0, 20))
    assert display_rating(Skill(-200.0, 8.0, 1)) == 0
    assert isinstance(display_rating(Skill(27.3, 5.1, 3)), int)
    assert not provisional(Skill(30.0, 3.0, ratings.PROVISIONAL_GAMES))
    assert provisional(Skill(30.0, 3.0, ratings.PROVISIONAL_GAMES - 1))
    assert provisional(Skill(30.0, ratings.PROVISIONAL_SIGMA + 0.1, 100))


def test_model_names() -> None:
    assert model_of("gin") == ratings.FREE_FOR_ALL
    assert model_of("remik") == ratings.FREE_FOR_ALL
    assert model_of("zhuoheia") == ratings.HIDDEN_PARTNERSHIPS
    assert model_of("yijiang") == ratings.OPTIONAL_PARTNERSHIPS
    with pytest.raises(ValueError, match="unknown game"):
        model_of("chess")


# --- bad input ---------------------------------------------------------------------------

def test_bad_input() -> None:
    m = play("dummy", 4, seed=2)
    with pytest.raises(ValueError, match=r"prior must hold one Skill or None per seat \(4 seats\), not 3"):
        rate_match("dummy", m.deals, m.totals, [None] * 3)
    with pytest.raises(ValueError, match="totals must hold one number per seat"):
        rate_match("dummy", m.deals, m.totals[:2], [None] * 4)
    with pytest.raises(ValueError, match=r"prior\[1\] must be a Skill"):
        rate_match("dummy", m.deals, m.totals, [None, (25.0, 8.3), None, None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="unknown game"):
        rate_match("chess", m.deals, m.totals, [None] * 4)
    with pytest.raises(ValueError, match="not of 'gin'"):
        rate_match("gin", m.deals, m.totals, [None] * 4)
    with pytest.raises(ValueError, match="none were given"):
        rate_match("dummy", [], m.totals, [None] * 4)
    unfinished = new_match("dummy", 4, seed=1).state
    with pytest.raises(ValueError, match="not over"):
        rate_match("dummy", [unfinished], [0] * 4, [None] * 4)
    with pytest.raises(ValueError, match="sigma"):
        Skill(25.0, 0.0, 0)
    with pytest.raises(ValueError, match="games"):
        Skill(25.0, 8.0, -1)
