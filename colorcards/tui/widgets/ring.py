"""The middle of the table: direction of play, draw pile, top card and the colour to match.

The ring's border takes the active colour and its title says the direction in words
and arrows; the colour to match is drawn large with its shape and named, so it reads
without colour. Clicking the draw pile posts `DrawPile.Clicked`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message

from ...engine import Card, Colour, Rules
from ...engine.describe import goes_again
from ...session.palette import STYLES, colour_name, glyph
from .faces import big_card, big_shape, card_back
from .kept_static import KeptStatic
from .redraw import RedrawsOnChange


def two_in_play(rules: Rules) -> str:
    """What the direction's line says with two players left, where play has no direction
    that matters: the cards after which their player goes again, as the engine plays
    them ('Skip or Reverse: go again'). Short enough for the ring at 80 columns beside
    two opponents' boxes: 'Two in play: Skip, Reverse = go again' was cut to '… = go'
    there (played in tmux, issue 30)."""
    again = goes_again(rules)
    if not again:
        return "Two in play"
    return " or ".join(rank.title for rank in again) + ": go again"


DRAWN_AHEAD = (1, 2, 4)
"""The cards a key of yours may take from the pile (one, or a Draw Two's or a Draw Four's
penalty): the pile's count after each is drawn ahead (`Ring.warm`)."""


class Direction(RedrawsOnChange, KeptStatic):
    """The direction of play in words and arrows, and a penalty on its way."""

    def show(self, words: str, penalty: str) -> None:
        if self.changed((words, penalty)):
            line = Text(words, style="bold")
            line.append(penalty, style="bold reverse")
            self.update(line, layout=False)


class DrawPile(RedrawsOnChange, KeptStatic):
    """The face-down draw pile with its count; click to draw."""

    class Clicked(Message):
        """The player clicked the draw pile."""

    count: int | None = None
    """The cards the pile holds, as last shown."""

    def show(self, count: int, ascii_only: bool) -> None:
        if self.changed((count, ascii_only)):
            self.count = count
            self.update(self.picture(count, ascii_only), layout=False)

    @staticmethod
    def picture(count: int, ascii_only: bool) -> Text:
        return Text("\n").join(card_back(count, ascii_only=ascii_only))

    def on_click(self) -> None:
        self.post_message(self.Clicked())


class TopCard(RedrawsOnChange, KeptStatic):
    """The card on top of the discard pile."""

    KEPT = 160
    """Room for the lines of every card of a long hand drawn ahead (`Ring.warm`)."""

    def show(self, card: Card, active: Colour | None, palette: str, ascii_only: bool) -> None:
        if self.changed((card, active, palette, ascii_only)):
            self.update(self.picture(card, active, palette, ascii_only), layout=False)

    @staticmethod
    def picture(card: Card, active: Colour | None, palette: str, ascii_only: bool) -> Text:
        return Text("\n").join(big_card(card, active, palette=palette, ascii_only=ascii_only))


class MatchPanel(RedrawsOnChange, KeptStatic):
    """The colour to match: large shape, name and shape's name."""

    def show(self, colour: Colour | None, palette: str, ascii_only: bool) -> None:
        if self.changed((colour, palette, ascii_only)):
            self.update(self.picture(colour, palette, ascii_only), layout=False)

    @staticmethod
    def picture(colour: Colour | None, palette: str, ascii_only: bool) -> Text:
        style = STYLES[colour] if colour else "bold"
        text = Text()
        for row in big_shape(colour, ascii_only):
            text.append(row.center(13) + "\n", style=style)
        if colour is None:
            text.append("any colour", style="bold")
        else:
            name = colour_name(colour, palette).upper()
            text.append(f"{glyph(colour, ascii_only)} {name}\n", style=style)
            text.append(colour.shape, style=style)
        return text


class Ring(RedrawsOnChange, Vertical):
    """Direction line above the pile, top card and colour to match."""

    _title: tuple[str, str] | None = None
    """The border's title and the colour it is drawn in."""
    _colours_warmed: object = None
    """What the colours to match were last drawn ahead for (`warm`)."""

    def compose(self) -> ComposeResult:
        yield Direction(id="direction")
        with Horizontal(id="piles"):
            yield DrawPile(id="draw-pile")
            yield TopCard(id="top-card")
            yield MatchPanel(id="match")

    def show(self, *, top: Card, active: Colour | None, direction: int, draw_count: int,
             palette: str, ascii_only: bool, pending: int, pending_seat: str | None,
             players: int = 3, rules: Rules | None = None) -> None:
        if not self.changed((top, active, direction, draw_count, palette, ascii_only, pending,
                             pending_seat, players, rules)):
            return
        if ascii_only:
            arrow = "<-- " if direction == 1 else "--> "
            words = arrow + ("Play goes clockwise" if direction == 1
                             else "Play goes anticlockwise")
        else:
            words = "↻ Play goes clockwise" if direction == 1 else "↺ Play goes anticlockwise"
        if players == 2:
            words = two_in_play(rules or Rules())
        penalty = f"   +{pending} on {pending_seat}" if pending and pending_seat else ""
        self.query_one(Direction).show(words, penalty)
        self.query_one(DrawPile).show(draw_count, ascii_only)
        self.query_one(TopCard).show(top, active, palette, ascii_only)
        self.query_one(MatchPanel).show(active, palette, ascii_only)
        self._colour_border(active)
        if active is not None:
            words = (f"To match: {glyph(active, ascii_only)} {colour_name(active, palette)} "
                     f"{active.shape}")
            # The title in the border's colour, given as the title's own style: a
            # `border-title-color` in the stylesheet is a colour property, and each change
            # of one repaints every box inside the ring (Textual refreshes the children).
            title = (words, self.styles.border_top[1].hex)
        else:
            title = ("any colour", "")
        if title != self._title:
            self._title = title
            self.border_title = Content.styled(*title)

    def warm(self, hand: Sequence[Card], palette: str, ascii_only: bool) -> None:
        """Draw ahead, after a frame, what a move of yours may show next: each colour to
        match, each card of your hand on top of the pile (in its own colour), and the draw
        pile's count after you draw, so the key that plays or draws has nothing new to
        draw there."""
        match = self.query_one(MatchPanel)
        colours = (palette, ascii_only, match.size, match.visual_style)
        if colours != self._colours_warmed:  # the same five pictures: drawn once
            self._colours_warmed = colours
            for colour in (*Colour, None):
                match.warm(MatchPanel.picture(colour, palette, ascii_only))
        pile = self.query_one(DrawPile)
        if pile.count is not None:
            for drawn in DRAWN_AHEAD:  # a card drawn, or a penalty taken
                pile.warm(DrawPile.picture(max(0, pile.count - drawn), ascii_only))
        top = self.query_one(TopCard)
        for card in hand:
            if not card.is_wild:
                top.warm(TopCard.picture(card, card.colour, palette, ascii_only))

    def _colour_border(self, active: Colour | None) -> None:
        """Give the border the active colour (its class, `-red` …): the classes change
        together and only the ring itself is restyled. The usual way restyles the ring
        and all its boxes against the whole stylesheet, twice for a new colour (a class
        off, a class on): a large part of a card played's frame, when the stylesheet
        styles nothing inside the ring by these classes."""
        before = set(self.classes)
        self.update_classes({f"-{colour.value}": colour is active for colour in Colour},
                            update=False)
        if set(self.classes) != before and self.is_attached:
            self.app.stylesheet.update_nodes([self], animate=False)
