"""The key table: one list of keys makes the table's bindings, the control bar, the help
page and the key names in the prompts; a table shows only the keys its rules use."""

from __future__ import annotations

import pytest

from colorcards.engine import get_preset
from colorcards.session.keys import KEYS, bar_keys, help_rows, key
from colorcards.tui.screens.help import keys_table
from colorcards.tui.screens.table import TableScreen
from tui_table_helpers import make_app, screen_text, settle


def test_the_table_binds_every_key_of_the_table_once():
    """TableScreen.BINDINGS is the key table: each key once, each with its action."""
    bound = {(b.key, b.action) for b in TableScreen.BINDINGS}  # type: ignore[union-attr]
    assert bound == {(k.keys, k.action) for k in KEYS}
    assert len(TableScreen.BINDINGS) == len(KEYS)


@pytest.mark.parametrize("preset, changes, shown, absent", [
    ("family-night", {}, {"Draw", "Pass"}, {"Last Card", "Catch", "Accept", "Challenge"}),
    ("color-cards", {}, {"Draw", "Pass", "Last Card", "Accept"}, {"Catch", "Challenge"}),
    ("classic", {}, {"Draw", "Pass", "Last Card", "Catch"}, {"Accept", "Challenge"}),
    ("colour-match", {"stacking": "off"}, {"Last Card", "Catch", "Accept", "Challenge"},
     set()),
])
def test_the_bar_and_the_help_keep_to_the_keys_the_rules_use(preset, changes, shown, absent):
    """Family Night calls Last Card for everyone and has no challenge: no L, C, A or X."""
    rules = get_preset(preset).rules(**changes)
    labels = {k.label for k in bar_keys(rules)}
    assert shown <= labels and not absent & labels
    helped = " ".join(words for _, words in help_rows(rules))
    assert ("catch a player" in helped) is ("Catch" in labels)
    assert ("challenge a Wild Draw Four" in helped) is ("Challenge" in labels)


def test_prompt_key_names_come_from_the_table():
    assert key("draw") == "D" and key("pass_turn") == "P" and key("challenge") == "X"
    with pytest.raises(KeyError):
        key("fly")


def test_the_help_page_says_what_the_marks_mean():
    """Raised cards and the number under a card were explained nowhere (issue 20, 9)."""
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(keys_table(get_preset("color-cards").rules()))
    text = console.export_text()
    assert "Raised card" in text and "one you can play now" in text
    assert "its number key" in text


async def test_a_family_night_table_shows_no_catch_or_challenge(tmp_path):
    """Played as a person: the bar above the hand lists D and P, never L, C, A or X."""
    app = make_app("family-night", data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        bar = str(app.screen.query_one("#controls").render())
        assert "Draw" in bar and "Pass" in bar
        for label in ("Last Card", "Catch", "Accept", "Challenge"):
            assert label not in bar
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "Raised card" in text and "catch a player" not in text


def test_the_readme_lists_every_letter_key_of_the_table():
    """The README's key table keeps up with the key table (each letter key once)."""
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text("utf-8")
    letters = [k.display for k in KEYS
               if k.help and k.display.isalpha() and len(k.display) == 1]
    assert len(letters) >= 10
    for letter in letters:
        assert f"| {letter} |" in readme, letter


def test_a_key_changed_in_the_table_changes_every_word_that_names_it(monkeypatch):
    """The words that name a table's key read it from `KEYS`: changed there, the coach's
    note, the hint that could not come, the rules' words and the take-back's refusal all
    name the new key."""
    from dataclasses import replace

    from coach_helpers import LocalCoach
    from colorcards.engine import parse_card, play
    from colorcards.session import keys
    from colorcards.session.messages import Hinted
    from colorcards.tui.screens.rules_text import rules_markdown
    from test_tui_controller import ManualHost, controller
    from test_tui_tutor import duel

    new = {"take_back": "U", "hint": "J", "pass_turn": "Y", "menu": "F1"}
    monkeypatch.setattr(keys, "KEYS", tuple(replace(k, display=new.get(k.name, k.display))
                                            for k in keys.KEYS))
    ctl = controller(duel(), ManualHost(), remote=LocalCoach())
    ctl.start()
    ctl.act(play(parse_card("R5")))
    assert ctl.note is not None and ctl.note.endswith(" U: take it back.")
    host = ManualHost()
    quiet = controller(duel(coach=False), host)  # no coach to ask: the hint cannot come
    quiet.start()
    quiet.hint()
    assert [m.words for m in host.told if isinstance(m, Hinted)] == [
        "The coach could not answer just now: press J again."]
    assert "(F1, then Coach)" in (quiet.take_back() or "")
    assert "(Y passes)" in rules_markdown("classic", get_preset("classic").rules())
