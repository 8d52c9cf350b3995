"""The menu behind Escape at the table. Quitting loses nothing: every move is saved."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from ...session.palette import marks
from ..plain import Plain
from .common import MenuButton
from .go import Go


class PauseMenu(ModalScreen[Go]):
    """Returns 'resume', 'take-back', 'new', 'rules', 'sound' (toggle the bell), 'coach',
    'title' (quit to the title) or 'quit' (quit the game)."""

    BINDINGS = [
        Binding("escape", "choose('resume')", "Resume"),
        Binding("t", "choose('take-back')", "Take back"),
        Binding("n", "choose('new')", "New game"),
        Binding("r", "choose('rules')", "Rules"),
        Binding("s", "choose('sound')", "Sound"),
        Binding("c", "choose('coach')", "Coach"),
        Binding("q", "choose('title')", "Quit to title"),
        Binding("x", "choose('quit')", "Quit the game"),
        Binding("up", "app.focus_previous", show=False),
        Binding("down", "app.focus_next", show=False),
    ]

    AUTO_FOCUS = "#resume"
    """What has the focus first (`tui/screens/__init__.py` says why not `on_mount`)."""

    def __init__(self, sound_on: bool, saving: bool = True, coach_on: bool = False,
                 failing: str | None = None) -> None:
        super().__init__()
        self.failing = failing
        """Why the last save failed (a full disk), while saving is tried again: the
        save on disk is an earlier table's."""
        self.coach_on = coach_on
        """Whether the coach is on for the game in progress; the button offers the other
        (and Take back is offered only then: only a coached game takes a move back; T
        goes back to the table, which says why not)."""
        self.sound_on = sound_on
        """Whether the terminal bell is on now; the button offers the other state."""
        self.saving = saving
        """Whether the game is being saved (not when the data directory cannot be written)."""

    def compose(self) -> ComposeResult:
        sound = "on" if self.sound_on else "off"
        with Vertical(id="pause", classes="dialog menu"):
            yield Plain("Paused", classes="heading")
            yield MenuButton("Resume  (Esc)", id="resume", variant="primary")
            if self.coach_on:
                yield MenuButton("Take back your last move  (T)", id=Go.TAKE_BACK.value)
            yield MenuButton("New game  (N)", id="new")
            yield MenuButton("Rules  (R)", id="rules")
            turn = "off" if self.sound_on else "on"
            yield MenuButton(marks(f"Sound: {sound} — turn it {turn}  (S)"),
                         id="sound")
            if self.coach_on:
                coach = "Coach: on — turn it off  (C)"
            else:
                coach = "Coach: off — turn on (practice)  (C)"  # whole on a phone
            yield MenuButton(marks(coach), id="coach")
            yield MenuButton("Quit to title  (Q)", id=Go.TITLE.value)
            yield MenuButton("Quit the game  (X)", id=Go.QUIT.value)
            if self.saving:
                yield Plain("Quit to the title or quit the game: either way the game is "
                            "already saved, and Continue brings you back to this very "
                            "table.", classes="note")
            elif self.failing is not None:
                yield Plain(f"The last moves are not saved yet ({self.failing}); saving is "
                            "tried again every few seconds. Quit now, and Continue brings "
                            "back the table as last saved.", classes="note")
            else:
                yield Plain("This game is not being saved (the data directory cannot be "
                            "written): quitting ends it for good.", classes="note")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(Go(event.button.id))

    def action_choose(self, what: str) -> None:
        self.dismiss(Go(what))
