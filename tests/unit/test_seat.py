"""The seat view (scorer.seat) and the session's derived context, without a screen: what the age and
recruitment screens and the phones decide (offers, readiness, warnings) is tested here in milliseconds."""

from __future__ import annotations

from dataclasses import replace

from scorer.catalog import load_catalog
from scorer.edits.age import add_card, move_ship, set_wonder_stages
from scorer.flow import Step
from scorer.history.settings import Calibration, book_rows
from scorer.rules.sheet import score_game
from scorer.seat import card_choices, seat_version, seat_view
from scorer.session import GameSession
from tests.records import courtesans_game, example, leaders_discarded, only_recruited, without_age


def at(data: dict, step: Step, player: str | None = None) -> GameSession:
    """A session of `data` at `step` (on `player`'s seat)."""
    progress = step.to_dict() | ({"player": player} if player else {})
    return GameSession(dict(data) | {"status": "in_progress", "progress": progress}, lambda draft: None)


def session(step: Step, *removed: int, name: str = "leaders-armada-7p.json") -> GameSession:
    """The example game at `step`, the ages `removed` not entered yet."""
    return at(without_age(example(name), *removed), step)


def test_a_recruitment_offers_every_leader_not_played_never_the_blank_semiramis_card():
    played = session(Step("recruitment", 2), *(2, 3))
    for name in played.record.names:
        view = seat_view(played, name)
        assert view.recruitment is not None
        offered = {leader.id for leader in view.recruitment.choices}
        assert "semiramis" not in offered
        taken = {play.name for entry in played.record.ages[1].values() for play in entry.leaders}
        assert not taken & {leader.en for leader in view.recruitment.choices}
        assert view.missing == ("leader",) and not view.done


def test_a_whole_age_entered_is_done_and_the_strip_s_tick_follows_the_turns():
    played = session(Step("age", 1))
    view = seat_view(played, "Ana")
    assert view.entered and view.done and view.missing == ()
    assert view.turns is not None and view.turns.done
    assert view.ground is not None and view.ground.value == view.ground.derived
    assert view.naval is not None and len(view.fleets) == 4


def test_an_age_not_entered_yet_is_missing_and_one_card_short_is_missing_its_turns():
    played = session(Step("age", 1), *(1, 2, 3))
    assert seat_view(played, "Ana").missing == ("age",)
    catalog = load_catalog()
    assert played.apply(add_card(played.game(), 1, "Ana", catalog.card("Baths", 1))) is None
    view = seat_view(played, "Ana")
    assert view.missing == ("turns",) and not view.entered
    assert view.turns is not None and view.turns.played == 1 and view.turns.played < view.turns.expected


def test_a_step_that_asks_nothing_is_never_done():
    for step in (Step("conflicts", 1), Step("sheet")):
        view = seat_view(session(step=step), "Ana")
        assert not view.done


def test_a_ship_moved_this_age_shows_how_far_and_a_green_ship_still_there_reached_nothing():
    played = session(Step("age", 2), *(2, 3))
    before = {fleet.colour: fleet.position for fleet in seat_view(played, "Ana").fleets}
    assert played.apply(move_ship(played.game(), 2, "Ana", "red", before["red"] + 1)) is None
    fleets = {fleet.colour: fleet for fleet in seat_view(played, "Ana").fleets}
    assert fleets["red"].moved == 1 and fleets["red"].reached
    assert fleets["green"].moved == 0 and not fleets["green"].reached
    assert fleets["blue"].reached  # every other fleet's space counts wherever the ship stands


def test_the_view_is_computed_once_per_version_and_another_seat_s_edit_keeps_this_seat_s_version():
    played = session(Step("age", 1), *(1, 2, 3))
    first = seat_view(played, "Ana")
    assert seat_view(played, "Ana") is first
    assert card_choices(played, "Ana") is card_choices(played, "Ana")
    assert played.apply(set_wonder_stages(played.game(), 1, "Ben", 1)) is None
    again = seat_view(played, "Ana")
    assert again is not first and again == first  # computed again, the same values
    assert again.version == seat_version(played.record, played.step, "Ana")
    assert seat_view(played, "Ben").version != seat_version(replace(played.record, ages={}), played.step, "Ben")


def test_the_cards_offered_are_the_deck_s_copies_left():
    played = session(Step("age", 1), *(1, 2, 3))
    catalog = load_catalog()
    baths = catalog.card("Baths", 1)
    before = sum(card.id == baths.id for card in card_choices(played, "Ana"))
    assert before == 1
    for name in played.record.names[: baths.copies_at(len(played.record.names))]:
        assert played.apply(add_card(played.game(), 1, name, baths)) is None
    assert baths.id not in {card.id for card in card_choices(played, "Ana")}
    assert card_choices(session(Step("end")), "Ana") == ()


