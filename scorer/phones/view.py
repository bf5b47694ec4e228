"""A seat's view (scorer.seat) said in the current language, as the JSON a phone page renders.

Called inside scorer.i18n.speaking(<the phone's language>), so every word is the phone's while the table
app keeps its own. Names are the table app's (scorer.search.label_of, the age screen's catalogue keys), so a
phone and the laptop call every card, island, leader and Dockyard space the same. Every text here is data
for the page's script, which puts it in the page as text (never as HTML).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from scorer.catalog import Leader, fold
from scorer.dockyard_words import fleet_note
from scorer.flow import Step
from scorer.i18n import local_name, ordinal, t
from scorer.rules.turns import AgeTurns
from scorer.ruling import age_name
from scorer.search import label_of
from scorer.seat import SeatView
from scorer.session import GameSession

if TYPE_CHECKING:
    from scorer.rules.sheet import Cell


def colour_words(colour: str) -> str:
    return t(f"picker.colour.{colour}")


def step_title(step: Step) -> str:
    """'Age I', 'Leaders — Age II', 'End of the game', 'Score sheet' in the phones' words."""
    if step.age is not None:
        return t(f"phones.step.{step.kind}", age=age_name(step.age))
    return t(f"phones.step.{step.kind}")


def state_json(state: SeatView, session: GameSession) -> dict[str, Any]:
    """Everything the seat's page shows now, worded."""
    out: dict[str, Any] = {
        "player": state.player,
        "version": state.version,
        "step": {"kind": state.step.kind, "age": state.step.age, "title": step_title(state.step)},
        "quick": state.quick,
        "missing": [{"code": code, "text": t(f"phones.missing.{code}")} for code in state.missing],
    }
    if state.step.kind == "age":
        out |= _age_json(state, session)
    elif state.step.kind == "recruitment" and state.recruitment is not None:
        recruitment = state.recruitment
        out["recruitment"] = {
            "leader": recruitment.leader.id if recruitment.leader else None,
            "use": recruitment.use,
            "uses": [{"value": use, "label": t(f"phones.use.{use}")} for use in ("recruit", "wonder", "discard")],
            "choices": [{"id": leader.id, "name": label_of(leader)} for leader in leader_order(recruitment.choices)],
        }
    elif state.step.kind in ("end", "sheet"):
        out["coins"] = state.coins
    if state.step.kind == "sheet":
        out["sheet"] = sheet_json(session, state.player)
    return out


def leader_order(leaders: Iterable[Leader]) -> list[Leader]:
    """Leaders by their name in the current language, as the recruitment screen lists them (the catalogue's
    order put Semiramis after Zenobia)."""
    return sorted(leaders, key=lambda leader: fold(local_name(leader)))


def _age_json(state: SeatView, session: GameSession) -> dict[str, Any]:
    track = session.track
    out: dict[str, Any] = {
        "cards": [
            {"index": i, "id": card.id, "name": label_of(card, colour_words(card.colour))}
            for i, card in enumerate(state.cards)
        ],
        "discarded": state.discarded,
        "stages": {
            "value": state.stages,
            "most": state.stages_most,
            "note": t("phones.stages_note", built=state.wonder_stages_built, total=state.wonder_stages_total),
        },
        # The age screen's "turns 6 of 7" (scorer.rules.turns): what the city's cards and stages account for.
        "turns": None if state.turns is None else turns_json(state.turns),
        "leaders": [t(f"age.leader.{use}", leader=local_name(leader)) for leader, use in state.leaders],
        "fleets": [
            {
                "colour": fleet.colour,
                "label": colour_words(fleet.colour).capitalize(),
                "position": fleet.position,
                "lowest": fleet.lowest,
                "spaces": [
                    {"position": space.position, "note": fleet_note(track, fleet.colour, space.position)}
                    for space in fleet.spaces
                ],
            }
            for fleet in state.fleets
        ],
        "islands": [{"index": i, "name": label_of(island)} for i, island in enumerate(state.islands)],
        "free_islands": [{"id": island.id, "name": label_of(island)} for island in state.free_islands],
        "incursions": [
            {
                "index": incursion.index,
                "card": local_name(incursion.card),
                "target": incursion.target,
                "choices": [
                    {"value": incursion.choices[0], "label": t("age.incursion.left", player=incursion.choices[0])},
                    {"value": incursion.choices[1], "label": t("age.incursion.right", player=incursion.choices[1])},
                ],
            }
            for incursion in state.incursions
        ],
        "courtesans": None,
        "opt_out": None,
    }
    if state.courtesans is not None:
        guild = state.courtesans
        out["courtesans"] = {
            "guild": local_name(guild.guild),
            "chosen": guild.chosen.id if guild.chosen else None,
            "choices": [
                {"id": leader.id, "label": t("age.courtesans.option", leader=local_name(leader), player=owner)}
                for leader, owner in guild.choices
            ],
        }
    if state.opt_out is not None:
        out["opt_out"] = {"label": t("age.abstain", island=local_name(state.opt_out)), "value": state.abstain_naval}
    return out


