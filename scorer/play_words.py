"""When and how a game was played, in words: the start time, the length and the scoring mode as History,
`history`, a past game's sheet and the picture show them (scorer.play_time holds the values)."""

from __future__ import annotations

from datetime import datetime

from scorer.i18n import t


def start_time(started_at: str | None) -> str:
    """The time of day the game started, as the table's clock showed it ('20:15'), '' if not known."""
    return datetime.fromisoformat(started_at).strftime("%H:%M") if started_at else ""


def length_words(seconds: int | None) -> str:
    """'1 h 12 min', '52 min', 'under 1 min'; '' when the length is not known."""
    if seconds is None:
        return ""
    hours, minutes = divmod(seconds // 60, 60)
    if hours:
        return t("play.length.hours", hours=hours, minutes=f"{minutes:02d}")
    return t("play.length.minutes", minutes=minutes) if minutes else t("play.length.under_a_minute")


def mode_words(score_pad: bool) -> str:
    """The game's scoring mode: 'score pad' (typed at the end) or 'age by age'."""
    return t("play.mode.score_pad" if score_pad else "play.mode.age_by_age")


def when_words(started_at: str | None, seconds: int | None) -> str:
    """'20:15 · 1 h 12 min', either part alone when only it is known, '' when neither is."""
    return " · ".join(part for part in (start_time(started_at), length_words(seconds)) if part)


def short_when(started_at: str | None, seconds: int | None) -> str:
    """'20:15 1h12', '20:15 52m' in 10 columns (History's list): either part alone when only it is known."""
    if seconds is None:
        short = ""
    elif seconds >= 3600:
        short = t("play.short.hours", hours=seconds // 3600, minutes=f"{seconds // 60 % 60:02d}")
    elif seconds >= 60:
        short = t("play.short.minutes", minutes=seconds // 60)
    else:  # "0m" read as a game of no length: a pad typed at the end is seen for seconds
        short = t("play.short.under_a_minute")
    return " ".join(part for part in (start_time(started_at), short) if part)
