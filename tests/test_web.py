"""`colorcards serve`: the game in a real browser (Debian's chromium, driven by playwright),
with every request beyond this machine held unanswered, as a network that drops it would.

The browser tests skip, with one line, where chromium or the `web`/`web-test` extras are
missing; `.ci/run` installs all three, so CI runs them. Each costs a few seconds of CPU:
one browser serves the module, one server and data directory each test.
"""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

from colorcards import web
from colorcards.cli import main
from engine_helpers import position
from web_helpers import (
    PHONE,
    TURN,
    Served,
    assert_shown,
    cell_centre,
    find_cell,
    hand_cards,
    hand_count,
    launch,
    lock_holder,
    missing,
    offline_page,
    play_hinted,
    raised_cards,
    save_position,
    screen,
    screen_of,
    settled,
    start_game,
    tap,
    tap_in_row,
    wait_for,
)

WHY_NOT = missing()
ROUND_OVER = r"went out first|wins\."
"""The results at the end of a round (on a phone the buttons below may be out of sight)."""
DRAWN = r"You drew [^\n]*(?:\n[^\n]*){0,2}?(Enter\s+plays\s+it|cannot\s+be\s+played)"
"""The status line with a card just drawn, to play or keep: on a phone it wraps, maybe in
the middle of those words (the card's name is of any length), over a third line when
Last Card is to be called first ("press L to call Last Card, then Enter plays it")."""
CATCH = r"press\s+C\s+to\s+catch"
"""The status line when a seat forgot Last Card and the player may catch it."""
MY_TURN = (r"Your turn|You must draw|coming your way"
           rf"|{DRAWN}|{CATCH}"
           r"|already drawn|Two cards left|a Wild Draw Four on you")
"""The status line at the player's turn (the log above it may say 'You drew' too)."""
REQUIRED = os.environ.get("COLORCARDS_BROWSER_TESTS") == "required"
"""Set by .ci/run: there a missing browser fails these tests instead of skipping them."""
needs_browser = pytest.mark.skipif(WHY_NOT is not None and not REQUIRED,
                                   reason=f"browser tests: {WHY_NOT}")
needs_server = pytest.mark.skipif(
    importlib.util.find_spec("textual_serve") is None and not REQUIRED,
    reason="textual-serve is not installed (pip install -e '.[web]')")


# ---------------------------------------------------------------- no browser needed

@pytest.mark.parametrize("host, allowed", [
    ("127.0.0.1", True),
    ("127.0.0.2", True),
    ("localhost", True),
    ("::1", True),
    ("0.0.0.0", False),
    ("::", False),
    ("192.168.1.20", False),
    ("example.org", False),
])
def test_only_loopback_without_the_explicit_flag(host, allowed):
    """A host other than this machine is refused unless the player said --host."""
    if allowed:
        web.check_address(host, 8000, network=False)
    else:
        with pytest.raises(ValueError, match="--host"):
            web.check_address(host, 8000, network=False)
        web.check_address(host, 8000, network=True)


LOOPBACK_NAMES = web.own_names("127.0.0.1")
EVERY_ADDRESS = web.own_names("0.0.0.0")
NAMED = web.own_names("games.home")


@pytest.mark.parametrize("host, origin, websocket, names, reached, refused", [
    ("127.0.0.1:8000", "http://127.0.0.1:8000", True, LOOPBACK_NAMES, "127.0.0.1", False),
    ("localhost:8000", None, True, LOOPBACK_NAMES, "127.0.0.1", False),
    ("[::1]:8000", "http://[::1]:8000", True, LOOPBACK_NAMES, "::1", False),
    ("evil.example:8000", "http://evil.example:8000", True, LOOPBACK_NAMES, "127.0.0.1",
     True),  # DNS rebinding
    ("evil.example:8000", None, False, LOOPBACK_NAMES, "127.0.0.1", True),
    (None, None, False, LOOPBACK_NAMES, "127.0.0.1", True),  # no Host at all
    ("127.0.0.1:8000", "http://evil.example", True, LOOPBACK_NAMES, "127.0.0.1",
     True),  # another site's script
    ("127.0.0.1:8000", "http://localhost:8000", True, LOOPBACK_NAMES, "127.0.0.1",
     True),  # another origin
    ("127.0.0.1:8000", "https://127.0.0.1:8000", True, LOOPBACK_NAMES, "127.0.0.1",
     True),  # another origin: the same host and port, but https
    ("127.0.0.1:8000", "http://evil.example", False, LOOPBACK_NAMES, "127.0.0.1",
     False),  # not the game
    ("192.168.1.20:8000", None, False, LOOPBACK_NAMES, "127.0.0.1", True),
    # --host 0.0.0.0: the address the request came in on, or the machine's own name
    ("192.168.1.20:8000", "http://192.168.1.20:8000", True, EVERY_ADDRESS, "192.168.1.20",
     False),
    ("192.168.1.21:8000", None, False, EVERY_ADDRESS, "192.168.1.20", True),
    (f"{socket.gethostname()}:8000", None, False, EVERY_ADDRESS, "192.168.1.20", False),
    ("evil.example:8000", "http://evil.example:8000", True, EVERY_ADDRESS, "192.168.1.20",
     True),  # DNS rebinding, with --host
    ("evil.example:8000", None, False, EVERY_ADDRESS, "192.168.1.20", True),
    # --host games.home: that name too
    ("games.home:8000", "http://games.home:8000", True, NAMED, "192.168.1.20", False),
    ("games.home:8000", "http://evil.example", True, NAMED, "192.168.1.20", True),
    ("evil.example:8000", None, False, NAMED, "192.168.1.20", True),
])
def test_who_may_ask(host, origin, websocket, names, reached, refused):
    """Only the server's own names and addresses are answered, with or without --host;
    the game's WebSocket only from its own page."""
    reason = web.refusal_for(host, origin, websocket=websocket, names=names, reached=reached)
    assert (reason is not None) is refused


