"""RULES.md, the rulebook the game follows: shipped inside the package, true to the
engine's presets and options, cited by valid section numbers, shown by the Rules screen."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import colorcards
from colorcards.engine import PRESETS, Colour, Rules
from colorcards.engine.rules import CHOICES, parse_value
from colorcards.rulebook import rulebook, section, section_numbers
from colorcards.tui.screens.rules import RulesScreen, rulebook_shown
from tui_screens_helpers import ScreenApp
from tui_table_helpers import screen_text

ROOT = Path(__file__).resolve().parent.parent
CITATION = re.compile(r"RULES\.md ((?:§\d+(?:-§\d+)?(?:,? (?:and )?)?)+)")


def test_the_built_wheel_carries_the_rulebook(tmp_path):
    """A wheel built from the project (as `pip install .` builds it) holds
    colorcards/RULES.md, byte for byte the one in the source tree."""
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "colorcards", source / "colorcards",
                    ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "dist"
    build = ("import sys; from setuptools import build_meta; "
             "print(build_meta.build_wheel(sys.argv[1]))")
    done = subprocess.run([sys.executable, "-c", build, str(out)], cwd=source,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    wheel = out / done.stdout.strip().splitlines()[-1]
    with zipfile.ZipFile(wheel) as archive:
        shipped = archive.read("colorcards/RULES.md")
    assert shipped == (ROOT / "colorcards" / "RULES.md").read_bytes()


def test_the_rulebook_is_read_from_the_package():
    assert rulebook() == (Path(colorcards.__file__).parent / "RULES.md").read_text("utf-8")
    assert section_numbers() == list(range(1, 11))
    assert section(5).startswith('## 5. "Last Card!"')
    assert "## 6." not in section(5)
    with pytest.raises(KeyError):
        section(11)


def _cited_sections(text: str) -> set[int]:
    """Section numbers cited as 'RULES.md §2', '§3-§4', '§2 and §7', '§8-§9'."""
    cited = set()
    for match in CITATION.finditer(text):
        for first, last in re.findall(r"§(\d+)(?:-§(\d+))?", match.group(1)):
            cited.update(range(int(first), int(last or first) + 1))
    return cited


def test_every_citation_names_a_section_that_exists():
    """The code and the tests cite the rulebook by section; each cited section is there."""
    sources = [*ROOT.joinpath("colorcards").rglob("*.py"), *ROOT.joinpath("tests").rglob("*.py"),
               ROOT / "README.md"]
    cited: dict[int, list[str]] = {}
    for path in sources:
        for number in _cited_sections(path.read_text(encoding="utf-8")):
            cited.setdefault(number, []).append(path.name)
    assert cited, "nothing cites the rulebook by section"
    missing = {n: files for n, files in cited.items() if n not in section_numbers()}
    assert not missing


def test_citations_are_read_as_written():
    assert _cited_sections("RULES.md §2 and §7: the deal") == {2, 7}
    assert _cited_sections("RULES.md §3-§4: what may be played") == {3, 4}
    assert _cited_sections("(RULES.md §5, Color Clash)") == {5}


def _presets() -> dict[str, str]:
    """§7's list: preset key -> its whole item (which may run over several lines)."""
    items = re.split(r"^- ", section(7), flags=re.MULTILINE)[1:]
    return {re.search(r"`([a-z-]+)`", item).group(1): " ".join(item.split()) for item in items}


def test_section_7_lists_every_preset():
    assert list(_presets()) == list(PRESETS)


@pytest.mark.parametrize("key", list(PRESETS))
def test_each_preset_is_the_bundle_section_7_lists(key):
    """The seat range, the default seats and every option of §7's item are the engine's."""
    preset, item = PRESETS[key], _presets()[key]
    seats = re.search(r"seats (\d+)(?:–(\d+) \((\d+)\))?:", item)
    low, high, default = seats.group(1), seats.group(2) or seats.group(1), seats.group(3)
    assert (int(low), int(high), int(default or low)) == (
        preset.min_seats, preset.max_seats, preset.default_seats)
    options = dict(re.findall(r"`(\w+)=([\w:-]+)`", item.partition("makes it")[0]))
    assert set(CHOICES) - set(options) <= {"turn_timer", "palette", "last_card_window"}
    given = {k: parse_value(k, v) for k, v in options.items()}
    assert preset.rules() == Rules(**given)
    switch = re.search(r"makes it `draw_four=(\w+)`", item)
    assert preset.draw_four_without_stacking == (switch.group(1) if switch else None)


