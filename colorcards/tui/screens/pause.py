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
from .go import Answer, Go, Host, answer
from .table import TableScreen


def show(app: Host) -> None:
    """The menu over the table: Escape resumes the game; Sound and Coach are answered
    here and the menu comes back; what it opens (New game, the Rules) comes back to it."""
    ctl = app.controller
    table = app.screen
    if ctl is None or not isinstance(table, TableScreen):
        return
    ctl.pause()

    def chosen(where: Answer | None) -> None:
        if where in (None, Go.BACK, Go.RESUME):
            ctl.resume_play()
        elif where is Go.TAKE_BACK:
            ctl.resume_play()
            table.action_take_back()  # as T at the table: done, or why not said
        elif where is Go.SOUND:
            app.sound = not app.sound
            app.notify(f"Sound {'on' if app.sound else 'off'}.", timeout=2)
            show(app)
        elif where is Go.COACH:
            app.notify(switch_coach(app), timeout=3)
            show(app)
        else:
            app.go(where, back=lambda: show(app))

    store = app.store
    app.push_screen(PauseMenu(app.sound, saving=store.saving, coach_on=ctl.settings.coach,
                              failing=store.failure if store.write_failed else None),
                    chosen)


def switch_coach(app: Host) -> str:
    """The menu's Coach: on or off for the game in progress (and for the next New game);
    what it says."""
    ctl = app.controller
    if ctl is None:
        return ""
    on = not ctl.settings.coach
    was_practice = ctl.practice
    ctl.set_coach(on)
    app.settings = app.settings.with_(coach=on)  # New game starts from it
    if not on:
        return "Coach off."
    if was_practice:
        return "Coach on."  # already practice: nothing new to say of it
    return "Coach on: this game is now practice (not counted in your record)."


class PauseMenu(ModalScreen[Answer]):
    """Returns Go.RESUME, Go.TAKE_BACK, Go.SOUND (toggle the bell), Go.COACH, Go.TITLE (quit
    to the title) or Go.QUIT (quit the game), or the place 'new' or 'rules'."""

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
        self.dismiss(answer(str(event.button.id)))

    def action_choose(self, what: str) -> None:
        self.dismiss(answer(what))
