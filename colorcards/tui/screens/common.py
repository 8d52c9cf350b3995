"""Pieces the screens share: the one-line option picker, the title banner and the
wording of a player's record, so every screen says the same thing the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widget import Widget
from textual.widgets import Button

from ...engine import COLOURS
from ...level import Level
from ...session.palette import STYLES, colour_name, glyph, marks
from ...store.records import streak_text

#: Level keys as players read them (the `Level`'s own labels).
LEVEL_TITLES = {level.value: level.label for level in Level}


class DrawnOnce:
    """A Rich renderable drawn once for each width: Textual draws a Static's content
    twice for a frame (once to count its lines, once for them); the last `keep` widths
    are kept. Its width is measured as the renderable's own."""

    def __init__(self, renderable: RenderableType, keep: int = 2) -> None:
        self.renderable = renderable
        self.keep = keep
        self._drawn: dict[int, list[Segment]] = {}

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lay_out(console, options)

    def lay_out(self, console: Console, options: ConsoleOptions) -> list[Segment]:
        """The renderable drawn at `options`' width (once for each width)."""
        segments = self._drawn.get(options.max_width)
        if segments is None:
            segments = self.finish(list(console.render(self.renderable, options)))
            if len(self._drawn) >= self.keep:
                del self._drawn[next(iter(self._drawn))]
            self._drawn[options.max_width] = segments
        return segments

    def finish(self, segments: list[Segment]) -> list[Segment]:
        """What is kept of a drawing (a subclass may change it): the segments as drawn."""
        return segments


class Choice(Widget, can_focus=True):
    """A labelled option that cycles through its values on one line: `Stacking  ‹ On ›`.

    One line per option keeps the whole New game form on an 80x24 screen. Left/Right
    (or Space) change it, a click on the left arrow goes back and anywhere else forward.
    Where a line cannot hold the values (a phone), the option is `stacked`.
    """

    ARROWS = ("  ‹  ", "  ›  ")
    """A stacked option's arrows: tap targets at the end of its label's line."""
    INDENT = 4
    """Columns before a stacked option's value."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space", "step(1)", "Next", show=False),
    ]

    index: reactive[int] = reactive(0)
    """Which of `options` is chosen."""

    stacked: reactive[bool] = reactive(False, layout=True)
    """The value under the label, wrapped, and the arrows as buttons to tap at the end of
    the label's line (the New game form on a phone): every value is read whole, and the
    option's height, that of its longest value, does not change as its value does."""

    @dataclass
    class Changed(Message):
        """The player changed the value (not sent when the screen sets it)."""

        choice: Choice
        value: Any

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[Any, str | Text]],
        value: Any = None,
        *,
        label_width: int = 14,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.label = label
        """The option's name, left of the value."""
        self.label_width = label_width
        """Columns reserved for the label, so the values line up in a column."""
        self.options: list[tuple[Any, str | Text]] = list(options)
        """(value, shown text) pairs in the order they cycle; the text may be styled."""
        self.set_reactive(Choice.index, self._index_of(value))

    def _index_of(self, value: Any) -> int:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                return i
        return 0

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.options[self.index][0] if self.options else None

    def set_options(self, options: Sequence[tuple[Any, str | Text]], value: Any = None) -> None:
        """Replace the values (a new preset allows other table sizes) without a Changed."""
        self.options = list(options)
        self.set_reactive(Choice.index, self._index_of(value))
        self.refresh(layout=True)

    def select(self, value: Any) -> None:
        """Show `value` without telling anyone (the screen syncing to the rules)."""
        self.set_reactive(Choice.index, self._index_of(value))
        self.refresh()

    def action_step(self, delta: int) -> None:
        if len(self.options) < 2:
            return
        self.index = (self.index + delta) % len(self.options)
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        if self.stacked:
            back = self.size.width - len(self.ARROWS[1]) - 1 - len(self.ARROWS[0])
            on_back = event.y == 0 and back <= event.x < back + len(self.ARROWS[0])
            self.action_step(-1 if on_back else 1)
            return
        arrow = self.label_width + 2
        self.action_step(-1 if event.x <= arrow else 1)

    def _values_width(self, width: int) -> int:
        return max(1, width - self.INDENT)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """One line; stacked, the label's and those of its longest value."""
        if not self.stacked:
            return 1
        return 1 + max((len(self._wrapped(text, width)) for _, text in self.options),
                       default=1)

    def _wrapped(self, shown: str | Text, width: int) -> list[Text]:
        text = shown if isinstance(shown, Text) else Text(shown)
        return list(text.wrap(self.app.console, self._values_width(width)))

    def render(self) -> Text:
        if self.stacked:
            return self._stacked()
        shown = self.options[self.index][1] if self.options else ""
        text = Text(no_wrap=True, overflow="ellipsis")
        marker = marks("▶ ") if self.has_focus else "  "
        text.append(marker, style="bold")
        text.append(f"{self.label:<{self.label_width}}", style="bold" if self.has_focus else "")
        single = len(self.options) < 2
        text.append("  " if single else marks("‹ "), style="dim" if single else "bold")
        if isinstance(shown, Text):
            shown = shown.copy()
            shown.stylize("bold reverse" if self.has_focus else "bold")
            text.append_text(shown)
        else:
            text.append(shown, style="bold reverse" if self.has_focus else "bold")
        text.append("" if single else marks(" ›"), style="bold")
        return text

    def _stacked(self) -> Text:
        """The label, the arrows to tap at the end of its line, the value under it."""
        width = self.size.width
        text = Text(no_wrap=True, overflow="crop")
        text.append(marks("▶ ") if self.has_focus else "  ", style="bold")
        text.append(self.label, style="bold" if self.has_focus else "")
        if len(self.options) > 1:
            back, forward = (marks(arrow) for arrow in self.ARROWS)
            text.pad_right(max(1, width - text.cell_len - len(back) - 1 - len(forward)))
            text.append(back, style="bold reverse")
            text.append(" ")
            text.append(forward, style="bold reverse")
        if self.options:
            for line in self._wrapped(self.options[self.index][1], width):
                text.append("\n" + " " * self.INDENT)
                line.stylize("bold")
                text.append_text(line)
        return text

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def back_link(action: str, label: str = "Back", keys: str = "Esc") -> str:
    """Markup for the tap target that closes a screen (the screen's `action`, on a tap or
    a click), drawn as the table's targets are, a word in reverse video, with the `keys`
    that do the same: ' ◀ Back  (Esc)'."""
    return f"[@click=screen.{action}][b reverse] {marks('◀')} {label} [/][/]  ({keys})"


