"""A yes/no question in a small box, for anything that cannot be undone."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button

from ...session.palette import marks
from ..plain import Plain


class ConfirmDialog(ModalScreen[bool]):
    """Asks one question; True for yes. Escape and N mean no, Y means yes."""

    BINDINGS = [
        Binding("escape,n", "answer(False)", "No"),
        Binding("y", "answer(True)", "Yes"),
        Binding("left,up", "app.focus_previous", show=False),
        Binding("right,down", "app.focus_next", show=False),
    ]

    AUTO_FOCUS = "#no"
    """The safe answer has the focus, so a stray Enter never destroys anything."""

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        """What is being asked, in full."""
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="dialog"):
            yield Plain(self.question, id="question")
            with Horizontal(classes="buttons"):
                yield Button(self.no, id="no", variant="primary")
                yield Button(self.yes, id="yes", variant="error")
            yield Plain(marks("Y yes · N or Esc no"), classes="keys")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
