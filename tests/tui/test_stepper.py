"""The Stepper's height follows the width its layout offers: a long note goes on under itself, as many lines as
that width needs, and it is drawn in the width the stepper was given."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Size

from tests.tui.driver import settle
from widgets.stepper import Stepper

NOTE = "10 VP · 1 naval shield · 2 coins from each neighbour's yellow card · (+2)"


class OneStepper(App[None]):
    def compose(self) -> ComposeResult:
        yield Stepper("Stages", high=4, id="stages")


async def test_a_long_note_takes_the_lines_the_offered_width_needs_and_is_drawn_in_the_width_given():
    app = OneStepper()
    async with app.run_test(size=(40, 10)) as pilot:
        stepper = app.query_one(Stepper)
        stepper.note = NOTE
        await settle(pilot)
        screen = Size(40, 10)
        assert stepper.get_content_height(screen, screen, 120) == 1
        narrow = stepper.get_content_height(screen, screen, 40)
        assert narrow > 1
        assert stepper.outer_size.height == narrow
        assert str(stepper.render()).count("\n") == narrow - 1
