"""Looking back at kept games: History, a Replay (and its Review) and the same deal again.

These open the screens (History itself is a place: screens/history.py); what a screen
answers (a `Go`) is turned into the next step by the app, in one place
(`ColorCardsApp.go`). They reach the app only through `Host` (screens/go.py), the few
things a screen's opening needs of it, and a new game with the same deal is asked for
with its seed (`host.start_game(settings, seed=...)`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import DEFAULT_PRESET, PRESETS, RulesError
from ..engine.events import Event
from ..level import Level
from ..replay.frames import frames
from ..replay.kept import KeptGame, ReplayError
from ..replay.review import Review
from ..session.exercises import Item
from ..session.palette import marks
from ..settings import GameSettings
from .screens.go import Back, Go, Host


def log_words(kept: KeptGame) -> Callable[[Sequence[Event]], str]:
    """The table's log line for what one action caused, in the table's own words
    (`wording.Words`) with this game's names (`frames` hands it the events as the player
    saw them)."""
    from ..session.wording import Words

    return Words(list(kept.seat_names), kept.rules.palette, kept.rules).line


def open_kept(app: Host, game_id: str, back: Back, start: int | None = None) -> None:
    """The replay of a game in the history (a sentence and `back()` if it has none)."""
    try:
        kept = app.store.kept_game(game_id)
    except ReplayError as exc:
        app.notify(f"This game cannot be replayed: {exc}.", severity="warning", timeout=6,
                   markup=False)
        back()
        return
    open_replay(app, kept, back, start)


def kept_review(app: Host, kept: KeptGame) -> Review | None:
    """The review the store keeps for `kept`, if it has been computed."""
    if not kept.game_id:
        return None
    return Review.from_json(app.store.review(kept.game_id))


def open_replay(app: Host, kept: KeptGame, back: Back,
                start: int | None = None, exercises: Sequence[Item] = ()) -> None:
    """The Replay screen for `kept`; it says so if the game does not replay to its record,
    and marks the costliest moments if the game has been reviewed. `exercises` (those an
    exported file carries) mark their moments when no review is kept here, and Enter on
    one tries it again with the file's answers."""
    from .screens.practice import PracticeScreen
    from .screens.replay import ReplayScreen
    from .screens.review import review_marks

    try:
        shots = frames(kept, log_words(kept))
        distrust = kept.check(kept.replay())
    except ReplayError as exc:
        app.notify(f"This game cannot be replayed: {exc}.", severity="warning", timeout=6,
                   markup=False)
        back()
        return

    reviewed = kept_review(app, kept)
    marks_at = (review_marks(reviewed, kept.rules.palette, kept.seat_names, kept)
                if reviewed is not None else
                {i.index: marks(i.words) or "A costly moment: an exercise." for i in exercises})

    screen = ReplayScreen(kept, shots, distrust=distrust, marks_at=marks_at, start=start)

    def chosen(where: Go | None) -> None:
        if where is Go.TRY_AGAIN:  # Enter on a costly moment: back to it afterwards
            at = screen.frame.index

            def again() -> None:
                open_replay(app, kept, back, at, exercises)

            carried = [i for i in exercises if i.index == at]
            if carried:  # the file's own: answered at once, its schedule is the file's
                app.push_screen(PracticeScreen(carried, lambda item, action, grade: item,
                                               kept.rules.palette, weighing=False),
                                lambda _: again())
            else:
                try_again(app, kept, at, back=again)
            return
        # Escape goes `back`; the review or the same deal come back here.
        app.go(where, back if where in (None, Go.BACK) else
               lambda: open_replay(app, kept, back, start), kept)

    app.push_screen(screen, chosen)


def open_review(app: Host, kept: KeptGame, back: Back) -> None:
    """The Review screen: the kept review, or one computed now (and then kept)."""
    from ..replay.background import Reviewer
    from .screens.review import ReviewScreen

    def keep(result: Review) -> None:
        if kept.game_id:
            app.store.keep_review(kept.game_id, result.as_json())

    def chosen(what: tuple[str, int] | None) -> None:
        if what is None:
            back()
        elif what[0] == "try":
            try_again(app, kept, what[1], back=lambda: open_review(app, kept, back))
        else:
            open_replay(app, kept, back=lambda: open_review(app, kept, back), start=what[1])

    reviewer = Reviewer(app.remote_coach, budget=app.review_budget)
    app.push_screen(ReviewScreen(kept, kept_review(app, kept), keep, reviewer), chosen)


def try_again(app: Host, kept: KeptGame, index: int, back: Back) -> None:
    """A listed moment as an exercise, before its answer is shown: the table as the
    player saw it, a move to choose, and the coach's answer (screens/practice.py)."""
    from ..store import exercises
    from .screens.practice import PracticeScreen

    store = app.store
    exercises.sync(store)
    found = [i for i in exercises.every(store, kept.game_id) if i.index == index]
    if not found:
        app.notify("This moment is not an exercise yet: its review must be complete and kept.",
                   severity="warning", timeout=6)
        back()
        return

    def answered(item: Any, action: Any, grade: str) -> Any:
        return exercises.answered(store, item, grade, app.now())

    app.push_screen(PracticeScreen(found, answered, kept.rules.palette), lambda _: back())


def settings_for(kept: KeptGame, speed: str = "normal") -> GameSettings:
    """The New game settings that deal `kept` again: its preset, level, table size and
    every option that differs from the preset. RulesError if they cannot be played."""
    preset_key = kept.preset if kept.preset in PRESETS else DEFAULT_PRESET
    preset = PRESETS[preset_key]
    base = preset.base.as_json()
    wanted = kept.rules.as_json()
    changes: dict[str, Any] = {k: v for k, v in wanted.items() if base.get(k) != v}
    if preset.rules(**changes) != kept.rules:
        changes = dict(wanted)
    settings = GameSettings(difficulty=Level(kept.difficulty), preset=preset_key,
                            opponents=kept.seats - 1, changes=changes, speed=speed)
    settings.rules()  # RulesError if the preset does not allow this table
    return settings


def same_deal(app: Host, kept: KeptGame, back: Back) -> None:
    """A new game with the same deal and options (a game in progress is asked about first)."""
    from .screens.confirm import ConfirmDialog
    from .screens.newgame import IN_PROGRESS_QUESTION

    try:
        settings = settings_for(kept, app.settings.speed)
    except RulesError as exc:
        app.notify(f"This deal cannot be played again: {exc}.", severity="warning", timeout=6,
                   markup=False)
        back()
        return

    def deal(abandon: bool) -> None:
        app.start_game(settings, abandon=abandon, seed=kept.seed)
        app.notify("The same deal again: the same cards, the same options.", timeout=4)

    if not app.game_in_progress():
        deal(abandon=False)
        return

    def answered(yes: bool | None) -> None:
        if yes:
            deal(abandon=True)
        else:
            back()

    app.push_screen(ConfirmDialog(IN_PROGRESS_QUESTION, yes="Start anyway", no="Go back"),
                    answered)
