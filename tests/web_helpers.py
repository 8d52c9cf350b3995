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
import signal
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
    lines.push(line ? line.translateToString(true, 0, t.cols) : "");  // not past the edge
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


def _hang_up_as_by_default() -> None:
    """In the served process, before it runs: a hang-up (SIGHUP) does what it does to a
    program a shell starts. A test run under `nohup` ignores it, and a child inherits
    that: the server would outlive the signal its test sends."""
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)


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
            cwd=data_dir.parent, start_new_session=True, preexec_fn=_hang_up_as_by_default)
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


def save_position(data_dir: Path, game, **settings) -> None:
    """The engine position `game` (the player at seat 0) saved in `data_dir` for the
    page's Continue, with these GameSettings (the computers' generators seeded: the
    same moves each time)."""
    from colorcards.session.seating import Seating
    from colorcards.settings import GameSettings
    from colorcards.store import Store

    settings.setdefault("opponents", game.seats - 1)
    seating = Seating.at(game, GameSettings(**settings), game_id="served-position")
    store = Store.open(data_dir)
    try:
        store.save_game(seating.game, seating.meta, list(seating.log))
    finally:
        store.close()


def launch(playwright, extra: list[str] | None = None):
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True,
                                      args=CHROMIUM_FLAGS + (extra or []))