def keys_and_back(keys: str, back: str, narrow: bool) -> str:
    """A screen's line of keys and its Back to tap (`back_link`): on a line of its own
    where the screen is narrow, so that the line's wrapping never breaks it in two."""
    return f"{keys}\n{back}" if narrow else f"{keys}{marks(' · ')}{back}"


class MenuButton(Button):
    """A one-line menu entry that points at itself when it has the focus (▶ New game ◀),
    so the choice is visible without colour."""

    def __init__(self, label: str, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.plain_label = label
        """The label without the focus markers."""

    def on_focus(self) -> None:
        self.label = marks(f"▶ {self.plain_label} ◀")

    def on_blur(self) -> None:
        self.label = self.plain_label


class AsciiScrollBarRender(ScrollBarRender):
    """Scroll bars without the eighth blocks Textual draws at the thumb's ends: the
    thumb is whole cells of its colour, so an ASCII terminal shows nothing else."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


def ascii_scrollbars(on: bool) -> None:
    """Draw every scroll bar of the app in ASCII (on) or with Textual's blocks (off).

    Textual's documented way is to set `ScrollBar.renderer`, which is process-wide:
    the app sets it once on start from `unicode_ok()`."""
    ScrollBar.renderer = AsciiScrollBarRender if on else ScrollBarRender


def shapes_banner(palette: str = "classic", gap: str = "  ") -> Text:
    """The four shapes in their colours with their names: '● Red  ■ Blue  ▲ Yellow  ◆ Green'."""
    text = Text()
    for i, colour in enumerate(COLOURS):
        if i:
            text.append(gap)
        text.append(f"{glyph(colour)} {colour_name(colour, palette)}", style=STYLES[colour])
    return text


def percent(rate: float | None) -> str:
    """A win rate (a fraction, as LevelStats keeps it) as players read it: '43%'."""
    if rate is None:
        return "–"
    return f"{rate * 100:.0f}%"


def streak_words(streak: int) -> str:
    """The current streak in a sentence: '3 wins in a row', '1 loss in a row', 'none'."""
    return f"{streak_text(streak)} in a row" if streak else "none"


def streak_short(streak: int) -> str:
    """A streak as `colorcards stats` prints it: '2 wins', '3 losses', '–' for none."""
    return streak_text(streak) or "–"


def record_line(stats: Any, level: str) -> str:
    """One line with a player's record at a level, or a welcome when there is none. The
    streak is worded as the Statistics page's column says it ('2 wins', '–'); the best
    is left to that page, so the line fits the dialog with 'all presets' said."""
    title = LEVEL_TITLES.get(level, level.title())
    games = getattr(stats, "games", 0) if stats is not None else 0
    if not games:
        return f"No games at {title} yet."
    return (  # every preset's games at the level, said so (Statistics splits them)
        f"{games} game{'s' if games != 1 else ''}, all presets: {stats.wins} won, "
        f"{stats.losses} lost ({percent(stats.win_rate)}) · streak: "
        f"{streak_short(stats.current_streak)}"
    )


def as_datetime(value: Any) -> datetime | None:
    """A timestamp given as a datetime or an ISO string, in local time; None if unreadable."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return None
    else:
        return None
    return moment.astimezone() if moment.tzinfo else moment


def when(value: Any) -> str:
    """A save time as a person says it: 'Tue 1 Dec, 14:05'."""
    moment = as_datetime(value)
    if moment is None:
        return "at an unknown time"
    return f"{moment:%a} {moment.day} {moment:%b}, {moment:%H:%M}"
