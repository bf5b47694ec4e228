"""shorten: a name cut to the columns it has, for the sheet's player columns and the history's table."""


def shorten(name: str, width: int) -> str:
    """`name` itself when it fits `width` characters, else its start and an ellipsis, `width` in all."""
    return name if len(name) <= width else name[: max(width - 1, 0)] + "…"