@contextmanager
def offline_page(browser, blocked: list[str] | None = None,
                 size: tuple[int, int] = (1100, 720), phone: bool = False,
                 ratio: float = 1) -> Iterator:
    """A page in a fresh context where every request beyond loopback is held unanswered,
    as a network that drops it silently would (and noted in `blocked`). A `phone` has a
    touch screen (`tap`); `ratio` is the screen's device pixel ratio."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=ratio, has_touch=phone,
                                  is_mobile=phone)
    _offline(context, blocked)
    try:
        yield context.new_page()
    finally:
        context.close()


def _offline(context, blocked: list[str] | None) -> None:
    context.add_init_script(CATCH_TERMINAL)
    held = blocked if blocked is not None else []

    def route(route):
        if is_local(route.request.url):
            route.continue_()
        else:
            held.append(route.request.url)  # never answered: dropped, not refused

    context.route("**/*", route)


class Screen:
    """The screen a page is shown on, emulated through Chromium's DevTools protocol (as
    a context's `device_scale_factor` is) so that it can change while the game plays:
    a phone turned sideways, a window moved to a screen of another density."""

    def __init__(self, page, size: tuple[int, int], ratio: float, phone: bool):
        self.page = page
        self.phone = phone
        self.devtools = page.context.new_cdp_session(page)
        self.size, self.ratio = size, ratio
        self.show(size, ratio)

    def show(self, size: tuple[int, int], ratio: float) -> None:
        """Make the screen `size` CSS pixels at `ratio`; once the page is shown on it
        (its terminal, if made, refitted)."""
        self.size, self.ratio = size, ratio
        width, height = size
        upright = height >= width
        self.devtools.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": ratio,
            "mobile": self.phone, "screenOrientation": {
                "type": "portraitPrimary" if upright else "landscapePrimary",
                "angle": 0 if upright else 90}})
        if self.page.url.startswith("http"):
            self.fitted()

    def fitted(self, timeout: float = 10.0) -> dict:
        """The terminal's geometry once it fills the screen at its ratio (`GEOMETRY`),
        or AssertionError saying how it does not."""
        deadline = time.monotonic() + timeout
        while True:
            self.frame()
            shape = self.page.evaluate(GEOMETRY)
            wrong = misfit(shape, self.size, self.ratio)
            if not wrong:
                return shape
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.size} at ratio {self.ratio}: {wrong}")
            self.page.wait_for_timeout(50)

    def frame(self) -> None:
        """Have the page draw a frame: headless, an emulated screen's page draws only
        when something is taken of it (a change of ratio is seen, and the terminal
        redrawn, at a frame)."""
        self.devtools.send("Page.captureScreenshot", {
            "clip": {"x": 0, "y": 0, "width": 1, "height": 1, "scale": 1}})

    def screenshot(self) -> str:
        """What the screen shows, in device pixels (a PNG, in base64)."""
        return self.devtools.send("Page.captureScreenshot", {"format": "png"})["data"]


@contextmanager
def screen_of(browser, size: tuple[int, int], ratio: float, phone: bool) -> Iterator[Screen]:
    """A page offline (`offline_page`) on an emulated `Screen`."""
    context = browser.new_context(no_viewport=True, has_touch=phone)
    _offline(context, None)
    try:
        yield Screen(context.new_page(), size, ratio, phone)
    finally:
        context.close()


GEOMETRY = """() => {
  const t = window.colorcardsTerminal, drawn = document.querySelector(".xterm-screen");
  if (!t || !drawn) { return null; }
  const box = drawn.getBoundingClientRect();
  const room = document.getElementById("terminal").getBoundingClientRect();
  return {ratio: devicePixelRatio, width: innerWidth, height: innerHeight,
          cols: t.cols, rows: t.rows, font: Number(t.options.fontSize),
          box: [box.x, box.y, box.width, box.height], room: [room.width, room.height],
          surfaces: [...drawn.querySelectorAll("canvas")].map(c => [c.width, c.height])};
}"""
"""Where the terminal is drawn and at what resolution (see `misfit`)."""

READABLE = 12
"""The smallest font size (CSS pixels) the page may choose (index.html's SMALLEST_FONT)."""


def misfit(shape: dict | None, size: tuple[int, int], ratio: float) -> str | None:
    """How the terminal fails to fill a screen of `size` CSS pixels at `ratio`, sharp and
    readable; None if it does not fail. The screen: the viewport is `size` at `ratio`.
    Filled: the terminal has the columns and rows whole cells of the page's width and
    height give, and is drawn inside the viewport. Sharp: each canvas it draws on holds
    a device pixel for each of the viewport's (within a pixel's rounding), so that what
    is drawn at the ratio fits the surface. Readable: at least READABLE pixels a letter."""
    if shape is None:
        return "no terminal yet"
    if (shape["width"], shape["height"]) != size or abs(shape["ratio"] - ratio) > 1e-6:
        return f"the page is {shape['width']}x{shape['height']} at {shape['ratio']}"
    x, y, width, height = shape["box"]
    cell_width, cell_height = width / shape["cols"], height / shape["rows"]
    room_width, room_height = shape["room"]
    if (shape["cols"], shape["rows"]) != (int(room_width // cell_width),
                                          int(room_height // cell_height)):
        return (f"{shape['cols']}x{shape['rows']} cells of {cell_width:.2f}x"
                f"{cell_height:.2f} in {room_width}x{room_height}")
    if x < 0 or y < 0 or x + width > size[0] + 0.5 or y + height > size[1] + 0.5:
        return f"drawn at {shape['box']}, beyond the viewport"
    for surface in shape["surfaces"]:
        if abs(surface[0] - width * ratio) > 1.5 or abs(surface[1] - height * ratio) > 1.5:
            return f"a {surface[0]}x{surface[1]} surface for {width}x{height} at {ratio}"
    if shape["font"] < READABLE or cell_height < READABLE:
        return f"a {shape['font']} px font in cells {cell_height:.1f} px high"
    return None


INK = """async ([png, blocks]) => {
  const t = window.colorcardsTerminal;
  const box = document.querySelector(".xterm-screen").getBoundingClientRect();
  const image = await createImageBitmap(
    await (await fetch("data:image/png;base64," + png)).blob());
  const canvas = new OffscreenCanvas(image.width, image.height);
  const paint = canvas.getContext("2d", {willReadFrequently: true});
  paint.drawImage(image, 0, 0);
  const pixels = paint.getImageData(0, 0, image.width, image.height).data;
  const scale = image.width / innerWidth, step = Math.max(1, Math.floor(scale));
  const cellWidth = box.width / t.cols * scale, cellHeight = box.height / t.rows * scale;
  const at = (x, y) => (Math.floor(y) * image.width + Math.floor(x)) * 4;
  const rows = [];
  for (let row = 0; row < t.rows; row++) {
    let line = "";
    for (let col = 0; col < t.cols; col++) {
      const left = box.x * scale + col * cellWidth, top = box.y * scale + row * cellHeight;
      const ground = at(left + 1, top + 1);
      let ink = false;
      for (let y = top + cellHeight * 0.1; y < top + cellHeight * 0.8 && !ink; y += step) {
        for (let x = left + 2; x < left + cellWidth - 2; x += step) {
          const p = at(x, y);
          if (Math.abs(pixels[p] - pixels[ground]) + Math.abs(pixels[p + 1] - pixels[ground + 1])
              + Math.abs(pixels[p + 2] - pixels[ground + 2]) > 60) { ink = true; break; }
        }
      }
      line += ink ? "#" : ".";
    }
    rows.push(line);
  }
  return rows;
}"""
"""Which of the terminal's cells show something in a screenshot ('#') and which are blank
('.'): a cell shows something where a pixel inside it differs from its corner, the
cell's background (above an underline's place at its foot)."""


def inked(page, png: str) -> list[str]:
    """`INK` of the screenshot `png` (base64) of `page`."""
    return page.evaluate(INK, [png, None])


def shown_where_written(ink: list[str], text: str) -> tuple[float, str]:
    """The share of the terminal's cells that show something in a screenshot (`ink`)
    exactly where the terminal's text has a character (blocks aside: they fill the cell
    to its corner), and the text with '!' where not. Drawn where it is written, it is
    all of them, bar a stray few."""
    lines = text.splitlines()
    same = total = 0
    marked = []
    for row, marks in enumerate(ink):
        line = lines[row] if row < len(lines) else ""
        shown = ""
        for col, mark in enumerate(marks):
            char = line[col] if col < len(line) else " "
            agrees = (mark == "#") == (char != " ") or "\u2580" <= char <= "\u259f"
            total += 1
            same += agrees
            shown += char if agrees else "!"
        marked.append(shown)
    return same / total, "\n".join(marked)


def screen(page) -> str:
    return page.evaluate(READ_SCREEN)


def assert_shown(where: Screen, *patterns: str) -> str:
    """The terminal's text once it fills the screen sharp and readable (`misfit`) and
    every pattern (a regular expression within a line) is on it; each pattern's
    characters are drawn where the text has them in a screenshot, and so is all but a
    stray 2% of the rest (`shown_where_written`)."""
    page = where.page
    shape = where.fitted()
    deadline = time.monotonic() + 15
    text, before = screen(page), None
    while (text != before or any(len(line) > shape["cols"] for line in text.splitlines())
           or not all(re.search(pattern, text) for pattern in patterns)):
        assert time.monotonic() < deadline, f"{patterns} not drawn at {shape}:\n{text}"
        page.wait_for_timeout(100)  # until the game has drawn the screen at its size
        text, before = screen(page), text
    png = where.screenshot()
    ink = inked(page, png)
    share, wrong = shown_where_written(ink, text)
    assert share >= 0.98, (f"at ratio {where.ratio}, {share:.0%} of the cells show what "
                           f"is written there:\n{text}\nwhere not ('!'):\n{wrong}")
    lines = text.splitlines()
    for pattern in patterns:
        row, match = next((row, match) for row, line in enumerate(lines)
                          if (match := re.search(pattern, line)))
        for col in range(match.start(), match.end()):
            if lines[row][col] != " " and not "\u2580" <= lines[row][col] <= "\u259f":
                assert col < len(ink[row]) and ink[row][col] == "#", (
                    f"{match.group(0)!r} is not drawn ({row}, {col}; {len(ink[row])} "
                    f"columns drawn, {len(lines[row])} written):\n{text}\n" + "\n".join(ink))
    return text


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
    start = next((i for i, line in enumerate(lines) if line.lstrip().startswith("D Draw")),
                 None)
    assert start is not None, text
    labels = []
    for line in lines[start + 1:]:
        labels += re.findall(r"[┃│]([●■▲◆✦] [^\s┃│]+)", line[:86])
    return sorted(labels)


SPEED_ROW = 10
"""Down presses from the New game screen's first option (Difficulty) to its Speed."""


def start_game(page, url: str | None = None, fast: bool = False) -> str:
    """Open the page (at `url`; without, the page already open), and from the title start
    a game with the keyboard (N, then PLAY), never clicking the page first (it takes the
    keys from the start); the screen at the player's first turn. `fast`
    sets Speed to Fast on the way: the computers move 0.3 s apart instead of 0.8, for a
    test that waits on them."""
    if url is not None:
        page.goto(url)
    wait_for(page, "New game")
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
    wait_for(page, TURN)
    return settled(page)


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


def settled(page, timeout: float = 10.0) -> str:
    """The screen once it has stayed the same for a few frames (a screen read as the game
    draws it may show its widgets where they are about to move from)."""
    deadline = time.monotonic() + timeout
    text, same = screen(page), 0
    while same < 3 and time.monotonic() < deadline:
        page.wait_for_timeout(50)
        before, text = text, screen(page)
        same = same + 1 if text == before else 0
    return text


def tap(page, word: str, offset: int = 0, text: str | None = None) -> None:
    """Tap the screen where `word` is shown (`offset` cells into it), as `text` shows it
    (read once the screen has settled, without)."""
    text = text if text is not None else settled(page)
    row, col = find_cell(text, word)
    page.touchscreen.tap(*cell_centre(page, text, row, col + offset))


def tap_in_row(page, label: str, mark: str) -> None:
    """Tap the first `mark` right of `label` on its row (a setting's '‹' or '›')."""
    text = settled(page)
    row, col = find_cell(text, label)
    page.touchscreen.tap(*cell_centre(page, text, row, text.splitlines()[row].index(mark, col)))


CONTROLS = r"\b[DPLCAXT] (Draw|Pass|Last Card|Catch|Accept|Challenge|Take back)\b"
"""A key on the control bar above the hand (at the player's turn one at least is lit,
and the bar shows only the lit ones where all do not fit)."""


def raised_cards(text: str) -> list[tuple[int, int]]:
    """Where the playable cards of a narrow table's hand are drawn (a cell in the middle
    of each face), at the player's turn, from their bottom corners: the hand's rows of
    cards are five lines each, from the line under the control bar, and a playable card
    is drawn a line higher, its bottom on the row's fourth line instead of its fifth."""
    lines = text.splitlines()
    ring = max(i for i, line in enumerate(lines) if line.startswith("╰"))  # the ring's foot
    hand = next(i for i in range(ring + 1, len(lines)) if re.search(r"[╭┏][─━]", lines[i]))
    first = 1 + max(i for i in range(ring + 1, hand) if re.search(CONTROLS, lines[i]))
    corners = [(row, match.start()) for row, line in enumerate(lines) if row > first
               for match in re.finditer(r"[╰┗][─━]", line)]
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
