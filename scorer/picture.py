"""The score sheet as a picture for the group chat: rows × players like the paper pad, totals, places, ★ for
the winners, teams, the day, when and how long it was played, each player's wonder and side, the note.

One layout (`sheet_picture`: positioned marks, in the table's language) drawn by two writers, so the PNG and
the SVG never differ: `png_bytes` through Pillow (imported only there), `svg_text` by hand (text elements a chat app
or a browser draws with its own fonts). The PNG's font ships with the package (scorer/fonts: DejaVu Sans,
subset to Latin-1 and a few signs, 20 kB a weight): Pillow's built-in font has no accented letters, so
"Babilônia" lost its ô. The picture is 1080 px wide, a phone screen's width at full resolution, and as tall as
the sheet needs. Text widths are estimated (AVERAGE_WIDTH of the font size per character, DejaVu's mean, a
bold one's wider) so both writers shorten the same names the same way. The star is drawn as a shape, the same
in both.
"""

from __future__ import annotations

import io
import math
import textwrap
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Literal

from scorer.catalog import load_catalog
from scorer.flow import score_pad
from scorer.i18n import local_name, ordinal, t
from scorer.model import GameRecord
from scorer.play_time import play_length
from scorer.play_words import mode_words, when_words
from scorer.rules.sheet import Sheet, winner_words

WIDTH = 1080
MARGIN = 40
LABEL_WIDTH = 200
ROW_HEIGHT = 50
AVERAGE_WIDTH = 0.55  # of the font size: a character's mean width (DejaVu Sans: 0.52, bold 0.58), a little wide
BOLD_WIDTH = 0.62
FORMATS = (".png", ".svg")

INK, MUTED, PAPER, STRIPE = "#22201c", "#6b655b", "#fbf8f1", "#f1ece0"
GOLD, WON, WON_STRIPE = "#b8860b", "#fff1c2", "#f7e4a6"  # the star; a winner's column, on a plain and a striped row
# Each row's colour on the paper pad (the cards' colours; the Armada rows as its board prints them).
ROW_COLOURS = {
    "military": "#c0392b",
    "naval": "#1f5f99",
    "treasury": "#c9a227",
    "wonder": "#8a6d3b",
    "civilian": "#2e6fd8",
    "commercial": "#e0a800",
    "guilds": "#7b3fa0",
    "science": "#2e8b57",
    "leaders": "#9e9e9e",
    "islands": "#17877f",
    "dockyard": "#34495e",
}

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, slots=True)
class Box:
    """A filled rectangle."""

    x: float
    y: float
    width: float
    height: float
    colour: str


@dataclass(frozen=True, slots=True)
class Words:
    """A line of text, `y` its baseline, `x` where `anchor` puts it."""

    x: float
    y: float
    text: str
    size: int
    colour: str = INK
    bold: bool = False
    anchor: Anchor = "start"


@dataclass(frozen=True, slots=True)
class Star:
    """A five-pointed star centred on (x, y), `radius` to its points."""

    x: float
    y: float
    radius: float
    colour: str = GOLD

    def points(self) -> list[tuple[float, float]]:
        return [
            (
                self.x + (self.radius if i % 2 == 0 else self.radius * 0.45) * math.sin(math.pi * i / 5),
                self.y - (self.radius if i % 2 == 0 else self.radius * 0.45) * math.cos(math.pi * i / 5),
            )
            for i in range(10)
        ]


Mark = Box | Words | Star


@dataclass(frozen=True, slots=True)
class Picture:
    width: int
    height: int
    marks: tuple[Mark, ...]


def fits(text: str, size: int, width: float, *, bold: bool = False) -> str:
    """`text` shortened with an ellipsis to what `width` px hold at `size`."""
    room = max(int(width / (size * (BOLD_WIDTH if bold else AVERAGE_WIDTH))), 2)
    return text if len(text) <= room else text[: room - 1].rstrip() + "…"


def wrapped(text: str, size: int, width: float) -> list[str]:
    """`text` in lines of at most `width` px at `size`, broken between words."""
    return textwrap.wrap(text, width=max(int(width / (size * AVERAGE_WIDTH)), 8))


