"""Looking back, in the plain front end: Statistics per level, History (a game told
again, its Review with the costly moments and why) and Practice (the exercises made of
those moments, answered by number). The same store's figures and the same words as the
TUI's screens (replay/review.py, session/results.py, session/exercises.py), as lines.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import preset_title
from ..level import LEVELS
from ..replay.kept import KeptGame, ReplayError
from ..replay.review import Review, accuracy, summary_words
from ..session.exercises import Item, answer_words
from ..session.palette import card_name, card_shown, colour_name
from ..session.results import review_lines
from ..session.wording import counted
from ..store.history import accuracy_words, result_words
from ..store.records import streak_text
from .commands import parse

if TYPE_CHECKING:
    from ..coach.remote import RemoteCoach
    from ..store import Store


class LookingBack:
    """The menu's Statistics, History and Practice (PlainApp's; see the module docstring)."""

    store: Store
    remote: RemoteCoach | None
    review_budget: dict[str, Any] | None
    handler: Callable[[str], None]
    _history: list[Any]
    _exercises: list[Item]
    _exercise: Item | None
    say: Callable[[str], None]
    """Says a line (PlainApp.say)."""
    show_menu: Callable[[], None]
    """Back to the menu (PlainApp.show_menu)."""

    def show_stats(self) -> None:
        from ..store import exercises

        stats = self.store.stats()
        self.say("Your results per level (practice games apart):")
        for level in LEVELS:
            s = stats.get(level.value)
            if s is None or not s.games:
                self.say(f"{level.label}: no games yet.")
                continue
            self.say(f"{level.label}: {counted(s.games, 'game')}, {s.wins} won, {s.losses} lost"
                     + (f", {s.draws} drawn" if s.draws else "")
                     + f", win rate {s.win_rate * 100:.0f}%; current streak "
                     f"{streak_text(s.current_streak) or 'none'}; best streak "
                     f"{streak_text(s.best_streak) or 'none'}.")
        practice = self.store.stats(practice=True)
        played = sum(s.games for s in practice.values())
        if played:
            self.say(f"Practice games: {played} (not counted above).")
        self.say(exercises.stats(self.store, time.time()).words())
        self.show_menu()

    def show_history(self) -> None:
        self._history = self.store.history()
        if not self._history:
            self.say("No finished games yet.")
            self.show_menu()
            return
        self.say("Your finished games, newest first:")
        for n, e in enumerate(self._history, 1):
            try:
                when = e.when().astimezone().strftime("%Y-%m-%d %H:%M")
            except (ValueError, OverflowError):
                when = "an unknown date"
            self.say(f"{n}: {when}, {preset_title(e.preset)} at {e.difficulty.title()}, "
                     f"{result_words(e)}, {e.turns} turns, "
                     f"{accuracy_words(e.accuracy, e.avg_cost)}"
                     + (", practice." if e.practice else "."))
        self.say("Type review and a game's number for its review, replay and its number to "
                 "hear it again move by move, or Enter for the menu.")
        self.handler = self.history_answer

    def history_answer(self, text: str) -> None:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] in ("review", "replay") and words[1].isdigit() \
                and 1 <= int(words[1]) <= len(self._history):
            entry = self._history[int(words[1]) - 1]
            try:
                kept = self.store.kept_game(entry.game_id)
                if words[0] == "replay":
                    self.replay(kept)
                    return
            except ReplayError as exc:
                self.say(f"This game cannot be replayed: {exc}.")
                return
            self.review(kept)
            return
        self.show_menu()

    def replay(self, kept: KeptGame) -> None:
        """The game again, as the table told it: each move's line, then every hand left
        face up (the replay's film, replay/frames.py, in the log's words)."""
        from ..replay.frames import frames
        from ..session.wording import Words

        shots = frames(kept, Words(list(kept.seat_names), kept.rules.palette, kept.rules).line)
        for shot in shots:
            if shot.line:
                self.say(shot.line)
        last = shots[-1]
        for seat, hand in enumerate(last.hands):
            if hand:
                self.say(f"{kept.seat_names[seat]} held at the end: " + ", ".join(
                    card_shown(c, kept.rules.palette) for c in hand) + ".")
        self.say("End of the replay. Another review or replay, or Enter for the menu.")

    def review(self, kept: KeptGame) -> None:
        """The review of `kept`: the kept one, or one weighed now (and kept)."""
        result = Review.from_json(self.store.review(kept.game_id)) if kept.game_id else None
        if result is None or len(result.moments) < result.total:
            from ..replay.background import Reviewer

            self.say("The coach is weighing your decisions; this takes a little while.")
            reviewer = Reviewer(self.remote, budget=self.review_budget)
            found: list[Review] = []

            def each(data: dict[str, Any]) -> None:
                so_far = Review.from_json(data)
                if so_far is not None:
                    found.append(so_far)

            complete = reviewer.review(kept, None if result is None else result.as_json(), each)
            if self.remote is None:
                reviewer.cancel()
            if not complete or not found:
                self.say("The review could not be finished.")
                self.show_menu()
                return
            result = found[-1]
            if kept.game_id:
                self.store.keep_review(kept.game_id, result.as_json())
        palette = kept.rules.palette
        self.say(f"Review of your game at {kept.difficulty.title()}.")
        self.say(summary_words(result))
        measure = accuracy(result)
        if measure is not None:
            self.say(measure.words())
        lines = review_lines(result, palette, kept.seat_names, kept)
        for n, line in enumerate(lines, 1):
            self.say(f"Moment {n}: {line}")
        if lines:
            self.say("Practice (from the menu) asks these moments again as exercises.")
        self.show_menu()

    # ---------------------------------------------------------------- practice

    def show_practice(self) -> None:
        from ..store import exercises

        exercises.sync(self.store)
        self._exercises = exercises.due(self.store, time.time())
        if not self._exercises:
            self.say("No exercise is due now. Exercises come from the costly moments of "
                     "your reviewed games.")
            self.show_menu()
            return
        self.say(f"{len(self._exercises)} exercises are due. Enter after each goes on; q "
                 "goes back to the menu.")
        self.next_exercise()

    def next_exercise(self) -> None:
        if not self._exercises:
            self.say("No more exercises are due.")
            self.show_menu()
            return
        item = self._exercises.pop(0)
        self._exercise = item
        rules = item.rules()
        palette = rules.palette if rules is not None else "classic"
        self.say(f"Exercise from turn {item.turn} of a game at {item.level.title()}. What "
                 "happened just before:")
        for line in item.log(palette):
            self.say(line)
        top = item.top()
        active = item.active()
        on = card_name(top, palette) if top is not None else "nothing"
        if top is not None and top.is_wild and active is not None:
            on += f", {colour_name(active, palette)} {active.shape} to match"
        names = item.names()
        counts = ", ".join(f"{names[s]} {n} cards" for s, n in enumerate(item.counts()) if s)
        self.say(f"On the pile: {on}. {counts}.")
        hand = item.hand()
        self.say("Your hand: " + ", ".join(
            f"{n} {card_shown(c, palette)}" for n, c in enumerate(hand, 1)) + ".")
        self.say("What do you play? A card's number (a Wild with its colour: 2 red), d to "
                 "draw, p to pass, a to accept, x to challenge.")
        self.handler = self.exercise_answer

    def exercise_answer(self, text: str) -> None:
        from ..engine import ACCEPT, CHALLENGE, DRAW, PASS, Action, Play
        from ..store import exercises

        item = self._exercise
        command = parse(text)
        if item is None or command is None or command.name == "quit":
            self.show_menu()
            return
        if command.name == "again":
            self.next_exercise() if item.first is not None else self.say("Your answer?")
            return
        rules = item.rules()
        palette = rules.palette if rules is not None else "classic"
        moves = item.moves()
        chosen: Action | None = None
        if command.name == "card" and command.number is not None:
            hand = item.hand()
            if not 1 <= command.number <= len(hand):
                self.say(f"There is no card {command.number}.")
                return
            card = hand[command.number - 1]
            options = [m for m in moves if isinstance(m, Play) and m.card == card]
            if card.is_wild and command.word:
                options = [m for m in options
                           if m.colour is not None and command.word in
                           (colour_name(m.colour, palette).lower(), m.colour.shape)]
            if len(options) > 1:
                self.say("Which colour? Type the card's number and the colour, as 2 red.")
                return
            chosen = options[0] if options else None
            if chosen is None:
                self.say(f"{card_name(card, palette)} cannot be played there.")
                return
        else:
            wanted = {"draw": DRAW, "pass": PASS, "accept": ACCEPT, "challenge": CHALLENGE}
            chosen = wanted.get(command.name)
            if chosen not in moves:
                self.say("That is not one of the moves there.")
                return
        self.say(answer_words(item, chosen, lambda c: card_name(c, palette),
                              lambda c: colour_name(c, palette)))
        found = item.answer(chosen)
        grade = found.grade if found is not None else "between"
        self._exercise = exercises.answered(self.store, item, grade, time.time())
        self.say("Enter: the next exercise; q: the menu.")
