"""shorten: a name fits its column, cut with an ellipsis only when it must be."""

from widgets.text_fit import KeepTail, shorten


def test_a_name_that_fits_is_kept_whole():
    assert shorten("Ann", 3) == "Ann"


def test_a_longer_name_keeps_its_start_and_an_ellipsis_within_the_width():
    assert shorten("Alexandra", 5) == "Alex…"
    assert len(shorten("Alexandra", 5)) == 5


def test_no_room_leaves_only_the_ellipsis():
    assert shorten("Alexandra", 1) == "…"
    assert shorten("Alexandra", 0) == "…"


def test_a_listed_card_cut_to_its_width_keeps_its_colour():
    label = KeepTail("Strategists Guild / Guilda dos Estrategistas (purple)")
    assert label.fit(42) == "Strategists Guild / Guilda dos E… (purple)"
    assert len(label.fit(42)) == 42
    assert label.fit(60) == str(label) == "Strategists Guild / Guilda dos Estrategistas (purple)"


def test_a_label_without_a_bracket_or_too_narrow_for_it_is_cut_at_its_end():
    assert KeepTail("Forgotten Port / Porto Esquecido").fit(10) == "Forgotten…"
    assert KeepTail("Stockade (red)").fit(6) == "Stock…"
