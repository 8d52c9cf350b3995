"""Names that are markup (`[b]Bo`, `Ann [/]`, `[@click=app.quit]Quit[/]`...) shown as text,
styled as the words round them, on every screen a name reaches: an export replayed from
its file (`colorcards replay FILE`), a table, its story, its results. Fifty such names
(hostile_names.py)."""

from __future__ import annotations

import html
import re

from colorcards.bots import make_player
from colorcards.bots.drive import drive
from colorcards.engine import Game, get_preset
from colorcards.replay.kept import kept_from_game, read_export
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.sim import seat_rngs
from colorcards.tui.app import ColorCardsApp
from colorcards.tui.looking_back import open_replay
from colorcards.tui.screens.results import ResultsScreen
from engine_helpers import position
from hostile_names import NAMES
from tui_table_helpers import HandClock, screen_text, wait

PER_TABLE = 6
"""Computers a batch of names sits at: the replay's face-up list shows them all."""
BATCHES = [NAMES[i:i + PER_TABLE] for i in range(0, len(NAMES), PER_TABLE)]


def _runs(app) -> list[str]:
    """The screen's text in runs of one style each (the screenshot's spans), a run per
    style change: a name styled apart from the words after it would end its run."""
    svg = app.export_screenshot()
    return [html.unescape(t).replace("\xa0", " ")
            for t in re.findall(r"<text [^>]*>(.*?)</text>", svg)]


def _shown_plainly(app, names: list[str], after: str) -> list[str]:
    """The names not shown whole and in the style of the text that follows them."""
    runs = _runs(app)
    return [n for n in names if not any(f"{n}{after}" in run for run in runs)]


async def test_an_export_with_markup_names_replays_as_text(tmp_path):
    """Each batch's game is exported to a file, read back as `colorcards replay` reads it
    and replayed from the deal to the end: no markup error, and every name shows as
    typed (the hands face up list them) in one style with the words after it."""
    app = ColorCardsApp(data_dir=tmp_path / "data", background_reviews=False)
    async with app.run_test(size=(160, 50)) as pilot:
        for number, batch in enumerate(BATCHES):
            names = ["You", *batch]
            game = Game(get_preset("party").rules(), len(names), seed=number)
            drive(game, [make_player("normal") for _ in names], seat_rngs(number, len(names)))
            path = tmp_path / f"game-{number}.json"
            path.write_text(kept_from_game(game, names=names, preset="party").dumps(), "utf-8")
            kept, _, distrust = read_export(str(path))
            assert distrust is None and kept.names == tuple(names)
            open_replay(app, kept, back=lambda: None)
            await pilot.pause()
            for key in ("f", "right", "right", "pagedown", "end"):
                await pilot.press(key)
            await pilot.pause()
            assert _shown_plainly(app, batch, after=" (") == []
            await pilot.press("escape")
            await pilot.pause()


async def test_markup_names_at_the_table_its_story_and_its_results(tmp_path):
    """Each batch at a table: the log and the story (R) say the names as typed, in the
    words' own style; the winning card played, the results do too."""
    app = ColorCardsApp(data_dir=tmp_path / "data", delay=0, clock=HandClock(),
                        background_reviews=False)
    async with app.run_test(size=(160, 50)) as pilot:
        for batch in BATCHES:
            others = " | ".join(f"p{seat}: B{seat} G{seat}" for seat in range(1, len(batch) + 1))
            game = position(f"top=R5 | you: R7 | {others}", "party")
            settings = GameSettings(preset="party", opponents=len(batch))
            seating = Seating.at(game, settings, log=[f"{name} drew a card." for name in batch])
            seating.meta = seating.meta.with_(names=("You", *batch))
            app.seat(seating, delay=0)
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert _shown_plainly(app, batch, after=" drew a card.") == []
            await pilot.press("escape")
            await pilot.press("1")
            await wait(pilot, 0)
            assert isinstance(app.screen, ResultsScreen)
            text = " ".join(screen_text(app).split())
            assert all(name in text for name in batch), text
