"""The New game popup: level, preset, table size and the options a player would change.

Every change is checked at once with `GameSettings.rules()`, so a forbidden
combination (a Draw Four challenge with stacking on) is explained where it is made,
not after PLAY.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine import DEFAULT_PRESET, PRESETS, LastCard, Rules, RulesError
from ...engine.rules import DESCRIPTIONS
from ...level import Level
from ...session.palette import marks
from ...settings import LEVELS, SPEEDS, GameSettings
from ..plain import Plain
from ..widgets.controls import rows_for
from .common import (
    LEVEL_TITLES,
    Choice,
    back_link,
    keys_and_back,
    record_line,
    shapes_banner,
)
from .confirm import ConfirmDialog
from .go import Back, Host
from .rules_text import OPTION_TITLES, VALUE_WORDS

#: Columns for a row's value in the dialog (76 wide: border, padding, pointer, label and
#: the two arrows take the rest), so every choice is read whole.
VALUE_WIDTH = 76 - 2 - 2 - 2 - 14 - 2 - 2
NARROW = 80
"""Columns under which the dialog (76 and the screen's margins) takes a phone's layout."""

IN_PROGRESS_QUESTION = (
    "A game is in progress. Starting a new one counts as a loss. Start anyway?"
)
PRACTICE_QUESTION = (
    "A practice game is in progress. Starting a new one leaves it unfinished; practice "
    "is not counted, so it costs you nothing. Start anyway?"
)
"""Asked instead when the game left would be practice (RULES.md §6 counts only the rest)."""

#: A fixed number of rounds is won on the total (RULES.md §6), not by rounds won.
MATCHES = (("single", "One round"), ("rounds:3", "3 rounds, highest total wins"),
           ("rounds:5", "5 rounds, highest total wins"), ("to:500", "First to 500 points"))
STACKING = tuple(VALUE_WORDS["stacking"].items())
DRAW_FOUR = tuple(VALUE_WORDS["draw_four"].items())
#: Last Card mode combines `last_card` and its 3-second `last_card_window`.
LAST_CARD = (*VALUE_WORDS["last_card"].items(), ("catch-3", "Caught, 3 s to call late"))
PENALTY = ((2, "2 cards"), (4, "4 cards"))
TIMERS = ((0, "Off"), (30, "30 s"), (45, "45 s"), (60, "60 s"), (90, "90 s"))


def palettes() -> tuple[tuple[str, Text], ...]:
    """The palette choices, each shown with its shapes (drawn as the terminal allows)."""
    return tuple((key, Text(f"{key.title()}: ") + shapes_banner(key, " "))
                 for key in ("classic", "gems"))


SPEED_TITLES = (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"))

COACH_TITLES = ((False, "Off"), (True, "On (practice)"))
"""The tutor: off, or on (the game is then practice, kept out of the level's record)."""

#: Options kept when the preset changes: personal taste, not part of any preset.
PERSONAL = ("palette", "turn_timer")

#: The rows whose options a preset sets, with their titles on the form.
RULE_ROWS = {"match": "Match", "stacking": "Stacking", "draw_four": "Draw Four",
             "last_card": "Last Card", "last_card_penalty": "Penalty"}

PLACE = {"name": "new", "label": "New game", "key": "n", "title": 1}
"""On the title (the registry, screens/__init__.py), the pause menu and the results."""


def show(app: Host, back: Back) -> None:
    """The settings popup; `back()` if the player backs out. The coach's process starts
    meanwhile (`Host.start_coach`)."""
    in_progress = app.game_in_progress()
    practice = in_progress and app.practice_in_progress()

    def chosen(settings: GameSettings | None) -> None:
        if settings is None:
            back()
        else:
            app.start_game(settings, abandon=in_progress)

    app.push_screen(NewGameScreen(app.store.stats(), app.settings, in_progress,
                                  practice=practice), chosen)
    app.call_after_refresh(app.start_coach)  # the dialog drawn first


def _sentence(text: str) -> str:
    """'when a Wild Draw Four ...' as a sentence, keeping the names' capitals."""
    return text[:1].upper() + text[1:] + "."


#: A line of help under the form for each focused row.
HINTS = {
    "preset": "A bundle of house rules; change single options below.",
    "opponents": "Computer players at the table with you.",
    "match": _sentence(DESCRIPTIONS["match"]),
    "stacking": _sentence(DESCRIPTIONS["stacking"]),
    "draw_four": _sentence(DESCRIPTIONS["draw_four"]),
    "last_card": "What happens to a player who does not call Last Card in time.",
    "last_card_penalty": _sentence(DESCRIPTIONS["last_card_penalty"]),
    "turn_timer": "Seconds for your turn; when they run out you draw a card.",
    "palette": "The colours' names. The shapes never change.",
    "speed": "How quickly the computer players take their turns.",
    "play": "Deal the cards.",
}


def hint_of(row: str) -> str:
    """The line of help for a row (HINTS'; the Coach row's names the coach's bar, read
    where it lives, `weigh.NOTICEABLE`)."""
    if row == "coach":
        from ...coach.weigh import bar_words

        return (f"The coach notes each move that made you {bar_words()} or more less likely "
                "to win; T takes it back. Coached games are practice: not counted.")
    return HINTS[row]


#: What each level is like, shown while the Difficulty row has the focus: LEVELS' words,
#: from their measurements at seat 0 (4 seats, Color Cards; tests/benchmarks/BOTS.md).
LEVEL_HINTS = {
    "easy": "Easy: mostly random, seldom passes draw cards on, forgets Last Card. A good "
            "player wins about half the games against three.",
    "normal": "Normal: sensible, with slips: the odd random card, a draw card not passed on, "
              "a forgotten call. A fair game: about one win in four.",
    "hard": "Hard: no slips; stops whoever is about to go out, steers into colours you lack, "
            "thinks ahead. Casual players win under 1 in 5.",
    "crazy": "Crazy: Hard, and the computers play as a team against you, keeping their Skips "
             "and draw cards for you. Good players win under 1 in 5.",
}


def readable(message: str) -> str:
    """A RulesError in the words of this screen: option names as the rows call them."""
    for key, title in OPTION_TITLES.items():
        message = re.sub(rf"\b{key}=(\S+)", rf"{title} \1", message)
        message = re.sub(rf"\b{key}\b", title, message)
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."


def last_card_value(rules: Rules) -> str:
    """The Last Card row's value for these rules."""
    if rules.last_card is LastCard.CATCH and rules.last_card_window:
        return "catch-3"
    return rules.last_card


def opponent_options(preset_key: str) -> list[tuple[int, str]]:
    """The table sizes a preset allows, each with the computer players' names (nine
    names fit the row: the same words for every size)."""
    preset = PRESETS[preset_key]
    options = []
    for n in range(preset.min_seats - 1, preset.max_seats):
        names = GameSettings(preset=preset_key, opponents=n).names()[1:]
        options.append((n, marks(f"{n} — {', '.join(names)}")))
    return options


class NewGameScreen(ModalScreen[GameSettings | None]):
    """Returns the chosen GameSettings, or None when the player backs out with Escape."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("enter", "play", "PLAY"),
        # Before the form's own scrolling keys: ↑ and ↓ always move between the rows.
        Binding("up", "app.focus_previous", show=False, priority=True),
        Binding("down", "app.focus_next", show=False, priority=True),
    ]

    AUTO_FOCUS = "#difficulty"
    """What has the focus first (`tui/screens/__init__.py` says why not `on_mount`)."""

    def __init__(self, stats: dict[str, Any], initial: GameSettings, in_progress: bool,
                 practice: bool = False) -> None:
        super().__init__()
        self.stats = stats
        """The player's LevelStats by level, to show their record before they start."""
        self.in_progress = in_progress
        """Whether a game would be abandoned (and count as a loss) by starting."""
        self.practice = practice
        """Whether that game is practice (not counted: leaving it is no loss)."""
        preset = initial.preset if initial.preset in PRESETS else DEFAULT_PRESET
        self.preset = preset
        self.difficulty = initial.difficulty if initial.difficulty in LEVELS else "normal"
        self.speed = initial.speed if initial.speed in SPEEDS else "normal"
        self.coach = bool(initial.coach)
        allowed = [n for n, _ in opponent_options(preset)]
        self.opponents = (initial.opponents if initial.opponents in allowed
                          else PRESETS[preset].default_seats - 1)
        self.changes: dict[str, Any] = dict(initial.changes)
        """Options changed on top of the preset, pruned to those that matter."""
        self.error: str | None = None
        """Why the current choices cannot be played, or None."""

    # -- building ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        rules = self._rules_or_base()
        with Vertical(id="newgame", classes="dialog"):
            yield Plain("New game", classes="heading")
            # Not focusable itself: ↑ from Difficulty stopped on it, with nothing lit.
            with VerticalScroll(id="newgame-form", can_focus=False):
                yield Choice("Difficulty", [(lv, LEVEL_TITLES[lv]) for lv in LEVELS],
                             self.difficulty, id="difficulty")
                yield Plain(id="record", classes="aside")
                yield Choice("Preset", [(k, p.title) for k, p in PRESETS.items()],
                             self.preset, id="preset")
                yield Plain(id="blurb", classes="aside")
                yield Choice("Opponents", opponent_options(self.preset), self.opponents,
                             id="opponents")
                yield Choice("Match", MATCHES, rules.match, id="match")
                yield Choice("Stacking", STACKING, rules.stacking, id="stacking")
                yield Choice("Draw Four", DRAW_FOUR, rules.draw_four, id="draw_four")
                yield Choice("Last Card", LAST_CARD, last_card_value(rules), id="last_card")
                yield Choice("Penalty", PENALTY, rules.last_card_penalty,
                             id="last_card_penalty")
                yield Choice("Turn timer", TIMERS, rules.turn_timer, id="turn_timer")
                yield Choice("Palette", palettes(), rules.palette, id="palette")
                yield Choice("Speed", SPEED_TITLES, self.speed, id="speed")
                yield Choice("Coach", COACH_TITLES, self.coach, id="coach")
            yield Plain(id="error")
            yield Plain(id="hint", classes="aside")
            yield Button(marks("▶ PLAY"), id="play", variant="success")
            yield Plain(id="newgame-keys", classes="keys")

    def on_mount(self) -> None:
        if self.query("#difficulty"):  # else Escape closed it before it was mounted
            self.on_resize()
            self._update()

    def on_resize(self) -> None:
        """Under 80 columns (a phone held upright) the dialog fills the screen, each option
        is stacked (its value under it, whole; its arrows buttons to tap), and what the
        focused row means is said under the form, the player's record and the preset's
        line included: the rows never move as a description changes length."""
        if not self.query("#difficulty"):
            return
        narrow = self.app.size.width < NARROW
        self.set_class(narrow, "-narrow")
        for choice in self.query(Choice):
            choice.stacked = narrow
        self.query_one("#record").display = not narrow
        self.query_one("#blurb").display = not narrow
        keys = (marks("Tap ‹ or › to change an option") if narrow
                else marks("↑ ↓ option · ← → change · Enter PLAY"))
        self.query_one("#newgame-keys", Static).update(
            Content.from_markup(keys_and_back(keys, back_link("cancel"), narrow)))
        hint = self.query_one("#hint", Static)
        if narrow:  # as many rows as the longest it says: the form's foot never moves
            hint.styles.height = max(self._hint_rows(marks(words)) for words in self._hints())
        else:
            hint.styles.height = None
        focused = self.focused
        self._hint(focused.id if focused is not None else "difficulty")

    def _hints(self) -> list[str]:
        """Everything the line under the form says on a phone, for one row or another."""
        levels = [f"{record_line(self.stats.get(level), level)}\n{LEVEL_HINTS[level]}"
                  for level in LEVELS]
        return [*levels, *HINTS.values(), *(preset.blurb for preset in PRESETS.values()),
                self.blurb()]

    def _rules_or_base(self) -> Rules:
        try:
            return self.settings.rules()
        except RulesError:
            return PRESETS[self.preset].base

    # -- state ------------------------------------------------------------------

    @property
    def settings(self) -> GameSettings:
        """The settings as chosen now (possibly not playable: see `error`)."""
        return GameSettings(difficulty=Level(self.difficulty), preset=self.preset,
                            opponents=self.opponents, changes=dict(self.changes),
                            speed=self.speed, coach=self.coach)

    def _prune(self) -> None:
        """Drop changes that make no difference, so saves carry only real choices."""
        preset = PRESETS[self.preset]
        try:
            target = preset.rules(**self.changes)
        except RulesError:
            return
        for key in list(self.changes):
            trial = {k: v for k, v in self.changes.items() if k != key}
            try:
                if preset.rules(**trial) == target:
                    self.changes = trial
            except RulesError:
                continue

    def blurb(self) -> str:
        """The preset's own line while it is played as it comes; once a rule is changed,
        what was changed, so the line never contradicts the rows below it."""
        preset = PRESETS[self.preset]
        changed = [key for key in RULE_ROWS if key in self.changes]
        if "last_card_window" in self.changes and "last_card" not in changed:
            changed.append("last_card")
        if not changed:
            return marks(preset.blurb)
        words = []
        for key in changed:
            choice = self.query_one(f"#{key}", Choice)
            shown = choice.options[choice.index][1]
            value = shown.plain if isinstance(shown, Text) else shown
            # 'On: pass a +2 or +4 along' is explained by its row: the blurb says 'On'.
            words.append(f"{RULE_ROWS[key]}: {value.split(':')[0]}")
        return marks(f"{preset.title}, your changes: {' · '.join(words)}.")

    def _update(self) -> None:
        """Check the choices, show the record, blurb and any error, and sync the rows."""
        self.query_one("#record", Static).update(
            marks(record_line(self.stats.get(self.difficulty), self.difficulty)))
        try:
            rules = self.settings.rules()
        except RulesError as exc:
            self.error = str(exc)
            self.query_one("#blurb", Static).update(self.blurb())
            self.query_one("#error", Static).update(marks(f"✗ {readable(self.error)}"))
            self.query_one("#error").display = True
            self.query_one("#hint").display = False
            self.query_one("#play", Button).disabled = True
            return
        self.error = None
        self.query_one("#error").display = False
        self.query_one("#hint").display = True
        self.query_one("#play", Button).disabled = False
        for key in ("match", "stacking", "draw_four", "last_card_penalty", "turn_timer",
                    "palette"):
            self.query_one(f"#{key}", Choice).select(getattr(rules, key))
        self.query_one("#last_card", Choice).select(last_card_value(rules))
        # Called for everyone: nobody is ever caught, so there is no penalty to choose. On
        # a phone its place is kept (empty), so that the rows below never move.
        penalty = self.query_one("#last_card_penalty")
        needed = rules.last_card is not LastCard.AUTO
        narrow = self.has_class("-narrow")
        penalty.display = needed or narrow
        penalty.visible = needed
        penalty.disabled = not needed
        self.query_one("#blurb", Static).update(self.blurb())
        if narrow and self.focused is not None:
            self._hint(self.focused.id)  # the record or the preset's line may have changed

    def on_choice_changed(self, event: Choice.Changed) -> None:
        key = event.choice.id or ""
        value = event.value
        if key == "difficulty":
            self.difficulty = value
            self._hint("difficulty")
        elif key == "speed":
            self.speed = value
        elif key == "coach":
            self.coach = bool(value)
        elif key == "opponents":
            self.opponents = value
        elif key == "preset":
            self._change_preset(value)
        elif key == "last_card":
            self.changes["last_card"] = "catch" if value == "catch-3" else value
            self.changes["last_card_window"] = 3 if value == "catch-3" else 0
        else:
            self.changes[key] = value
        self._prune()
        self._update()

    def _change_preset(self, key: str) -> None:
        self.preset = key
        self.changes = {k: v for k, v in self.changes.items() if k in PERSONAL}
        preset = PRESETS[key]
        self.opponents = preset.default_seats - 1
        self.query_one("#opponents", Choice).set_options(opponent_options(key), self.opponents)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._hint(getattr(event.widget, "id", None))

    def _hint(self, row: str | None) -> None:
        """One line about the focused row; for Difficulty, about the level chosen. Narrow,
        Difficulty's says the player's record there too, and Preset's is its line."""
        narrow = self.has_class("-narrow")
        if row == "difficulty":
            record = record_line(self.stats.get(self.difficulty), self.difficulty)
            words = marks((record + "\n" if narrow else "") + LEVEL_HINTS[self.difficulty])
        elif row == "preset" and narrow:
            words = self.blurb()
        elif row in HINTS or row == "coach":
            words = marks(hint_of(row))
        else:
            return
        hint = self.query_one("#hint", Static)
        hint.update(words)
        focused = self.focused
        if narrow and self._hint_rows(words) > (hint.styles.height.value
                                                if hint.styles.height else 0):
            # a preset's line of many changes, longer than anything else it says: the
            # words grow (the rows above stay put; the focused one is kept in sight)
            hint.styles.height = self._hint_rows(words)
            if focused is not None:
                self.call_after_refresh(focused.scroll_visible, animate=False)

    def _hint_rows(self, words: str) -> int:
        """The rows `words` take under the form on a phone."""
        width = (self.app.size.width - self.query_one("#newgame").styles.gutter.width
                 - self.query_one("#hint").styles.gutter.width)
        return rows_for(words, width)

    # -- leaving ----------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "play":
            self.action_play()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_play(self) -> None:
        if self.error is not None:
            self.app.bell()
            return
        settings = self.settings
        if not self.in_progress:
            self.dismiss(settings)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(settings)

        question = PRACTICE_QUESTION if self.practice else IN_PROGRESS_QUESTION
        self.app.push_screen(ConfirmDialog(question, yes="Start anyway",
                                           no="Keep playing"), answered)