def test_the_session_s_conflicts_and_sheet_are_those_scored_from_the_record_and_follow_a_new_calibration():
    played = session(Step("sheet"))
    sheet = played.sheet()
    assert played.sheet() is sheet
    assert sheet == score_game(played.record, track=played.track)
    assert played.conflicts(2) == sheet.ages[1]
    version = played.version
    rows = [dict(row, blue_vp=row["blue_vp"] + 1) for row in book_rows()]
    played.recalibrate(Calibration(tuple(rows), saved_at="2026-12-04T20:00:00+00:00"))
    assert played.version == version + 1 and played.sheet() is not sheet
    assert played.track.at(5).blue_vp == load_catalog().dockyard.at(5).blue_vp + 1
    assert played.sheet() == score_game(played.record, track=played.track)


def test_an_age_not_entered_yet_fights_as_the_cities_stand():
    played = session(Step("conflicts", 2), *(2, 3))
    conflicts = played.conflicts(2)
    assert conflicts.age == 2 and set(conflicts.ground_strength) == set(played.record.names)


def test_a_card_discarded_for_coins_accounts_for_its_turn():
    from scorer.edits.age import remove_card, set_discarded

    played = session(Step("age", 1), 2, 3)
    assert played.apply(remove_card(played.game(), 1, "Ana", 0)) is None
    assert seat_view(played, "Ana").missing == ("turns",)
    assert played.apply(set_discarded(played.game(), 1, "Ana", 1)) is None
    view = seat_view(played, "Ana")
    assert view.missing == () and view.discarded == 1 and view.turns is not None and view.turns.done
    assert played.record.to_dict()["ages"][0]["players"]["Ana"]["discarded"] == 1
    assert played.apply(set_discarded(played.game(), 1, "Ana", 2)) is not None  # 8 plays of 7 turns: refused
    assert played.apply(set_discarded(played.game(), 1, "Ana", 0)) is None
    assert "discarded" not in played.record.to_dict()["ages"][0]["players"]["Ana"]  # files stay as they were


# --- what the age screen decides, without it (tests/tui/test_age.py keeps the same cases as flows) ---------


def test_a_card_not_in_the_deck_at_this_count_is_not_offered():
    three = at(without_age(example("base-3p.json"), 1, 2, 3), Step("age", 1))
    offered = {card.en for card in card_choices(three, "Ann")}
    assert "Tavern" not in offered and "Baths" in offered  # Tavern is a 4-player card


def test_a_ship_starts_the_age_where_the_last_one_left_it_and_an_island_held_is_not_offered():
    played = at(without_age(example("leaders-armada-7p.json"), 2, 3), Step("age", 2), "Enzo")
    view = seat_view(played, "Enzo")
    red = next(fleet for fleet in view.fleets if fleet.colour == "red")
    assert red.position == red.lowest == 2  # where Age I left it: the lowest it may stand on now
    held = {load_catalog().island(name).en for name in played.record.entry(1, "Enzo").islands}
    assert "Deserted Island" in held  # Enzo's since Age I
    assert not held & {island.en for island in view.free_islands}


def test_a_jetty_attacks_two_seats_away_as_its_arrow_points_and_the_table_may_pick_the_other():
    played = at(without_age(example("leaders-armada-7p.json"), 3), Step("age", 3), "Dora")
    jetty = load_catalog().card("Jetty", 3)
    assert played.apply(add_card(played.game(), 3, "Dora", jetty)) is None
    (incursion,) = seat_view(played, "Dora").incursions
    assert incursion.card.en == "Jetty" and incursion.target == "Ben" and set(incursion.choices) == {"Ben", "Flor"}


def test_a_recruited_leader_alone_is_not_the_age_entered():
    data = only_recruited(without_age(example("leaders-armada-7p.json"), 1, 2, 3))
    played = at(data, Step("age", 1))
    for name in played.record.names:
        view = seat_view(played, name)
        assert not view.entered and not view.done and view.missing == ("age",)


def courtesans_at_carla(*, neighbours_recruit: bool = True) -> GameSession:
    """Carla's Courtesans Guild in Age III (her neighbours: Davi on her left, Bruno on her right)."""
    data = courtesans_game() if neighbours_recruit else leaders_discarded(courtesans_game(), "Bruno", "Davi")
    return at(data, Step("age", 3), "Carla")


def test_the_courtesans_guild_offers_its_owner_the_neighbours_leaders_and_nobody_else_a_copy():
    played = courtesans_at_carla()
    courtesans = seat_view(played, "Carla").courtesans
    assert courtesans is not None and courtesans.chosen is None
    assert {courtesans.left, courtesans.right} == {"Davi", "Bruno"}
    assert {owner for _, owner in courtesans.choices} == {"Davi", "Bruno"}
    assert "Hiram" in {leader.en for leader, _ in courtesans.choices}
    assert all(seat_view(played, name).courtesans is None for name in played.record.names if name != "Carla")


def test_a_courtesans_guild_whose_neighbours_recruited_no_leader_offers_nothing_to_copy():
    courtesans = seat_view(courtesans_at_carla(neighbours_recruit=False), "Carla").courtesans
    assert courtesans is not None and courtesans.choices == () and courtesans.chosen is None
