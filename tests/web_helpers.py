"""A served game and a real browser for tests/test_web.py and tests/benchmarks/web_*.py.

The page draws on a canvas, so the screen is read from xterm.js's own buffer: a script
run before the page's own notes the terminal textual-serve's script makes (it is not
exported, so the script catches the moment it is stored on its owner's `terminal`
attribute). That depends on textual-serve's bundled script, pinned in pyproject.toml.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true});
    if (value && value.buffer && value.onWriteParsed) { window.colorcardsTerminal = value; }
  },
});
"""

READ_SCREEN = """() => {
  const t = window.colorcardsTerminal;
  if (!t) { return ""; }
  const b = t.buffer.active, lines = [];
  for (let y = 0; y < t.rows; y++) {
    const line = b.getLine(b.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""


def chromium_path() -> str | None:
    """Debian's chromium (or $COLORCARDS_CHROMIUM), if installed."""
    path = os.environ.get("COLORCARDS_CHROMIUM") or shutil.which("chromium")
    return path if path and Path(path).exists() else None


def missing() -> str | None:
    """Why the browser tests cannot run here, in one line, or None."""
    for module, extra in (("playwright", "web-test"), ("textual_serve", "web")):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed (pip install -e '.[{extra}]')"
    if chromium_path() is None:
        return "no chromium installed (apt-get install chromium)"
    return None


def is_local(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    return host in ("127.0.0.1", "localhost", "::1") or url.startswith(("data:", "blob:"))


class Served:
    """`colorcards serve` running in a process of its own, on a free loopback port.

    It runs in a folder that holds a decoy `colorcards` package, as a player's older
    checkout might: the games must still run the package under test."""

    def __init__(self, data_dir: Path, extra: list[str] | None = None):
        self.data_dir = data_dir
        decoy = data_dir.parent / "colorcards"
        decoy.mkdir(parents=True, exist_ok=True)
        (decoy / "__init__.py").write_text(
            'raise SystemExit("the colorcards folder in the current directory was run")\n')
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-m", "colorcards", "serve", "--port", "0",
             "--data-dir", str(data_dir), *(extra or [])],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            cwd=data_dir.parent, start_new_session=True)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        match = re.search(r"http://\S+/", first)
        if not match:
            self.process.kill()
            raise AssertionError(f"no address: {first!r} {self.process.stderr.read()!r}")
        self.url = match.group(0)

    def games(self) -> list[int]:
        """The pids of the game processes the server runs (one per open tab)."""
        out = subprocess.run(["pgrep", "-f", f"colorcards --data-dir {self.data_dir}$"],
                             capture_output=True, text=True).stdout
        return [int(pid) for pid in out.split()]

    def stop(self, timeout: float = 20) -> tuple[int, str, str]:
        """Ctrl+C as a terminal sends it (to the whole process group); the exit status and
        what the server printed."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, 2)
        try:
            out, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
        return self.process.returncode, out, err


def lock_holder(data_dir: Path) -> int | None:
    """The pid of the process that holds the data directory's lock (it writes its pid
    there), or None if the lock is free."""
    import fcntl

    path = data_dir / "colorcards.lock"
    if not path.exists():
        return None
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return int(path.read_text().split()[0])
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def launch(playwright, extra: list[str] | None = None):
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True,
                                      args=CHROMIUM_FLAGS + (extra or []))


@contextmanager
def offline_page(browser, blocked: list[str] | None = None,
                 size: tuple[int, int] = (1100, 720), phone: bool = False) -> Iterator:
    """A page in a fresh context where every request beyond loopback is held unanswered,
    as a network that drops it silently would (and noted in `blocked`). A `phone` has a
    touch screen (`tap`)."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=phone, is_mobile=phone)
    context.add_init_script(CATCH_TERMINAL)
    held = blocked if blocked is not None else []

    def route(route):
        if is_local(route.request.url):
            route.continue_()
        else:
            held.append(route.request.url)  # never answered: dropped, not refused

    context.route("**/*", route)
    try:
        yield context.new_page()
    finally:
        context.close()


def screen(page) -> str:
    return page.evaluate(READ_SCREEN)


def wait_for(page, pattern: str, timeout: float = 15.0) -> str:
    """The screen once `pattern` (a regular expression) appears on it."""
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        text = screen(page)
        if re.search(pattern, text):
            return text
        page.wait_for_timeout(50)
    raise AssertionError(f"{pattern!r} did not appear; the screen:\n{text}")


TURN = (r"(?s)You hold \d+ cards?.*(Your turn|You must draw|coming your way|You drew"
        r"|Two cards left|a Wild Draw Four on you)")
"""The table at the player's turn (the whole screen drawn, its top line included)."""


