"""Measured spreads of deal values (written by bench/review_calibration.py; do not edit).

``MEASURED[game][players]``: ``sd`` the standard deviation of a seat's deal value in review
points over ``deals`` heuristic self-play deals (default rules, seeds from ``SEED``), ``unit``
``wins`` where every deal scored all seats alike.  docs/review.md has the table."""

FRACTIONS = {"inaccuracy": 0.1, "mistake": 0.25, "blunder": 0.5}
DEALS = 1000
SEED = 0
MEASURED: dict[str, dict[str, dict[str, float | int | str]]] = {
    "biefufen": {
        "2": {"sd": 3.427, "unit": "points", "deals": 1000},
        "3": {"sd": 3.74, "unit": "points", "deals": 1000},
        "4": {"sd": 4.021, "unit": "points", "deals": 1000},
        "5": {"sd": 3.719, "unit": "points", "deals": 1000},
        "6": {"sd": 3.421, "unit": "points", "deals": 1000},
        "7": {"sd": 3.158, "unit": "points", "deals": 1000},
        "8": {"sd": 3.168, "unit": "points", "deals": 1000},
    },
    "bieqi": {
        "2": {"sd": 2.001, "unit": "points", "deals": 1000},
        "3": {"sd": 1.225, "unit": "points", "deals": 1000},
        "4": {"sd": 0.943, "unit": "points", "deals": 1000},
        "5": {"sd": 0.791, "unit": "points", "deals": 1000},
        "6": {"sd": 0.693, "unit": "points", "deals": 1000},
    },
    "dummy": {
        "2": {"sd": 162.785, "unit": "points", "deals": 1000},
        "3": {"sd": 131.49, "unit": "points", "deals": 1000},
        "4": {"sd": 117.542, "unit": "points", "deals": 1000},
    },
    "gin": {
        "2": {"sd": 19.279, "unit": "points", "deals": 1000},
    },
    "jianshisifen": {
        "3": {"sd": 9.927, "unit": "points", "deals": 1000},
        "4": {"sd": 7.277, "unit": "points", "deals": 1000},
        "5": {"sd": 6.109, "unit": "points", "deals": 1000},
        "6": {"sd": 5.645, "unit": "points", "deals": 1000},
    },
    "remik": {
        "2": {"sd": 39.42, "unit": "points", "deals": 1000},
        "3": {"sd": 53.544, "unit": "points", "deals": 1000},
        "4": {"sd": 51.748, "unit": "points", "deals": 1000},
        "5": {"sd": 52.341, "unit": "points", "deals": 1000},
        "6": {"sd": 50.695, "unit": "points", "deals": 1000},
    },
    "shisanzhang": {
        "2": {"sd": 22.66, "unit": "points", "deals": 1000},
        "3": {"sd": 36.041, "unit": "points", "deals": 1000},
        "4": {"sd": 52.881, "unit": "points", "deals": 1000},
    },
    "sibaifen": {
        "4": {"sd": 124.081, "unit": "points", "deals": 1000},
    },
    "wushiyifen": {
        "2": {"sd": 43.818, "unit": "points", "deals": 1000},
        "3": {"sd": 30.923, "unit": "points", "deals": 1000},
        "4": {"sd": 25.364, "unit": "points", "deals": 1000},
        "5": {"sd": 21.683, "unit": "points", "deals": 1000},
    },
    "yijiang": {
        "2": {"sd": 9.127, "unit": "points", "deals": 1000},
        "3": {"sd": 3.072, "unit": "points", "deals": 1000},
        "4": {"sd": 2.752, "unit": "points", "deals": 1000},
    },
    "zhuoheia": {
        "4": {"sd": 0.645, "unit": "wins", "deals": 1000},
        "5": {"sd": 0.593, "unit": "wins", "deals": 1000},
    },
    "zuihoushengli": {
        "4": {"sd": 30.372, "unit": "points", "deals": 1000},
        "5": {"sd": 25.742, "unit": "points", "deals": 1000},
        "6": {"sd": 23.666, "unit": "points", "deals": 1000},
    },
}
