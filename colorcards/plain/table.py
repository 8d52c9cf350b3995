"""One game at the table, told line by line: the plain front end's host of the controller.

`PlainTable` listens to a `GameController` (session/controller.py), as the table screen
does in the TUI: the controller paces the computers on the plain front end's clock
(clock.py), and every change its messages report (session/messages.py) is told as the
log's new lines, in the log's own words (session/table_log.py), never redrawn. When the
player has something to answer, one line says what (session/prompts.py's prompt, the
same as the status line's) and the next lists the hand by number, each card by colour,
value and shape. The player answers with a command (commands.py); the keys' letters are
the TUI's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import (
    ACCEPT,
    CALL,
    CHALLENGE,
    COLOURS,
    DRAW,
    HUMAN_SEAT,
    Action,
    Card,
    Colour,
    IllegalAction,
    NameColour,
    Phase,
    Play,
    Swap,
)
from ..session.controller import GameController, TableStore
from ..session.keys import key
from ..session.messages import (
    Changed,
    ColourAsked,
    Hinted,
    RoundOver,
    SwapAsked,
    TableMessage,
)
from ..session.palette import card_shown, colour_name
from ..session.prompts import HINT_ASKED, clock_text, prompt
from ..session.seating import Seating
from ..session.wording import counted
from .clock import PlainClock
from .commands import Command, parse

if TYPE_CHECKING:
    from ..coach.remote import RemoteCoach


Say = Callable[[str], None]


class PlainTable:
    """The game at the table as a conversation (see the module docstring)."""

    def __init__(self, seating: Seating, clock: PlainClock, say: Say, *,
                 store: TableStore | None, remote: RemoteCoach | None,
                 round_over: Callable[[GameController, bool], None], **pace: Any) -> None:
        self.clock = clock
        self.say = say
        """Prints one line for the player (spoken words, wrapped: app.py)."""
        self._round_over = round_over
        self.controller = GameController(seating, clock, listen=self.heard, store=store,
                                         remote=remote, **pace)
        ctl = self.controller
        self.palette = ctl.rules.palette
        self.shown = ctl.logged
        """Log lines told so far (the log's count)."""
        self.told: object = None
        """The moment whose prompt was last told (told once; `again` repeats it)."""
        self.let_go: int | None = None
        """The move count at which the player let a chance out of turn go (Enter)."""
        self.wild: Card | None = None
        """A Wild chosen by number, waiting for its colour."""
        self.naming = False
        """A Wild opened the round on the player's turn: its colour is asked for."""
        self._asking: list[str] | None = None
        """While the hint is being asked: its words, if they come at once."""

    # ---------------------------------------------------------------- the table's messages

    def heard(self, message: TableMessage) -> None:
        """What the table tells: a change (its new lines, and what to answer), a round
        over (its results), the round's first Wild (its colour asked) or the coach's
        hint (its words)."""
        if isinstance(message, Changed):
            self.tell()
        elif isinstance(message, RoundOver):
            self.tell()
            self._round_over(self.controller, message.match)
        elif isinstance(message, ColourAsked):
            self.naming = True
            self.tell()
        elif isinstance(message, SwapAsked):
            self.tell()
        elif isinstance(message, Hinted):
            if self._asking is not None:  # answered at once: said after HINT_ASKED
                self._asking.append(message.words)
            else:
                self.say(message.words)

    # ---------------------------------------------------------------- telling

    def tell(self) -> None:
        """Say the log's new lines, then what the player can do, if that is new."""
        ctl = self.controller
        new = ctl.logged - self.shown
        if new > 0:
            for line in ctl.log[len(ctl.log) - min(new, len(ctl.log)):]:
                self.say(line)
        self.shown = ctl.logged
        moment = self.moment()
        if moment is not None and moment != self.told:
            self.told = moment
            self.prompt()

    def moment(self) -> object:
        """What the player is asked now (None: nothing, the computers are playing)."""
        ctl = self.controller
        if not self._chance():
            return None
        view = ctl.view()
        return (ctl.moves, view.phase, view.vulnerable, ctl.note is not None, self.naming,
                ctl.jump_offer() is not None)

    def _chance(self) -> bool:
        """Whether the player has something to answer now: their turn, or a chance out
        of turn (a late call, a catch) they have not let go."""
        ctl = self.controller
        if ctl.paused or ctl.between_rounds or not ctl.legal():
            return False
        return ctl.my_turn or self.let_go != ctl.moves

    def asks(self) -> bool:
        """Whether the player has been asked something and it still stands: the loop
        waits for their line (a move the table has not told yet, a computer's draw
        shown one pause later, is not asked of them until it is told)."""
        moment = self.moment()
        return moment is not None and moment == self.told

    def prompt(self) -> None:
        """The line that says what to do, and the hand by number."""
        ctl = self.controller
        view = ctl.view()
        if self.naming or view.phase is Phase.NAME_COLOUR:
            self.say(f"A Wild opened the round: name the colour. {self._colours()}")
            return
        if ctl.swap_choices():
            self.say(self._swaps())
            return
        line = prompt(ctl, view, self.palette, False)
        clock = clock_text(ctl, view, False)
        if clock:
            line += f" ({clock})"
        if ctl.note and ctl.mark is not None:  # the coach's note on it was just said
            line += f" {key('take_back')} takes that move back."
        self.say(line)
        if ctl.my_turn and view.phase is not Phase.WINDOW:
            self.say(self.hand_line())

    def hand_line(self) -> str:
        """'Your hand, 3 cards: 1 Red 7 circle, 2 Blue Skip square, 3 Wild. You can play 1
        or 3.'"""
        ctl = self.controller
        hand = ctl.hand()
        playable = ctl.playable()
        cards = ", ".join(f"{n} {card_shown(card, self.palette)}"
                          for n, card in enumerate(hand, 1))
        line = f"Your hand, {counted(len(hand), 'card')}: {cards}."
        numbers = [str(n) for n, card in enumerate(hand, 1) if card in playable]
        if numbers and ctl.my_turn:
            listed = numbers[0] if len(numbers) == 1 else \
                ", ".join(numbers[:-1]) + " or " + numbers[-1]
            line += f" You can play {listed}."
        return line

    def table_line(self) -> str:
        """The table now: the pile, the colour to match, each player's cards, the way
        play goes and the draw pile."""
        ctl = self.controller
        view = ctl.view()
        top = card_shown(view.discard[-1], self.palette) if view.discard else "none"
        colour = view.active_colour
        match = f", {colour_name(colour, self.palette)} {colour.shape} to match" \
            if colour is not None and view.discard and view.discard[-1].is_wild else ""
        seats = ", ".join(
            f"{ctl.name(s)} {counted(view.hand_counts[s], 'card')}"
            + (" (Last Card called)" if view.called[s] and view.hand_counts[s] == 1 else "")
            + (" (out)" if s in view.out else "")
            for s in range(view.seats))
        turn = f" {ctl.name(view.current)} to play." if view.current is not None else ""
        way = "up the seats" if view.direction == 1 else "down the seats"
        return (f"On the pile: {top}{match}. {seats}. Draw pile: "
                f"{counted(view.draw_count, 'card')}; play goes {way}.{turn}")

    def _swaps(self) -> str:
        """The question after the player's 7 (house rule `seven_zero`): whose hand to
        take, each seat by number with its cards, the cards the player gave it and
        whether it is their partner."""
        ctl = self.controller
        view = ctl.view()
        partners = view.rules.sides(view.seats)[HUMAN_SEAT]
        choices = []
        for n, seat in enumerate(ctl.swap_choices(), 1):
            about = [counted(view.hand_counts[seat], "card")]
            if seat in partners:
                about.insert(0, "your partner")
            if view.known and view.known[seat]:
                about.append("you gave them " + ", ".join(
                    card_shown(c, self.palette) for c in view.known[seat]))
            choices.append(f"{n} {ctl.name(seat)} ({'; '.join(about)})")
        return (f"You played a {view.discard[-1].rank.title}: swap hands with whom? "
                + ", ".join(choices) + ".")

    def _colours(self) -> str:
        return "Which colour? " + ", ".join(
            f"{n} {colour_name(c, self.palette)} {c.shape}" for n, c in enumerate(COLOURS, 1)) + "."

    # ---------------------------------------------------------------- the player's input

    def answer(self, text: str) -> bool:
        """Take one line of the player's; False when it asks to leave the table."""
        self.controller.seen()  # the coach's late notes were said as they came
        command = parse(text)
        if command is None:
            self.say(f'"{text.strip()}" is not a command here. Type help (or ?) for the list.')
            return True
        if self.wild is not None or self.naming:
            if self._colour_answer(command):
                return True
        if self.controller.swap_choices() and self._swap_answer(command):
            return True
        handler = getattr(self, f"_do_{command.name}")
        return handler(command) is not False

    def _colour_answer(self, command: Command) -> bool:
        """A colour named for the Wild chosen (or the round's first card); whether the
        line was that answer. Any other command sets the Wild chosen aside; the round's
        first card waits for its colour (what only tells is still told)."""
        colour = self._colour_of(command)
        if colour is None:
            if self.naming and command.name not in ("help", "log", "hand", "table", "again",
                                                     "quit", "rules"):
                self.say(self._colours())
                return True
            self.wild = None
            return False
        if self.naming:
            self.naming = False
            self._act(NameColour(colour))
        else:
            card, self.wild = self.wild, None
            assert card is not None
            self._act(Play(card, colour))
        return True

    def _swap_answer(self, command: Command) -> bool:
        """A seat chosen to swap hands with, by its number in the question or its name;
        whether the line was that answer (what only tells is still told; anything else
        asks again)."""
        ctl = self.controller
        seats = ctl.swap_choices()
        seat = None
        if command.name == "card" and command.number is not None \
                and 1 <= command.number <= len(seats):
            seat = seats[command.number - 1]
        elif command.name == "word":
            seat = next((s for s in seats if ctl.name(s).lower() == command.word), None)
        if seat is not None:
            self._act(Swap(seat))
            return True
        if command.name in ("help", "log", "hand", "table", "quit", "rules"):
            return False
        self.say(self._swaps())
        return True

    def _colour_of(self, command: Command) -> Colour | None:
        if command.name == "card" and command.number is not None \
                and 1 <= command.number <= len(COLOURS):
            return COLOURS[command.number - 1]
        if command.name == "word":
            for colour in COLOURS:
                if command.word in (colour_name(colour, self.palette).lower(), colour.shape):
                    return colour
        return None

    def _act(self, action: Action) -> bool:
        """Make the player's move, or say why not in the engine's words."""
        return self._do(lambda: self.controller.act(action))

    def _do(self, act: Callable[[], object]) -> bool:
        """Tell the table the player's input (`act`), or say why it was refused."""
        try:
            act()
        except IllegalAction as exc:
            self.say(str(exc))
            return False
        return True

    def _do_card(self, command: Command) -> None:
        ctl = self.controller
        hand = ctl.hand()
        number = command.number or 0
        if not 1 <= number <= len(hand):
            self.say(f"There is no card {number}: your cards are numbered 1 to {len(hand)}.")
            return
        card = hand[number - 1]
        refusal = ctl.card_refusal(card)
        if refusal is not None:
            self.say(refusal)
            return
        if card.is_wild:
            colour = self._colour_of(Command("word", word=command.word)) if command.word else None
            if colour is None:
                self.wild = card
                self.say(self._colours())
                return
            self._act(Play(card, colour))
            return
        self._act(Play(card))

    def _do_word(self, command: Command) -> None:
        self.say(f'"{command.word}" is not a command here. Type help (or ?) for the list.')

    def _do_draw(self, command: Command) -> None:
        self._act(DRAW)

    def _do_pass(self, command: Command) -> None:
        self._do(self.controller.pass_turn)  # a jump-in offered is let go (DECLINE)

    def _do_jump(self, command: Command) -> None:
        self._do(self.controller.jump)

    def _do_accept(self, command: Command) -> None:
        self._act(ACCEPT)

    def _do_challenge(self, command: Command) -> None:
        self._act(CHALLENGE)

    def _do_last(self, command: Command) -> None:
        self._act(CALL)

    def _do_catch(self, command: Command) -> None:
        self._do(self.controller.catch)

    def _do_again(self, command: Command) -> None:
        """Enter: the hint's move, the drawn card played, the skip to the round's end, a
        chance let go, or else the prompt said again."""
        ctl = self.controller
        hint = ctl.hinted
        if hint is not None and ctl.my_turn:
            self._do(lambda: ctl.enter(hint.card if isinstance(hint, Play) else None))
            return
        view = ctl.view()
        if ctl.my_turn and view.phase is Phase.DRAWN and view.drawn in ctl.playable():
            drawn = view.drawn
            assert drawn is not None
            self._do_card(Command("card", number=ctl.hand().index(drawn) + 1))
            return
        if ctl.hurry():
            return
        if ctl.jump_offer() is not None:
            if self._do(ctl.pass_turn):
                self.say("You let it go.")
            return
        if not ctl.my_turn and ctl.legal():
            self.let_go = ctl.moves
            self.say("You let it go.")
            return
        self.told = None
        self.prompt() if self.moment() is not None else self.say(self.waiting())

    def waiting(self) -> str:
        """What is going on while the player has nothing to answer."""
        ctl = self.controller
        return prompt(ctl, ctl.view(), self.palette, False) or "Wait for your turn."

    def _do_hand(self, command: Command) -> None:
        self.say(self.hand_line())

    def _do_table(self, command: Command) -> None:
        self.say(self.table_line())

    def _do_log(self, command: Command) -> None:
        """The whole match so far, round by round (R at the table)."""
        for number, lines in self.controller.story():
            self.say("Earlier:" if number == 0 else f"Round {number}:")
            for line in lines:
                self.say(line)
        self.say("End of the log.")

    def _do_sort(self, command: Command) -> None:
        how = self.controller.sort_hand()
        self.say(f"Hand sorted by {how}.")
        self.say(self.hand_line())

    def _do_hint(self, command: Command) -> None:
        """The coach's hint: its words come as the table's `Hinted` (`heard`); Enter
        (again) then makes the move it recommends."""
        self._asking = []
        try:
            asked = self._do(self.controller.hint)
        finally:
            words, self._asking = self._asking, None
        if asked:
            self.say(HINT_ASKED)
        for line in words:
            self.say(line)

    def _do_take_back(self, command: Command) -> None:
        """T: the table as it was before the player's last decision, told again."""
        ctl = self.controller
        refusal = ctl.take_back_refusal()
        if refusal is None:
            self.say("Taken back: the table is as it was before your last move.")
            self.told = None
            refusal = ctl.take_back()  # told as the table changes (`tell`)
        if refusal is not None:
            self.say(refusal)

    def _do_coach(self, command: Command) -> None:
        ctl = self.controller
        on = not ctl.settings.coach
        was_practice = ctl.practice
        ctl.set_coach(on)
        if not on:
            self.say("Coach off.")
        elif was_practice:
            self.say("Coach on.")
        else:
            self.say("Coach on: this game is now practice (not counted in your record).")

    def _do_help(self, command: Command) -> None:
        from .commands import help_lines

        for line in help_lines(self.controller.rules, self.controller.settings.coach):
            self.say(line)

    def _do_rules(self, command: Command) -> None:
        from .rules import rules_lines

        for line in rules_lines(command.word):
            self.say(line)

    def _do_quit(self, command: Command) -> bool:
        self.controller.stop()
        self.say("The game is saved: Continue from the menu takes you back to it.")
        return False