def sheet_picture(record: GameRecord, sheet: Sheet) -> Picture:
    """The layout of `record`'s score sheet (`sheet`, scored by scorer.rules.sheet), in the current language."""
    marks: list[Mark] = []
    y: float = MARGIN + 40
    boxes = " + ".join(name.capitalize() for name in ("leaders", "armada") if name in record.expansions)
    marks.append(Words(MARGIN, y, " · ".join(filter(None, ("7 Wonders", boxes))), 40, bold=True))
    played = [date.fromisoformat(record.played_on).strftime(t("filter.day_format"))] if record.played_on else []
    seconds = play_length(record.started_at, record.ended_at, record.played_seconds)
    about = " · ".join(
        [*played, *filter(None, [when_words(record.started_at, seconds)]), mode_words(score_pad(record))]
    )
    y += 44
    marks.append(Words(MARGIN, y, about, 26, MUTED))
    if record.note:
        for line in wrapped(f"“{record.note}”", 26, WIDTH - 2 * MARGIN):
            y += 36
            marks.append(Words(MARGIN, y, line, 26, INK))
    y += 30
    y = _table(marks, record, sheet, y)
    for line in _result_lines(sheet):
        y += 40
        marks.append(Words(MARGIN, y, line, 28, bold=True))
    y += 50
    marks.append(Words(WIDTH - MARGIN, y, t("picture.made_by"), 20, MUTED, anchor="end"))
    return Picture(WIDTH, int(y + MARGIN / 2), (Box(0, 0, WIDTH, int(y + MARGIN / 2), PAPER), *marks))


def _table(marks: list[Mark], record: GameRecord, sheet: Sheet, top: float) -> float:
    """The rows × players grid from `top`; returns the y under it."""
    catalog, players = load_catalog(), sheet.players
    column = (WIDTH - 2 * MARGIN - LABEL_WIDTH) / len(players)
    seats = {seat.name: seat for seat in record.players}
    left = MARGIN + LABEL_WIDTH
    rows = [*sheet.rows, "total", "coins", "place"]
    won = [i for i, player in enumerate(players) if player.name in sheet.winners]
    for i in won:  # the winners' columns, under their names
        marks.append(Box(left + i * column + 2, top, column - 4, 2 * ROW_HEIGHT + 16, WON))
    name_size = 30 if column >= 120 else 24
    for i, player in enumerate(players):
        middle = left + (i + 0.5) * column
        room = column - (34 if i in won else 8)
        name = fits(player.name, name_size, room, bold=True)
        if i in won:
            shift = min(len(name) * name_size * BOLD_WIDTH, room) / 2
            marks.append(Star(middle + 13 - shift - 20, top + 30, 13))
            marks.append(Words(middle + 13, top + 40, name, name_size, bold=True, anchor="middle"))
        else:
            marks.append(Words(middle, top + 40, name, name_size, bold=True, anchor="middle"))
        seat = seats[player.name]
        wonder = catalog.wonder(seat.wonder)
        wonder_name = local_name(wonder) if wonder is not None else seat.wonder
        side = f" {seat.side}" if seat.side else ""
        # the wonder whole in the largest size that holds it, else shortened in the smallest
        size = next((size for size in (20, 18) if len(wonder_name + side) * size * AVERAGE_WIDTH <= column - 8), 16)
        label = fits(wonder_name, size, column - 8 - len(side) * size * AVERAGE_WIDTH) + side
        marks.append(Words(middle, top + 74, label, size, MUTED, anchor="middle"))
    y = top + 2 * ROW_HEIGHT + 16
    by_name = {p.name: p for p in players}
    for n, row in enumerate(rows):
        striped = n % 2 == 0 and row != "total"
        if striped:
            marks.append(Box(MARGIN, y, WIDTH - 2 * MARGIN, ROW_HEIGHT, STRIPE))
        for i in won:
            marks.append(Box(left + i * column + 2, y, column - 4, ROW_HEIGHT, WON_STRIPE if striped else WON))
        if row == "total":
            marks.append(Box(MARGIN, y, WIDTH - 2 * MARGIN, 3, INK))
        if row in ROW_COLOURS:
            marks.append(Box(MARGIN, y + 8, 10, ROW_HEIGHT - 16, ROW_COLOURS[row]))
        baseline = y + ROW_HEIGHT / 2 + 10
        bold = row in ("total", "place")
        label = t(f"sheet.rows.{row}")
        marks.append(Words(MARGIN + 20, baseline, fits(label, 26, LABEL_WIDTH - 24, bold=bold), 26, bold=bold))
        for i, name in enumerate(p.name for p in players):
            player = by_name[name]
            if row == "total":
                value = str(player.total)
            elif row == "coins":
                value = str(player.coins)
            elif row == "place":
                value = ordinal(player.rank)
            else:
                value = str(player.rows[row].value)
            size = 30 if bold else 28
            marks.append(Words(left + (i + 0.5) * column, baseline, value, size, bold=bold, anchor="middle"))
        y += ROW_HEIGHT
    return y


