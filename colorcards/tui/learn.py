"""Looking back at kept games: the way from the title, Statistics and the results to
History, a Replay (and its Review), and the same deal again.

The app calls these with itself; each screen returns its answer and the next step is
taken here, so app.py only gains one line per way in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import DEFAULT_PRESET, PRESETS, RulesError
from ..engine.events import Event
from ..level import Level
from ..replay.frames import frames
from ..replay.kept import KeptGame, ReplayError
from ..replay.review import Review
from .settings import GameSettings

if TYPE_CHECKING:
    from .app import ColorCardsApp

Back = Callable[[], None]


def log_words(kept: KeptGame) -> Callable[[Sequence[Event]], str]:
    """The table's log line for what one action caused, in the table's own words
    (`wording.Words`) with this game's names (`frames` hands it the events as the player
    saw them)."""
    from .wording import Words

    return Words(list(kept.seat_names), kept.rules.palette).line


def show_history(app: ColorCardsApp, back: Back) -> None:
    """The History screen; Enter on a game opens its replay, Escape goes `back()`."""
    from .screens.history import HistoryScreen

    def chosen(game_id: str | None) -> None:
        if game_id is None:
            back()
        else:
            open_kept(app, game_id, back=lambda: show_history(app, back))

    app.push_screen(HistoryScreen(app.store.history()), chosen)


def open_kept(app: ColorCardsApp, game_id: str, back: Back, start: int | None = None) -> None:
    """The replay of a game in the history (a sentence and `back()` if it has none)."""
    try:
        kept = app.store.kept_game(game_id)
    except ReplayError as exc:
        app.notify(f"This game cannot be replayed: {exc}.", severity="warning", timeout=6)
        back()
        return
    open_replay(app, kept, back, start)


def kept_review(app: ColorCardsApp, kept: KeptGame) -> Review | None:
    """The review the store keeps for `kept`, if it has been computed."""
    if not kept.game_id:
        return None
    return Review.from_json(app.store.review(kept.game_id))


def open_replay(app: ColorCardsApp, kept: KeptGame, back: Back,
                start: int | None = None) -> None:
    """The Replay screen for `kept`; it says so if the game does not replay to its record,
    and marks the costliest moments if the game has been reviewed."""
    from .screens.replay import ReplayScreen
    from .screens.review import review_marks

    try:
        shots = frames(kept, log_words(kept))
        distrust = kept.check(kept.replay())
    except ReplayError as exc:
        app.notify(f"This game cannot be replayed: {exc}.", severity="warning", timeout=6)
        back()
        return

    reviewed = kept_review(app, kept)
    marks_at = review_marks(reviewed, kept.rules.palette) if reviewed is not None else {}

    def chosen(what: str | None) -> None:
        if what == "same-deal":
            same_deal(app, kept, back=lambda: open_replay(app, kept, back))
        elif what == "review":
            open_review(app, kept, back=lambda: open_replay(app, kept, back))
        else:
            back()

    app.push_screen(ReplayScreen(kept, shots, distrust=distrust, marks_at=marks_at,
                                 start=start), chosen)


def open_review(app: ColorCardsApp, kept: KeptGame, back: Back) -> None:
    """The Review screen: the kept review, or one computed now (and then kept)."""
    from .screens.review import ReviewScreen

    def keep(result: Review) -> None:
        if kept.game_id:
            app.store.keep_review(kept.game_id, result.as_json())

    def chosen(what: tuple[str, int] | None) -> None:
        if what is None:
            back()
        else:
            open_replay(app, kept, back=lambda: open_review(app, kept, back), start=what[1])

    app.push_screen(ReviewScreen(kept, kept_review(app, kept), keep), chosen)


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


def same_deal(app: ColorCardsApp, kept: KeptGame, back: Back) -> None:
    """A new game with the same deal and options (a game in progress is asked about first)."""
    from .screens import IN_PROGRESS_QUESTION, ConfirmDialog

    try:
        settings = settings_for(kept, app.settings.speed)
    except RulesError as exc:
        app.notify(f"This deal cannot be played again: {exc}.", severity="warning", timeout=6)
        back()
        return

    def deal(abandon: bool) -> None:
        app.seed = kept.seed
        app.start_game(settings, abandon=abandon)
        app.notify("The same deal again: the same cards, the same options.", timeout=4)

    in_progress = app.store.saved_summary() is not None or (
        app.controller is not None and not app.controller.game.is_over)
    if not in_progress:
        deal(abandon=False)
        return

    def answered(yes: bool | None) -> None:
        if yes:
            deal(abandon=True)
        else:
            back()

    app.push_screen(ConfirmDialog(IN_PROGRESS_QUESTION, yes="Start anyway", no="Go back"),
                    answered)


def after_results(app: ColorCardsApp, controller: Any, what: str) -> None:
    """'same-deal' or 'review' chosen on the results of a finished match."""
    from ..replay.kept import kept_from_game

    game = controller.game
    record = controller.record  # the store's record of the match (None if not recorded)
    kept = kept_from_game(game, names=[controller.name(s) for s in range(game.seats)],
                          difficulty=controller.settings.difficulty,
                          preset=controller.settings.preset,
                          game_id=record.game_id if record is not None else "")
    if what == "same-deal":
        same_deal(app, kept, back=app.show_title)
    elif what == "review":
        open_review(app, kept, back=app.show_title)
