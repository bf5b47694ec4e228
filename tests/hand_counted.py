"""Conflict tokens and strengths of the example games, counted by hand from the rulebooks (the counts are the
comment blocks of tests/unit/test_examples.py): the scorer's figures (tests/unit/test_examples.py) and the
conflicts screen's (tests/tui/test_conflicts.py) are checked against the same tables."""

# leaders-armada-7p.json, per age.
ARMADA_7P_NAVAL_TOKENS = {
    1: {"Ana": 0, "Ben": -1, "Cris": 0, "Dora": -1, "Enzo": 0, "Flor": 1, "Guto": 1},
    2: {"Ana": 0, "Ben": -2, "Cris": 0, "Dora": -2, "Enzo": 0, "Flor": 5, "Guto": 0},
    3: {"Ana": 0, "Ben": -3, "Cris": 0, "Dora": 0, "Enzo": 3, "Flor": 7, "Guto": 3},
}
ARMADA_7P_NAVAL_STRENGTH = {
    1: {"Ana": 1, "Ben": 0, "Cris": 1, "Dora": 0, "Enzo": 2, "Flor": 3, "Guto": 3},
    2: {"Ana": 2, "Ben": 1, "Cris": 1, "Dora": 1, "Enzo": 5, "Flor": 7, "Guto": 5},
    3: {"Ana": 3, "Ben": 1, "Cris": 3, "Dora": 2, "Enzo": 6, "Flor": 12, "Guto": 6},
}
ARMADA_7P_GROUND_TOKENS = {  # per age, sorted
    1: {"Ana": [-1, 1], "Ben": [-1, -1], "Cris": [-1, 1, 1], "Dora": [-1, -1], "Enzo": [1, 1], "Flor": [], "Guto": [1]},
    2: {
        "Ana": [-1, -1],
        "Ben": [-1, 3, 3],
        "Cris": [-1, 3],
        "Dora": [-1, -1],
        "Enzo": [-1, 3],
        "Flor": [-1, 3],
        "Guto": [3, 3, 3],
    },
    3: {
        "Ana": [-1, -1],
        "Ben": [5, 5],
        "Cris": [-1, 5],
        "Dora": [-1, -1],
        "Enzo": [-1, 5],
        "Flor": [-1, 5],
        "Guto": [5, 5],
    },
}


# teams-armada-6p.json, per age.
TEAMS_6P_GROUND_TOKENS = {  # per age, sorted
    1: {"Ari": [1, 1, 1], "Bel": [1, 1], "Caz": [-1, -1], "Dev": [], "Eli": [-1], "Fay": [-1, -1]},
    2: {"Ari": [3, 3], "Bel": [3, 3, 3], "Caz": [-1, -1], "Dev": [-1, -1, -1], "Eli": [3, 3], "Fay": [-1, -1]},
    3: {"Ari": [5, 5], "Bel": [5, 5], "Caz": [-1, -1], "Dev": [-1, -1], "Eli": [5, 5], "Fay": [-1, -1]},
}