def _result_lines(sheet: Sheet) -> list[str]:
    """The teams by place, then who won (or the tie-break) in words, wrapped to the picture's width."""
    lines: list[str] = []
    width = WIDTH - 2 * MARGIN
    if sheet.teams:
        entries = " · ".join(
            t("sheet.teams.entry", place=ordinal(team.rank), members="+".join(team.members), total=team.total)
            for team in sorted(sheet.teams, key=lambda team: team.rank)
        )
        lines += wrapped(f"{t('sheet.teams.heading')}: {entries}", 28, width)
    won = winner_words(sheet)
    if won is None:
        tie = next(ruling.summary for ruling in sheet.rulings if ruling.rule_id == "final.tie-break")
        said = f"{t('sheet.result.tie_break')} {tie}"
    else:
        said = f"★ {won}"
    return lines + wrapped(said, 28, width)


# --- the two writers ----------------------------------------------------------------------------------------


def svg_text(picture: Picture) -> str:
    """The picture as SVG: its texts are text (a browser or chat app draws them with its own sans font)."""
    from xml.sax.saxutils import escape

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{picture.width}" height="{picture.height}" '
        f'viewBox="0 0 {picture.width} {picture.height}" font-family="DejaVu Sans, Verdana, sans-serif">'
    ]
    for mark in picture.marks:
        if isinstance(mark, Box):
            out.append(
                f'<rect x="{mark.x:g}" y="{mark.y:g}" width="{mark.width:g}" height="{mark.height:g}" '
                f'fill="{mark.colour}"/>'
            )
        elif isinstance(mark, Star):
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in mark.points())
            out.append(f'<polygon points="{points}" fill="{mark.colour}"/>')
        else:
            weight = ' font-weight="bold"' if mark.bold else ""
            out.append(
                f'<text x="{mark.x:g}" y="{mark.y:g}" font-size="{mark.size}" fill="{mark.colour}" '
                f'text-anchor="{mark.anchor}"{weight}>{escape(mark.text)}</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def png_bytes(picture: Picture) -> bytes:
    """The picture as PNG, drawn by Pillow with the fonts shipped in scorer/fonts."""
    from importlib.resources import files

    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (picture.width, picture.height), PAPER)
    draw = ImageDraw.Draw(image)
    faces = {
        bold: (files("scorer") / "fonts" / f"DejaVuSans{'-Bold' if bold else ''}.ttf").read_bytes()
        for bold in (False, True)
    }
    fonts: dict[tuple[int, bool], ImageFont.FreeTypeFont] = {}
    anchors = {"start": "ls", "middle": "ms", "end": "rs"}
    for mark in picture.marks:
        if isinstance(mark, Box):
            draw.rectangle((mark.x, mark.y, mark.x + mark.width - 1, mark.y + mark.height - 1), fill=mark.colour)
        elif isinstance(mark, Star):
            draw.polygon(mark.points(), fill=mark.colour)
        else:
            key = (mark.size, mark.bold)
            if key not in fonts:
                fonts[key] = ImageFont.truetype(io.BytesIO(faces[mark.bold]), mark.size)
            draw.text((mark.x, mark.y), mark.text, fill=mark.colour, font=fonts[key], anchor=anchors[mark.anchor])
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def picture_bytes(picture: Picture, suffix: str) -> bytes:
    """The picture in the format its file's suffix names (FORMATS)."""
    return png_bytes(picture) if suffix.lower() == ".png" else svg_text(picture).encode("utf-8")


def file_format(path: Path) -> str | None:
    """The picture format a file's name asks for ('.png', '.svg'), None for any other."""
    suffix = path.suffix.lower()
    return suffix if suffix in FORMATS else None


# --- the picture as a file -----------------------------------------------------------------------------------


def write_picture(picture: Picture, path: Path, history: Path, *, replace: bool = False) -> None:
    """Write `picture` to `path` in the format its suffix names, atomically, under the rules of every file the
    history's edges write (scorer.history.target: never the history's own files, a link or a device; an
    existing file only with `replace`). Raises InputError for a suffix that names no format."""
    from scorer.errors import InputError
    from scorer.history import target

    suffix = file_format(path)
    if suffix is None:
        raise InputError("--image", str(path), t("picture.formats"))
    target.check(path, history, replace=replace)
    data = picture_bytes(picture, suffix)  # drawn before the file is opened: a failure leaves nothing behind
    with target.written(path) as out:
        out.write(data)


def picture_beside(history: Path, record: GameRecord, suffix: str = ".png") -> Path:
    """Where the table app keeps a game's picture: a `pictures` folder beside the history, named by the day
    and the game's short id, never over an earlier one ('2026-12-11-7c3b9e21-2.png' for a second)."""
    folder = history.parent / "pictures"
    stem = f"{record.played_on or date.today().isoformat()}-{record.id[:8]}"
    path, n = folder / f"{stem}{suffix}", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}{suffix}"
    return path
