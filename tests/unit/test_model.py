"""The game record's own questions about what the table has typed."""

from scorer.model import AgeEntry, LeaderPlay


def test_a_recruited_leader_alone_is_not_an_entered_age():
    recruited = AgeEntry(leaders=[LeaderPlay("Nero", "recruit")])
    assert not AgeEntry().entered()
    assert not recruited.entered()  # typed at the recruitment, before the age is played


def test_anything_of_the_age_itself_is_an_entered_age():
    for entry in (
        AgeEntry(cards=["Baths"]),
        AgeEntry(wonder_stages=1),
        AgeEntry(ships={"red": 1}),
        AgeEntry(islands=["Forgotten Port"]),
        AgeEntry(ground_strength=0),
        AgeEntry(naval_strength=2),
        AgeEntry(leaders=[LeaderPlay("Nero", "recruit")], cards=["Altar"]),
    ):
        assert entry.entered(), entry