def test_section_10_names_every_option_and_value():
    table = {}
    for line in section(10).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            table[cells[0].strip("`")] = re.findall(r"`([^`]+)`", cells[1])
    assert {option: sorted(values) for option, values in table.items()} == {
        option: sorted(str(v) for v in values) for option, values in CHOICES.items()}
    # "Color Cards' first": the default preset's value leads each list.
    default = PRESETS["color-cards"].rules()
    assert all(values[0] == str(getattr(default, option)) for option, values in table.items())


def _words(svg: str) -> str:
    """The text of a screenshot, without the SVG around it or the spacing."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", svg.split("</style>")[-1]))
    return "".join(text.split())


def _plain(markdown: str) -> str:
    return "".join(re.sub(r"[*`#]", "", markdown).split())


async def test_the_rules_screen_shows_the_rulebook():
    """R turns to the rulebook: its title and §1 are on the screen; T turns back to the
    table's own rules."""
    app = ScreenApp(lambda: RulesScreen("duel", PRESETS["duel"].rules()))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert "Optionsinforce" not in _words(app.export_screenshot())  # top of the page
        assert _plain("# Duel") in _words(app.export_screenshot())
        await pilot.press("r")
        await pilot.pause()
        shown = _words(app.export_screenshot())
        assert _plain(rulebook().splitlines()[0]) in shown
        heading, _, body = section(1).partition("\n\n")
        assert _plain(heading) in shown
        assert _plain(body.split("\n\n")[0]) in shown
        await pilot.press("t")
        await pilot.pause()
        assert _plain(heading) not in _words(app.export_screenshot())


@pytest.mark.parametrize("tab", ["t", "r"], ids=["this table", "rulebook"])
async def test_the_rules_screen_is_all_ascii_without_unicode(monkeypatch, tab):
    """COLORCARDS_ASCII=1: both tabs, tabs row included, draw ASCII only, shapes as
    their colours' ASCII glyphs."""
    monkeypatch.setenv("COLORCARDS_ASCII", "1")
    app = AsciiHost(lambda: RulesScreen("classic", PRESETS["classic"].rules()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(tab)
        await pilot.pause()
        rows = []
        for _ in range(60):  # every page, to the end: the tables and lists too
            rows += screen_text(app).splitlines()
            page = app.focused  # the page on the tab shown takes the keys
            if page.scroll_y >= page.max_scroll_y:
                break
            await pilot.press("space")
            await pilot.pause()
        app.notify("A notification too.")
        await pilot.pause()
        rows += screen_text(app).splitlines()
    foreign = [row for row in rows if not row.isascii()]
    assert not foreign, "\n".join(foreign)
    assert any("Rulebook" in row for row in rows)
    shown = rulebook_shown()
    assert shown.isascii() and f"| Red | circle | {Colour.RED.ascii} |" in shown


def test_players_read_no_developer_notes():
    """The Rulebook tab is the players' rulebook: no command line, no note on how the
    code cites the file, no 'secure randomness'; the file itself keeps them."""
    shown = rulebook_shown()
    for note in ("sim --rule", "--rule KEY=VALUE", "cite this file", "secure randomness",
                 "<!--"):
        assert note not in shown and note in rulebook(), note


class AsciiHost(ScreenApp):
    """The screens' host app with the -ascii class the game's app sets (and, like it, no
    command palette)."""

    ENABLE_COMMAND_PALETTE = False

    def on_mount(self) -> None:
        super().on_mount()
        self.set_class(True, "-ascii")
