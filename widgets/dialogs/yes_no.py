"""yes_no: a checkbox's state in words, for every tick box of the Rulings panes and the coins-lost dialog."""

from scorer.i18n import t


def yes_no(ticked: bool) -> str:
    """A checkbox's state spelled out beside the box, so it reads the same in a 16-colour terminal as in any other."""
    return t("coins.yes") if ticked else t("coins.no")