def turns_json(turns: AgeTurns) -> dict[str, Any]:
    """The age's plays against its turns, as figures and worded (a card discarded for coins is not among
    them: see scorer.rules.turns)."""
    return {
        "played": turns.played,
        "expected": turns.expected,
        "done": turns.done,
        "text": t("phones.turns", played=turns.played, expected=turns.expected),
    }


def sheet_json(session: GameSession, player: str) -> dict[str, Any]:
    """The score sheet (every player's rows, total, coins and place) and how each of `player`'s own cells was
    computed: what a phone shows at the end (the session's sheet, scored once for every phone and the laptop).
    `rival` is the best-placed other player, whose column a phone shows beside the seat's own (8 columns do
    not fit 360 px; the whole table is a tap away, with each name's `short` form)."""
    sheet = session.sheet()
    mine = next(p for p in sheet.players if p.name == player)
    rival = min((p for p in sheet.players if p.name != player), key=lambda p: p.rank)
    short = short_names([p.name for p in sheet.players])
    return {
        "rows": [{"key": row, "label": t(f"sheet.rows.{row}")} for row in sheet.rows],
        "coins": t("sheet.rows.coins"),
        "rival": rival.name,
        "players": [
            {
                "name": p.name,
                "short": short[p.name],
                "values": [p.rows[row].value if row in p.rows else 0 for row in sheet.rows],
                "total": p.total,
                "coins": p.coins,
                "place": ordinal(p.rank),
                "rank": p.rank,
                "winner": p.name in sheet.winners,
            }
            for p in sheet.players
        ],
        "mine": [
            {"label": t(f"sheet.rows.{row}"), "value": cell.value, "lines": cell_lines(row, cell)}
            for row, cell in mine.rows.items()
        ],
    }


def cell_lines(row: str, cell: Cell) -> list[str]:
    """How a cell was computed, line by line: its account; for Science also how the total was reached (where
    the wildcards and "most common" symbols went, the sets), from its rulings, as the laptop's dialog says it."""
    lines = list(cell.account)
    if row == "science":
        lines += [ruling.summary for ruling in cell.rulings if ruling.summary not in lines]
    return lines


SHORT = 3  # characters of a name in the phone's whole table: 8 columns in 360 px, no room for an ellipsis


def short_names(names: list[str], width: int = SHORT) -> dict[str, str]:
    """Each name's first `width` characters ('Cri' for Cris; the whole name is the column's title); names that
    would look alike keep their ends instead ('Ala', 'Ale' for Alexa and Alexe; the laptop's sheet cuts
    them as 'Alex…a'), and names still alike stay whole."""
    short = {name: name[:width] for name in names}
    for name in names:
        clash = [other for other in names if short[other] == short[name]]
        if len(clash) < 2:
            continue
        for tail in range(1, width):
            tried = {other: other[: width - tail] + other[-tail:] for other in clash}
            if len(set(tried.values())) == len(clash):
                short.update(tried)
                break
        else:
            short.update({other: other for other in clash})
    return short
