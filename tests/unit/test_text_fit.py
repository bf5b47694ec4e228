"""shorten: a name fits its column, cut with an ellipsis only when it must be."""

from widgets.text_fit import shorten


def test_a_name_that_fits_is_kept_whole():
    assert shorten("Ann", 3) == "Ann"


def test_a_longer_name_keeps_its_start_and_an_ellipsis_within_the_width():
    assert shorten("Alexandra", 5) == "Alex…"
    assert len(shorten("Alexandra", 5)) == 5


def test_no_room_leaves_only_the_ellipsis():
    assert shorten("Alexandra", 1) == "…"
    assert shorten("Alexandra", 0) == "…"