RESULTS = r"Title \(T\)"
"""The results screen (its button back to the title)."""


def hand_count(text: str) -> int | None:
    """The number of cards in the player's hand, from the table's top line."""
    match = re.search(r"You hold (\d+) cards?", text)
    return int(match.group(1)) if match else None


def hand_cards(text: str) -> list[str]:
    """The player's cards by their corner labels ('● 1', '✦ W+4'), in a sorted list: the
    same hand gives the same list wherever the selection is."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("D Draw"))
    labels = []
    for line in lines[start + 1:]:
        labels += re.findall(r"[┃│]([●■▲◆✦] \S+)", line[:86])
    return sorted(labels)


SPEED_ROW = 10
"""Down presses from the New game screen's first option (Difficulty) to its Speed."""


def start_game(page, url: str | None = None, fast: bool = False) -> str:
    """Open the page (at `url`; without, the page already open), and from the title start
    a game with the keyboard (N, then PLAY); the screen at the player's first turn. `fast`
    sets Speed to Fast on the way: the computers move 0.3 s apart instead of 0.8, for a
    test that waits on them."""
    if url is not None:
        page.goto(url)
    wait_for(page, "New game")
    page.focus(".xterm-helper-textarea")
    page.keyboard.press("n")
    wait_for(page, "PLAY")
    if fast:
        for _ in range(SPEED_ROW):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")
        wait_for(page, r"Speed\W+Fast")
    page.keyboard.press("Enter")
    if "Name the colour" in wait_for(page, TURN + "|Name the colour"):  # a Wild turned up
        page.keyboard.press("Enter")
    return wait_for(page, TURN)


def cell_centre(page, text: str, row: int, col: int) -> tuple[float, float]:
    """Where on the page the terminal cell at `row`, `col` is drawn."""
    box = page.locator(".xterm-screen").bounding_box()
    cols, rows = page.evaluate(
        "[window.colorcardsTerminal.cols, window.colorcardsTerminal.rows]")
    return (box["x"] + (col + 0.5) * box["width"] / cols,
            box["y"] + (row + 0.5) * box["height"] / rows)


def find_cell(text: str, word: str) -> tuple[int, int]:
    for row, line in enumerate(text.splitlines()):
        col = line.find(word)
        if col >= 0:
            return row, col
    raise AssertionError(f"{word!r} is not on the screen:\n{text}")


PHONE = (390, 844)
"""A phone held upright, in CSS pixels (about 43x40 cells at the page's font)."""


def tap(page, word: str, offset: int = 0, text: str | None = None) -> None:
    """Tap the screen where `word` is shown (`offset` cells into it)."""
    text = text if text is not None else screen(page)
    row, col = find_cell(text, word)
    page.touchscreen.tap(*cell_centre(page, text, row, col + offset))


def tap_in_row(page, label: str, mark: str) -> None:
    """Tap the first `mark` right of `label` on its row (a setting's '‹' or '›')."""
    text = screen(page)
    row, col = find_cell(text, label)
    page.touchscreen.tap(*cell_centre(page, text, row, text.splitlines()[row].index(mark, col)))


def raised_cards(text: str) -> list[tuple[int, int]]:
    """Where the playable cards of a narrow table's hand are drawn (a cell in the middle
    of each face), from their bottom corners: the hand's rows of cards are five lines
    each, from the line under the control bar, and a playable card is drawn a line
    higher, its bottom on the row's fourth line instead of its fifth."""
    lines = text.splitlines()
    bar = next(i for i, line in enumerate(lines) if re.search(r"\bD Draw", line))
    corners = [(row, match.start()) for row, line in enumerate(lines) if row > bar
               for match in re.finditer(r"[╰┗][─━]", line)]
    for first in (bar + 1, bar + 2):  # the control bar may take a second line
        if all((row - first) % 5 in (3, 4) for row, _ in corners):
            return [(row - 2, col + 3) for row, col in corners if (row - first) % 5 == 3]
    raise AssertionError(f"the hand's rows are not where they should be:\n{text}")


def play_hinted(page) -> None:
    """Make the move a Hard player would (H, Enter), naming a colour if a Wild asks."""
    for _ in range(5):  # a key pressed as the turn arrives may find it not yet come
        page.keyboard.press("h")
        try:
            wait_for(page, "Hint: ", timeout=3)
            break
        except AssertionError:
            if re.search(RESULTS, wait_for(page, f"{TURN}|{RESULTS}")):
                return  # the round ended before the turn came
    else:
        raise AssertionError(f"no hint came:\n{screen(page)}")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    if "Name the colour" in screen(page):
        page.keyboard.press("Enter")