@pytest.mark.parametrize("host, shown", [
    ("127.0.0.1", ["http://127.0.0.1:8001/"]),
    ("::1", ["http://[::1]:8001/"]),
    ("192.168.1.20", ["http://192.168.1.20:8001/"]),
    ("0.0.0.0", ["http://127.0.0.1:8001/", f"http://{socket.gethostname()}:8001/"]),
    ("::", ["http://[::1]:8001/", f"http://{socket.gethostname()}:8001/"]),
])
def test_the_addresses_printed_can_be_opened(host, shown):
    """Listening on every address, the server prints addresses a browser can open."""
    assert web.addresses_to_open(host, 8001) == shown


def test_serve_refuses_a_network_host_before_listening(capsys):
    """The server itself refuses, before importing or opening anything."""
    with pytest.raises(ValueError, match="reachable from other machines"):
        web.serve("0.0.0.0", 0)


def test_bad_port_is_one_line(capsys):
    """A port out of range: exit 2 and one line."""
    assert main(["serve", "--port", "70000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--port" in err


class ServerSpy:
    """Stands in for the server (`colorcards.web.server`): keeps the command it would run
    for each tab and serves nothing."""

    commands: list[list[str]] = []

    def __init__(self, argv: list[str], **where: object) -> None:
        self.commands.append(argv)

    def run(self) -> int:
        return 0


@pytest.fixture
def spy(monkeypatch):
    """The commands the server would run, one a tab (it is never started)."""
    ServerSpy.commands = []
    monkeypatch.setitem(sys.modules, "colorcards.web.server", SimpleNamespace(GameServer=ServerSpy))
    return ServerSpy.commands


@pytest.mark.parametrize("argv", [
    ["serve", "--coach-workers", "1", "--port", "0"],
    ["--coach-workers", "1", "serve", "--port", "0"],
])
def test_every_served_game_gets_the_coach_workers(argv, spy, tmp_path):
    """--coach-workers, after serve or before it as for the terminal game, is handed to
    the game of every tab, which reads it as its own --coach-workers."""
    from colorcards.cli import build_parser

    assert main([*argv, "--data-dir", str(tmp_path)]) == 0
    [command] = spy
    assert command[:4] == [sys.executable, "-P", "-m", "colorcards"]
    served = build_parser().parse_args(command[4:])
    assert served.command is None and served.coach_workers == "1"
    assert served.data_dir == str(tmp_path.resolve())


@pytest.mark.parametrize("argv", [
    ["serve", "--no-background-reviews", "--port", "0"],
    ["--no-background-reviews", "serve", "--port", "0"],
])
def test_every_served_game_gets_no_background_reviews(argv, spy):
    """--no-background-reviews, after serve or before it, reaches every tab's game."""
    from colorcards.cli import build_parser

    assert main(argv) == 0
    [command] = spy
    assert build_parser().parse_args(command[4:]).no_background_reviews
    assert main(["serve", "--port", "0"]) == 0
    assert "--no-background-reviews" not in spy[1]


def test_without_coach_workers_the_served_game_decides_as_ever(spy):
    """No --coach-workers: the served game's coach follows its environment or the
    default (coach/pool.py `workers`), as before."""
    assert main(["serve", "--port", "0"]) == 0
    assert "--coach-workers" not in spy[0]


@pytest.mark.parametrize("value", ["0", "many", "999"])
def test_bad_coach_workers_is_one_line_and_serves_nothing(value, spy, capsys):
    """A count outside 1 to the cores: the terminal game's one line, exit 2, no server."""
    from colorcards.coach.pool import cores

    assert main(["serve", "--coach-workers", value, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err == (f"colorcards: --coach-workers takes a number from 1 to {cores()} (the "
                   f"cores this machine gives the game), not {value!r}\n")
    assert spy == []


def test_serves_help_says_what_coach_workers_is(capsys):
    """serve --help says of --coach-workers what the game's own --help says."""
    from colorcards.cli import COACH_WORKERS_HELP

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "--coach-workers N" in words and COACH_WORKERS_HELP in words


def test_without_textual_serve_says_how_to_install(monkeypatch, capsys):
    """No `web` extra: the command says what to install, not a traceback."""
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.delitem(sys.modules, "colorcards.web.server", raising=False)
    assert main(["serve", "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert "pip install '.[web]'" in err and err.count("\n") == 1


def _serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "colorcards", "serve", *args],
                          capture_output=True, text=True, timeout=30)


@needs_server
def test_port_in_use_is_one_line():
    """Another server on the port: exit 1, one line naming --port."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = _serve("--port", str(taken.getsockname()[1]))
    assert result.returncode == 1
    assert "in use" in result.stderr and "--port" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


@needs_server
def test_another_site_cannot_open_the_game(tmp_path):
    """A WebSocket from a page of another origin, or a request naming another host, is
    refused by the running server (and starts no game); fetching the page alone starts
    no game either; every answer forbids framing by another site; a request with no Host,
    or a tab gone as its game starts, is one line in the server's terminal."""
    import asyncio

    import aiohttp

    served = Served(tmp_path / "data")
    try:
        async def attempts() -> list[int]:
            async with aiohttp.ClientSession() as session:
                statuses = []
                try:
                    await session.ws_connect(served.url + "ws", origin="http://evil.example")
                except aiohttp.WSServerHandshakeError as exc:
                    statuses.append(exc.status)
                async with session.get(served.url, headers={"Host": "evil.example"}) as page:
                    statuses.append(page.status)
                async with session.get(served.url) as page:
                    statuses.append(page.status)
                    assert page.headers["Content-Security-Policy"] == "frame-ancestors 'self'"
                    assert page.headers["X-Frame-Options"] == "SAMEORIGIN"
                await asyncio.sleep(1)
                assert served.games() == []  # the page was fetched, not opened
                gone = await session.ws_connect(served.url + "ws?width=80&height=24")
                await gone.close()  # as its game starts
                return statuses

        assert asyncio.run(attempts()) == [403, 403, 200]
        port = int(served.url.rsplit(":", 1)[1].strip("/"))
        with socket.create_connection(("127.0.0.1", port)) as raw:
            raw.sendall(b"GET / HTTP/1.1\r\n\r\n")
            assert b" 400 " in raw.recv(100)
        deadline = time.monotonic() + 10
        while served.games():  # the game of the tab gone quits
            assert time.monotonic() < deadline, "a game outlives its tab"
            time.sleep(0.05)
    finally:
        _, out, err = served.stop()
    assert "Traceback" not in out + err
    assert [line for line in err.splitlines() if "Host" in line] != []
    assert len(err.splitlines()) <= 2, err


@needs_server
def test_explicit_host_warns_there_is_no_login():
    """--host beyond loopback says anyone reaching it plays as you (here on an address this
    machine does not have, so nothing listens and no traffic leaves it)."""
    result = _serve("--host", "192.0.2.1", "--port", "0")
    assert "no login" in result.stdout
    assert result.returncode == 1 and "cannot listen on 192.0.2.1" in result.stderr
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- in a browser

@pytest.fixture(scope="module")
def playwright():
    if WHY_NOT is not None:
        pytest.fail(f"browser tests required here, but {WHY_NOT}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def browser(playwright):
    chromium = launch(playwright)
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def browser_rebound(playwright):
    """A browser that resolves evil.example and evil2.example to loopback addresses, as
    an attacker's DNS would point its own name at the player's machine."""
    rules = "--host-resolver-rules=MAP evil.example 127.0.0.1, MAP evil2.example 127.0.0.2"
    chromium = launch(playwright, [rules])
    yield chromium
    chromium.close()


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path / "data")
    yield server
    server.stop()


@needs_browser
def test_keys_start_a_game_and_play_a_card(browser, served):
    """On a desktop's high-density screen (1280x800 at ratio 2), the page takes keys
    without a click: N and Enter deal a game; the hinted move played from the keyboard;
    within a few turns a card leaves the hand. The hint may say draw or pass, so a turn
    counts as made once the hint has left the status line, whatever it did to the hand."""
    with offline_page(browser, size=(1280, 800), ratio=2) as page:
        text = start_game(page, served.url, fast=True)
        before = hand_count(text)
        assert before is not None
        # The footer's keys arrive a frame after the table (Textual's Footer composes them
        # once the screen's bindings are known), so wait for them on the tab's last row.
        try:
            wait_for(page, r"Move[^\n]*\Z", timeout=5)
        except AssertionError as missing:
            raise AssertionError("the table does not fill the tab") from missing
        for _ in range(6):
            play_hinted(page)
            deadline = time.monotonic() + 10
            while "Hint: " in (text := screen(page)):
                assert time.monotonic() < deadline, f"the hinted move was not made:\n{text}"
                page.wait_for_timeout(50)
            count = hand_count(text)
            if count is not None and count < before:
                return
            before = hand_count(wait_for(page, TURN))  # drew or passed: the next turn
        pytest.fail(f"no card was played in six turns:\n{screen(page)}")


@needs_browser
@pytest.mark.parametrize("extra", [[], ["--host", "127.0.0.2"]], ids=["default", "--host"])
def test_a_page_under_a_foreign_name_is_refused(browser_rebound, tmp_path, extra):
    """DNS rebinding, played out: the browser resolves evil.example to the server's own
    address (as an attacker's DNS would), and the page under that name is refused, with
    and without --host (the server checks names the same way whatever it listens on, so
    a loopback --host stands for 0.0.0.0 here, which would listen beyond this machine);
    the server's own address is answered."""
    server = Served(tmp_path / "data", extra)
    try:
        port = int(server.url.rsplit(":", 1)[1].strip("/"))
        name = "evil.example" if not extra else "evil2.example"
        page = browser_rebound.new_page()
        try:
            answer = page.goto(f"http://{name}:{port}/")
            assert answer is not None and answer.status == 403
            answer = page.goto(server.url)
            assert answer is not None and answer.status == 200
        finally:
            page.close()
    finally:
        server.stop()


FITTED = ("top=R5 | you: R7 B2 B+2 G9 Y1 W W+4 G3 | lily: R1 | max: G4 G5 G6 G7 | "
          "zoe: B1 B3 B4 B5 B6")
"""Your turn with eight cards (two rows of them on a phone), Red 7 the first that can be
played; Lily follows it with her last card, and the results follow."""
FITTED_HAND = sorted(["● 7", "■ 2", "■ +2", "◆ 9", "▲ 1", "✦ Wild", "✦ W+4", "◆ 3"])
TITLE_MENU = ("Continue", "New game", "Statistics", "History", "Practice", "Rules", "Quit")
THE_TABLE = ("Lily", "Max", "Zoe", "DRAW", "To match: ● Red circle", "You hold 8 cards",
             "D Draw")


@needs_browser
@pytest.mark.parametrize("size, phone, ratios, fractions", [
    ((390, 844), True, (3, 2, 1), (2.625, 1.5)),
    ((360, 640), True, (3, 2, 1), ()),
    ((844, 390), True, (3,), ()),
    ((1280, 800), False, (2,), ()),
], ids=["390x844", "360x640", "844x390", "1280x800"])
def test_every_screen_fills_the_page_sharp_at_every_density(browser, served, size, phone,
                                                            ratios, fractions):
    """A phone held upright and a desktop's high-density screen: at each device pixel
    ratio (the first as the page opens, the others as if the window moved to another
    screen; fractional ones for the title) the terminal takes the page's CSS pixels,
    draws on a surface of the screen's device pixels, and shows, inside the page, the
    title's menu, the whole table (every opponent, the pile, the colour to match, each
    card of the hand) and the results. A phone opened sideways plays at a smaller font;
    one turned sideways and back refits the terminal each time."""
    save_position(served.data_dir, position(FITTED), difficulty="hard", speed="fast")
    with screen_of(browser, size, ratios[0], phone) as device:
        device.page.goto(served.url)
        for ratio in (*ratios, *fractions):
            device.show(size, ratio)
            assert_shown(device, *TITLE_MENU)
        device.page.keyboard.press("c")
        for ratio in ratios[::-1]:
            device.show(size, ratio)
            assert hand_cards(assert_shown(device, *THE_TABLE)) == FITTED_HAND
        if phone and size[1] > size[0]:
            device.show(size[::-1], ratios[0])  # sideways: the table waits, and says why
            assert_shown(device, "Turn your phone upright")
            device.show(size, ratios[0])
            assert hand_cards(assert_shown(device, *THE_TABLE)) == FITTED_HAND
        device.page.keyboard.press("Enter")  # Red 7; Lily goes out
        for ratio in ratios:
            device.show(size, ratio)
            assert_shown(device, "Lily went out first", r"Title \(T\)", "New game")


def play_by_taps(page) -> str:
    """Play on by taps alone to the round's end, from the player's turn or the computers':
    a raised card, the deck or Pass each turn, a colour tapped for a Wild, Last Card
    tapped at two cards, a seat that forgot its call caught; the results' screen."""
    for _ in range(400):
        wait_for(page, f"{MY_TURN}|Name the colour|{ROUND_OVER}", timeout=30)
        text = settled(page)
        if re.search(ROUND_OVER, text):
            return text
        if not re.search(f"{MY_TURN}|Name the colour", text):
            continue  # the computers moved on meanwhile
        before = text
        if "Name the colour" in text:
            tap_colour(page, "YELLOW")
            continue
        if re.search(CATCH, text):  # (a seat forgot Last Card: catch it, in turn or not)
            tap(page, "C Catch", text=text)
        elif "Two cards left" in text:
            tap(page, "L Last Card", text=text)
        elif cards := raised_cards(text):
            page.touchscreen.tap(*cell_centre(page, text, *cards[0]))
        elif re.search(rf"{DRAWN}|already drawn", text):
            tap(page, "P Pass", text=text)
        else:
            tap(page, "DRAW", text=text)
        answered(page, before, "the tap did nothing")
    pytest.fail(f"no end in 400 taps:\n{screen(page)}")


def tap_colour(page, name: str) -> None:
    """Tap a colour's swatch under the chooser's heading; once the chooser has closed."""
    text = wait_for(page, f"(?s)Name the colour.*{name}")
    lines = text.splitlines()
    top = find_cell(text, "Name the colour")[0]
    row = next((r for r in range(top, len(lines)) if name in lines[r]), None)
    assert row is not None, text
    page.touchscreen.tap(*cell_centre(page, text, row, lines[row].index(name)))
    deadline = time.monotonic() + 10
    while "Name the colour" in screen(page):
        assert time.monotonic() < deadline, f"the colour tap did nothing:\n{text}"
        page.wait_for_timeout(50)


def answered(page, before: str, why: str) -> None:
    """Until the screen is no longer `before`."""
    deadline = time.monotonic() + 10
    while screen(page) == before:
        assert time.monotonic() < deadline, f"{why}:\n{before}"
        page.wait_for_timeout(50)


@needs_browser
def test_a_phone_plays_a_whole_game_by_taps(browser, served):
    """On a phone held upright at a device pixel ratio of 3, the narrow table plays a
    whole game by taps alone: New game, one opponent at Fast from the settings' arrows,
    the hint and Play from the tap targets once, then a raised card, the deck or Pass
    each turn, a colour tapped for a Wild, Last Card tapped at two cards; on to the
    results. No key is pressed."""
    with offline_page(browser, size=PHONE, phone=True, ratio=3) as page:
        page.goto(served.url)
        wait_for(page, "New game")
        tap(page, "New game", 2)
        wait_for(page, "PLAY")
        tap_in_row(page, "Opponents", "‹")
        wait_for(page, "2 — Lily")
        tap_in_row(page, "Opponents", "‹")
        wait_for(page, "1 — Lily")
        tap_in_row(page, "Speed", "›")
        wait_for(page, r"Speed\W+Fast")
        tap(page, "PLAY", 1)
        wait_for(page, f"{MY_TURN}|Name the colour|{ROUND_OVER}", timeout=30)
        text = settled(page)
        if re.search(MY_TURN, text):  # the hint and Play, from the keys' tap targets
            tap(page, "Hint", text=text)
            wait_for(page, "Hint: ")
            tap(page, " Play", 1)
            answered(page, text, "Play did nothing")
        assert "Lily" in play_by_taps(page)


@needs_browser
def test_a_coached_move_is_taken_back_and_a_wild_named_by_taps(browser, served):
    """At a device pixel ratio of 3, by taps alone: Continue, a costly card (the coach's
    note says so, and how to take it back), Take back on the control bar, a Wild and its
    colour, and the game on to its end."""
    from bots_helpers import position as dealt

    game = dealt(["R+2 R5 W", "G1"], "R3", preset="duel", called="0,1")
    save_position(served.data_dir, game, preset="duel", difficulty="hard", coach=True)
    with offline_page(browser, size=PHONE, phone=True, ratio=3) as page:
        page.goto(served.url)
        wait_for(page, "Continue", timeout=30)
        tap(page, "Continue", 2)
        wait_for(page, "You hold 3 cards", timeout=30)
        tap(page, "● 5")  # Red 5, where Red Draw Two wins outright
        # (the note wraps where the phone's width puts it: 'take it' / 'back')
        wait_for(page, r"(?s)Coach: Red Draw Two instead of Red 5.*take it\s+back", timeout=120)
        tap(page, "T Take back")
        wait_for(page, "(?s)Taken back.*You hold 3 cards|You hold 3 cards.*Taken back")
        tap(page, "✦ Wild")
        tap_colour(page, "BLUE")
        wait_for(page, "To match: ■ Blue")
        play_by_taps(page)


@needs_browser
def test_a_click_on_the_deck_draws(browser, served):
    """A mouse click on the deck draws a card."""
    with offline_page(browser) as page:
        text = start_game(page, served.url)
        before = hand_count(text)
        assert before is not None
        page.mouse.click(*cell_centre(page, text, *find_cell(text, "DRAW")))
        deadline = time.monotonic() + 10
        while (hand_count(screen(page)) or 0) <= before:
            assert time.monotonic() < deadline, f"no card drawn:\n{screen(page)}"
            page.wait_for_timeout(50)


@needs_browser
def test_closing_the_tab_offers_continue_with_the_same_hand(browser, served):
    """Close the tab mid-game, open the page again: Continue brings back the same hand."""
    with offline_page(browser) as page:
        hand = hand_cards(start_game(page, served.url))
    deadline = time.monotonic() + 15
    while served.games():  # the tab's game saves and quits once the tab is gone
        assert time.monotonic() < deadline, "the closed tab's game is still running"
        time.sleep(0.1)
    with offline_page(browser) as page:
        page.goto(served.url)
        wait_for(page, "Continue")
        page.keyboard.press("c")
        assert hand_cards(wait_for(page, TURN) and settled(page)) == hand


@needs_browser
def test_plays_with_every_request_beyond_loopback_held(browser, served):
    """The page asks nothing of any other host: it loads, draws and plays while every
    such request would hang unanswered."""
    held: list[str] = []
    with offline_page(browser, held) as page:
        page.goto(served.url, wait_until="load", timeout=10_000)
        assert hand_count(start_game(page)) is not None
        fonts = page.evaluate("[...document.fonts].filter(f => f.status === 'loaded')"
                              ".map(f => f.family)")
    assert held == []
    assert any("Roboto Mono" in family for family in fonts)


def shows(page, notice: str, seconds: float = 0) -> None:
    """The page's notice `notice` (its id) is shown now and still after `seconds`."""
    page.locator(f"#{notice}").wait_for(state="visible", timeout=10_000)
    if seconds:
        page.wait_for_timeout(seconds * 1000)
        assert page.locator(f"#{notice}").is_visible(), f"#{notice} went away"


@needs_browser
def test_a_second_tab_is_told_until_it_closes_and_may_take_over(browser, served):
    """One data directory, one game: a second tab plays nothing and says so for as long
    as it is open; its Play here button moves the game to it, and the first tab is told
    so. One game process throughout, and it holds the data directory."""
    with offline_page(browser) as first, offline_page(browser) as second:
        hand = hand_cards(start_game(first, served.url))
        second.goto(served.url)
        shows(second, "another-tab", seconds=1.5)
        assert "New game" not in screen(second)
        assert len(served.games()) == 1 and lock_holder(served.data_dir) in served.games()
        second.locator("#another-tab button").click()
        shows(first, "moved")
        wait_for(second, "Continue")
        second.keyboard.press("c")
        assert hand_cards(wait_for(second, TURN) and settled(second)) == hand
        assert len(served.games()) == 1 and lock_holder(served.data_dir) in served.games()


@needs_browser
def test_rapid_reloads_leave_a_tab_that_saves(browser, served):
    """Reloads 100-200 ms apart, three times over: the tab ends up at the title with the
    one game process, which holds the data directory (so it saves), or says why not."""
    with offline_page(browser) as page:
        for trial, pause in enumerate((100, 150, 200)):
            page.goto(served.url)
            page.wait_for_timeout(pause)
            for _ in range(2 + trial):
                page.reload(wait_until="commit")
                page.wait_for_timeout(pause)
            wait_for(page, "New game")
            deadline = time.monotonic() + 10
            while len(games := served.games()) != 1:
                assert time.monotonic() < deadline, f"game processes: {games}"
                time.sleep(0.05)
            assert lock_holder(served.data_dir) == games[0]
            assert page.locator("[data-code]:visible").count() == 0


@needs_browser
def test_the_data_directory_is_free_within_a_second_of_the_tab_closing(browser, served):
    """Mid-game, the tab closes: its game saves, quits and lets go of the data directory
    within a second, for a terminal game (or another tab) to take."""
    with offline_page(browser) as page:
        start_game(page, served.url, fast=True)
        play_hinted(page)
        wait_for(page, TURN)
        assert lock_holder(served.data_dir) is not None
        page.close()
        closed = time.monotonic()
        while lock_holder(served.data_dir) is not None:
            assert time.monotonic() - closed < 1.0, "the data directory is still held"
            time.sleep(0.01)


@needs_browser
def test_a_tab_is_told_when_a_terminal_game_holds_the_saves(browser, served):
    """Another copy of colorcards (a terminal game) owns the data directory: the tab says
    so for as long as it is open, offers to try again, and no game process is left."""
    from colorcards.store.lock import DirLock
    from colorcards.store.paths import LOCK_NAME

    served.data_dir.mkdir(parents=True, exist_ok=True)
    held = DirLock.acquire(served.data_dir / LOCK_NAME)
    assert held is not None
    try:
        with offline_page(browser) as page:
            page.goto(served.url)
            shows(page, "elsewhere", seconds=1)
            assert served.games() == []
            held.release()
            page.locator("#elsewhere button").click()
            wait_for(page, "New game")
    finally:
        held.release()


@needs_browser
def test_when_the_game_dies_the_page_offers_to_start_again(browser, served):
    """The game process killed: the page says the session ended instead of freezing, and
    Start again opens a new one, with Continue."""
    with offline_page(browser) as page:
        start_game(page, served.url)
        (pid,) = served.games()
        os.kill(pid, signal.SIGKILL)
        page.locator("#ended").wait_for(state="visible", timeout=10_000)
        assert "session has ended" in page.locator("#ended").inner_text()
        page.locator("#restart").click()
        wait_for(page, "Continue")


@needs_browser
def test_ctrl_c_stops_cleanly_and_saves(browser, served, tmp_path):
    """Ctrl+C (SIGINT to the server's process group) with a game open: exit 0, no
    traceback, no game process left, and the game is there to continue."""
    with offline_page(browser) as page:
        start_game(page, served.url, fast=True)
        play_hinted(page)
        wait_for(page, TURN)
        games = served.games()
        assert len(games) == 1
        status, out, err = served.stop()
        page.locator("#ended").wait_for(state="visible", timeout=10_000)
    assert status == 0, err
    assert "Traceback" not in out + err
    assert served.games() == []
    from colorcards.store import Store

    store = Store.open(served.data_dir)
    try:
        assert store.saved_summary() is not None
    finally:
        store.close()


# ---------------------------------------------------------------- what one tab may cost

def _memory_mb(pid: int) -> int:
    """The resident memory of a process, in MB (Linux's /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    raise AssertionError("no VmRSS")


def _run_async(make):
    """`asyncio.run(make())` on a thread of its own: the browser tests' playwright keeps
    an event loop running on this one."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


def _wait(test, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.05)


def test_a_tabs_allowance_of_keys():
    """A burst passes, then keys at the allowed rate; a message larger than what is left
    is dropped whole (never cut in the middle of a key's escape sequence)."""
    from colorcards.web.limits import KeyRate

    now = [0.0]
    keys = KeyRate(per_second=100, burst=300, clock=lambda: now[0])
    assert keys.take(200) and keys.take(100) and not keys.take(1)
    now[0] = 0.5
    assert not keys.take(60) and keys.take(50) and keys.dropped == 61
    now[0] = 100.0
    assert keys.take(300) and not keys.take(1)


@pytest.mark.parametrize("asked, got", [
    (("3000", "3000"), (400, 150)), (("100", "32"), (100, 32)), (("0", "-5"), (10, 5)),
    ((None, "x"), (80, 24)), ((120.5, "40"), (80, 40)),
])
def test_a_tab_asks_for_a_terminal_within_bounds(asked, got):
    from colorcards.web.limits import terminal_size

    assert terminal_size(*asked) == got


@needs_server
@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads a process's memory in /proc")
def test_what_one_tab_may_cost_is_bounded(tmp_path):
    """A 1 MB message closes the tab's socket (1009) and the game's memory stays that of
    a game; a terminal of 3000 x 3000 is made 400 x 150; an https page of the same host
    and port may not play; the static files are never listed, a path too long is not
    found, and nothing may be sniffed as another type."""

    import aiohttp

    served = Served(tmp_path / "data")
    try:
        async def attempts() -> None:
            async with aiohttp.ClientSession() as session:
                async with session.get(served.url) as page:
                    assert page.headers["X-Content-Type-Options"] == "nosniff"
                for path in ("static/", "static/js/", "static/" + "a" * 300):
                    async with session.get(served.url + path) as answer:
                        assert answer.status == 404, path
                        assert answer.headers["X-Content-Type-Options"] == "nosniff"
                origin = served.url.rstrip("/")
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(served.url + "ws",
                                             origin=origin.replace("http:", "https:"))
                assert refused.value.status == 403
                tab = await session.ws_connect(served.url + "ws?width=3000&height=3000",
                                               origin=origin)
                _wait(lambda: served.games() != [])
                (game,) = served.games()
                with open(f"/proc/{game}/environ", "rb") as env:
                    told = dict(e.split(b"=", 1) for e in env.read().split(b"\0") if b"=" in e)
                assert (told[b"COLUMNS"], told[b"ROWS"]) == (b"400", b"150")
                before = _memory_mb(game)
                await tab.send_str('["stdin", "' + "a" * 1_000_000 + '"]')
                message = await tab.receive(timeout=10)
                while message.type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    message = await tab.receive(timeout=10)
                assert tab.close_code == 1009
                assert _memory_mb(game) < before + 50

        _run_async(attempts)
        _wait(lambda: served.games() == [])  # the tab gone, its game quits
    finally:
        _, out, err = served.stop()
    assert "Traceback" not in out + err


@needs_server
def test_a_request_whose_headers_never_end_is_closed(tmp_path):
    """A client that sends its headers a line a second (holding a connection open) is cut
    off once HEADER_SECONDS have passed."""
    from colorcards.web.limits import HEADER_SECONDS

    served = Served(tmp_path / "data")
    try:
        port = int(served.url.rsplit(":", 1)[1].strip("/"))
        import select

        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", port)) as raw:
            raw.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while time.monotonic() - started < HEADER_SECONDS + 10:
                try:
                    raw.sendall(b"X-Slow: 1\r\n")
                    if select.select([raw], [], [], 0.5)[0] and raw.recv(100) == b"":
                        break  # closed by the server
                except OSError:
                    break  # reset by the server
        took = time.monotonic() - started
        assert HEADER_SECONDS - 1 < took < HEADER_SECONDS + 5
    finally:
        served.stop()


@needs_server
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGHUP"])
def test_a_server_killed_by_any_signal_takes_its_game_with_it(tmp_path, how):
    """SIGKILL (which nothing can catch) or SIGHUP (which the server does not handle): the
    tab's game ends with the server, within a second or so, and lets go of the saves."""

    import aiohttp

    served = Served(tmp_path / "data")
    try:
        async def open_tab() -> None:
            async with aiohttp.ClientSession() as session:
                await session.ws_connect(served.url + "ws?width=100&height=32",
                                         origin=served.url.rstrip("/"))
                _wait(lambda: served.games() != [])
                served.process.send_signal(getattr(signal, how))
                served.process.wait(timeout=30)

        _run_async(open_tab)
        _wait(lambda: served.games() == [], seconds=15)
        _wait(lambda: lock_holder(served.data_dir) is None, seconds=5)
    finally:
        if served.process.poll() is None:
            served.process.kill()
        for pid in served.games():
            os.kill(pid, signal.SIGKILL)


@needs_browser
def test_names_that_are_markup_show_as_text_in_the_browser(browser, tmp_path):
    """A saved game whose seats have names that are markup (a save is a file anyone can
    edit): continued in the browser, the tags show them as typed, and nothing on the
    screen shows one as markup would."""
    from colorcards.session.seating import Seating
    from colorcards.settings import GameSettings
    from colorcards.store import Store

    names = ("You", "[b]Bo", "Ann [/]", "[i]Ida")
    seating = Seating.new(GameSettings(preset="color-cards", opponents=3), seed=4)
    meta = seating.meta.with_(names=names)
    with Store.open(tmp_path / "data") as store:
        store.save_game(seating.game, meta, [f"{name} drew a card." for name in names[1:]])
    served = Served(tmp_path / "data")
    try:
        with offline_page(browser) as page:
            page.goto(served.url)
            wait_for(page, "Continue")
            page.focus(".xterm-helper-textarea")
            page.keyboard.press("c")
            text = wait_for(page, TURN + "|Name the colour")
            for name in names[1:]:
                assert f" {name} " in text  # its tag, as typed
            assert re.findall(r"(?<!\[b\])\bBo\b", text) == []  # never a bare (bold) Bo
    finally:
        served.stop()
