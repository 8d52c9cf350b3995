"""The plain front end (`colorcards --plain`, issue 46): whole games driven through its
standard input, the lines it says compared with the table's log, and what a screen
reader would meet in them."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

from coach_helpers import QUICK, LocalCoach
from colorcards.engine import DRAW, PASS, Play
from colorcards.plain.app import PlainApp
from colorcards.plain.commands import LETTERS, help_lines, parse
from colorcards.replay.review import Review
from colorcards.session.keys import key
from colorcards.session.palette import spoken
from colorcards.session.prompts import HINT_ASKED
from colorcards.session.results import review_lines
from colorcards.settings import GameSettings
from colorcards.store import Store
from colorcards.store import exercises as stored
from test_exercises import _ready, reviewed  # noqa: F401 (a fixture)


class Player:
    """The plain front end's standard input: a player who answers each prompt from the
    lines said so far (the first card it may play, else what the prompt says to press),
    after the lines of `script`."""

    def __init__(self, script: list[str] = (), stop: str = "Enter: back to the menu"):
        self.out = io.StringIO()
        self.script = list(script)
        self.stop = stop
        self.app: PlainApp | None = None
        self.log: list[str] = []
        """The table's log, taken when the match is over."""
        self.steps = 0

    def lines(self) -> list[str]:
        """The lines said, each wrapped one joined again."""
        joined: list[str] = []
        for line in self.out.getvalue().splitlines():
            if line.startswith("  ") and joined:
                joined[-1] += " " + line[2:]
            else:
                joined.append(line)
        return joined

    def readline(self) -> str:
        self.steps += 1
        assert self.steps < 4000, "the game did not end"
        if self.script:
            return self.script.pop(0) + "\n"
        said = self.lines()
        last = said[-1]
        if self.stop in last:
            if self.app is not None and self.app.table is not None:
                self.log = list(self.app.table.controller.log)
            return ""
        return self.answer(said, last) + "\n"

    @staticmethod
    def answer(said: list[str], last: str) -> str:
        if "Which colour?" in last:
            return "1"
        if "Enter deals the next round" in last:
            return ""
        if "press C to catch" in last:
            return "c"
        if "press L now" in last:
            return "l"
        if last.startswith("Your hand"):
            asked = said[-2]
            if "press L to call Last Card" in asked:
                return "l"
            if "challenges it" in asked:
                return "a"
            found = re.search(r"You can play (\d+)", last)
            if found:
                return found.group(1)
            if "Enter plays it" in asked:
                return ""
            if "press P" in asked:
                return "p"
            return "d"
        return ""


def play(store: Store, player: Player, **options) -> Player:
    app = PlainApp(store, stdin=player, stdout=player.out, live=False, **options)
    player.app = app
    app.run()
    return player


def said_in_order(lines: list[str], log: list[str]) -> None:
    """Every line of the table's log was said, as the log has it, in its order."""
    at = 0
    for entry in log:
        words = spoken(entry)
        while at < len(lines) and lines[at] != words:
            at += 1
        assert at < len(lines), f"the log's line {words!r} was not said (in order)"
        at += 1


def heard_well(lines: list[str]) -> None:
    """What a screen reader would meet: ASCII words, no glyph or Markdown mark, each
    card's shape named."""
    for line in lines:
        assert line.isascii(), line
        assert not re.search(r"[|#`*<>\\{}\[\]^~]", line), line
    hands = [line for line in lines if line.startswith("Your hand")]
    assert hands
    for line in hands:
        cards = line.split(": ", 1)[1].split(". You can")[0].rstrip(".").split(", ")
        for card in cards:
            if "Wild" not in card:
                assert card.split()[-1] in ("circle", "square", "triangle", "diamond"), line


def test_plain_imports_nothing_of_textual():
    code = ("import sys, json, colorcards.plain.app, colorcards.plain.table; "
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True)
    loaded = json.loads(out.stdout)
    assert "colorcards.plain.table" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("textual", "rich")] == []


def test_commands_use_the_tui_keys():
    for name, command in (("draw", "draw"), ("pass_turn", "pass"), ("call", "last"),
                          ("catch", "catch"), ("hint", "hint"), ("take_back", "take_back"),
                          ("story", "log"), ("help", "help")):
        assert LETTERS[key(name).lower()] == command
        assert parse(key(name).lower()).name == command
    assert parse("3 red").number == 3 and parse("3 red").word == "red"
    assert parse("take back").name == "take_back"
    assert len(set(LETTERS)) == len(LETTERS)
    assert any(line.startswith("t or take back") for line in help_lines(coach=True))


def test_a_classic_match_to_its_end_says_every_line_of_the_log(tmp_path):
    store = Store.open(tmp_path)
    settings = GameSettings(preset="classic", opponents=1, speed="fast")
    player = play(store, Player(["n", "", "classic", "1", "fast", "no", ""]), seed=11,
                  settings=settings)
    lines = player.lines()
    assert player.log and any("wins the match" in line or "You win the match" in line
                              for line in lines)
    said_in_order(lines, player.log)
    heard_well(lines)
    [entry] = store.history()
    assert entry.preset == "classic" and not entry.practice
    assert store.stats()["normal"].games == 1
    store.close()


def test_a_coached_move_is_noted_and_taken_back(tmp_path):
    """The coach's hint, and Enter makes its move; the coach's note is the log's; T puts
    the table back; the game ends as practice."""
    store = Store.open(tmp_path)
    settings = GameSettings(preset="duel", opponents=1, speed="fast", coach=True)
    script = ["n", "", "duel", "", "", "", ""]
    player = Player(script)
    app = PlainApp(store, stdin=player, stdout=player.out, live=False, seed=4,
                   settings=settings, remote=LocalCoach(QUICK))
    player.app = app
    took_back = []

    answer = Player.answer

    def answer_once_back(said, last):
        move = answer(said, last)
        if not took_back and last.startswith("Your hand") and re.match(r"\d", move):
            took_back.append(last)
            player.script = ["", "t"]  # Enter makes the hint's move
            return "hint"
        return move

    player.answer = answer_once_back
    app.run()
    lines = player.lines()
    hint = lines.index(spoken(HINT_ASKED))
    assert lines[hint + 1].startswith("Hint: ") and "Enter" in lines[hint + 1]
    assert lines[hint + 2].startswith("You ")  # Enter: the move the hint named, made
    back = lines.index("Taken back: the table is as it was before your last move.")
    assert lines[back + 2] == took_back[0]  # the same hand, the same turn again
    said_in_order(lines, player.log)
    assert "A practice game" in " ".join(lines)
    [entry] = store.history()
    assert entry.practice
    store.close()


def _run(data_dir, script: str, *extra: str) -> str:
    env = {**os.environ, "COLORCARDS_COACH_WORKERS": "1", "COLUMNS": "1000"}
    out = subprocess.run([sys.executable, "-m", "colorcards", "--plain", "--data-dir",
                          str(data_dir), *extra], input=script, capture_output=True,
                         text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_piped_input_with_a_seed_says_the_same_lines_every_run(tmp_path):
    script = "1\n2\n3\n4\n5\n6\n7\nd\np\nb\n" * 4 + "r\n"
    first = _run(tmp_path / "a", script, "--seed", "7", "--preset", "duel")
    again = _run(tmp_path / "b", script, "--seed", "7", "--preset", "duel")
    assert first == again
    assert "Round 1:" in first and "On the pile:" in first


def test_continue_after_a_kill(tmp_path):
    """Killed in the middle of a game, the next start continues it as it was left."""
    env = {**os.environ, "COLORCARDS_COACH_WORKERS": "1", "COLUMNS": "1000"}
    proc = subprocess.Popen([sys.executable, "-m", "colorcards", "--plain", "--data-dir",
                             str(tmp_path), "--seed", "5", "--preset", "duel"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    said: list[str] = []
    for _ in range(5):
        while not (line := proc.stdout.readline()).startswith("Your hand"):
            assert line, "the game ended early"
            said.append(line.rstrip("\n"))
        said.append(line.rstrip("\n"))
        proc.stdin.write(Player.answer(said, said[-1]) + "\n")
        proc.stdin.flush()
    while not (line := proc.stdout.readline()).startswith("Your hand"):
        assert line, "the game ended early"
    proc.kill()
    proc.wait()
    again = _run(tmp_path, "c\nr\n")
    assert "Back to your game: Duel at Normal, round 1." in again
    assert line.strip() in again  # the hand as it was when killed


def test_a_review_and_an_exercise_answered(reviewed):  # noqa: F811 (the fixture)
    """Statistics per level; History, a game told again, then its Review with its
    moments and why; then Practice: the exercise made of a moment, answered as the coach
    would, and its schedule kept."""
    store, kept = reviewed
    [item, _] = _ready(store)
    best = item.moves()[0]
    answer = (str(item.hand().index(best.card) + 1) + (f" {best.colour.shape}" if
              best.card.is_wild else "")) if isinstance(best, Play) else \
        {DRAW: "d", PASS: "p"}[best]
    player = play(store, Player(["s", "y", "replay 1", "review 1", "p", answer, "q", "q"]))
    lines = player.lines()
    assert "Normal: 1 game, 1 won, 0 lost, win rate 100%; current streak 1 win; best streak " \
        "1 win." in lines
    end = lines.index("End of the replay. Another review or replay, or Enter for the menu.")
    assert lines[end - 1].startswith("Lily held at the end: ")
    assert sum(line.startswith("You played ") for line in lines[:end]) >= 3
    review = lines.index("Review of your game at Normal.")
    moments = [line for line in lines[review:] if line.startswith("Moment ")]
    assert len(moments) == 2 and all("Why:" in m or "why" in m.lower() for m in moments)
    for moment, words in zip(moments, review_lines(Review.from_json(store.review(
            kept.game_id)), "classic", kept.seat_names, kept), strict=True):
        assert moment.endswith(spoken(words))
    assert any(line.startswith("Well found: ") for line in lines)
    assert stored.stats(store, 0.0).as_json()["done"] == 1
    heard_well(lines)


async def test_a_game_started_plain_continues_in_the_tui_and_back(tmp_path):
    """The same save: three moves told plainly, Continue in the TUI (the same table),
    a move there, and Continue in the plain front end from that move."""
    from colorcards.tui.app import ColorCardsApp
    from tui_table_helpers import HandClock, play_turn, settle

    store = Store.open(tmp_path)
    player = Player(["n", "", "color-cards", "", "fast", "", ""])
    moves = []

    def three_then_quit(said, last):
        if last.startswith("Your hand"):
            moves.append(last)
        return "q" if len(moves) > 3 else Player.answer(said, last)

    player.answer = three_then_quit
    play(store, player, seed=9)
    saved = store.load_game()
    store.close()
    assert saved is not None and len(saved.game.actions) > 3

    tui = ColorCardsApp(data_dir=tmp_path, delay=0, clock=HandClock())
    async with tui.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await settle(pilot)
        ctl = tui.controller
        assert ctl.game.actions[:len(saved.game.actions)] == saved.game.actions
        assert ctl.log[:len(saved.log)] == saved.log
        await play_turn(pilot)
        await settle(pilot)
        played = list(ctl.game.actions)
        tui.exit()

    store = Store.open(tmp_path)
    again = Player(["c"], stop="Your hand")
    play(store, again)
    assert "Back to your game: Color Cards at Normal, round 1." in again.lines()
    assert again.app is not None and again.app.table is not None
    assert again.app.table.controller.game.actions[:len(played)] == played
    store.close()


def test_the_answer_time_is_a_setting_and_the_scripted_clock_jumps(tmp_path):
    """--answer-seconds sets the Last Card window and the catch; a script's clock moves
    only to the next timer, in order, skipping those stopped."""
    from colorcards.cli import build_parser
    from colorcards.plain.clock import PlainClock

    args = build_parser().parse_args(["--plain", "--answer-seconds", "12"])
    assert args.plain and args.answer_seconds == 12.0
    store = Store.open(tmp_path)
    player = Player([], stop="Your hand")
    play(store, player, seed=2, direct=True, answer_seconds=args.answer_seconds)
    ctl = player.app.table.controller
    assert (ctl.window_seconds, ctl.catch_seconds) == (12.0, 12.0)
    store.close()

    clock, ran = PlainClock(live=False), []
    clock.schedule(2.0, lambda: ran.append("b"))
    clock.schedule(1.0, lambda: ran.append("a"))
    clock.schedule(1.5, lambda: ran.append("never")).stop()
    assert clock.skip_ahead() and ran == ["a"] and clock.now() == 1.0
    assert clock.skip_ahead() and ran == ["a", "b"] and not clock.skip_ahead()


def test_the_rules_are_read_as_words():
    """Every section of the rulebook as lines: no Markdown mark, no symbol a reader would
    spell out or could not say (nothing turned into '?')."""
    from colorcards.plain.rules import rules_lines
    from colorcards.rulebook import section_numbers

    for number in section_numbers():
        lines = rules_lines(str(number))
        assert lines[0].startswith(f"{number}. ")
        for line in lines:
            words = spoken(line)
            assert words.isascii() and words.count("?") == line.count("?"), line
            assert not re.search(r"[|#`*]", words), line
    assert "Skip: the next player misses their turn." in rules_lines("4")


def test_seven_zero_and_jump_in_are_played_in_words(tmp_path):
    """House rules that ask the player something new: after their 7, whose hand to take
    (by its number, the seats listed with their cards); a jump-in offered, taken with J
    or let go with Enter. A Duel with both on, to its end."""
    store = Store.open(tmp_path)
    script = ["n", "", "duel", "", "fast", "no", "seven_zero on", "jump_in on", ""]
    player = Player(script)
    asked: dict[str, list[str]] = {"swap": [], "jump": []}
    answer = Player.answer

    def answer_house(said, last):
        if "swap hands with whom?" in last:
            asked["swap"].append(last)
            return "1"
        if last.startswith("Jump in?"):
            asked["jump"].append(last)
            return "j" if len(asked["jump"]) == 1 else ""
        return answer(said, last)

    player.answer = answer_house
    play(store, player, seed=1)
    lines = player.lines()
    assert asked["swap"], "the player never played a 7"
    assert asked["jump"], "no jump-in was offered"
    assert any("jump" in line.lower() and line.startswith("You")
               for line in player.log), "the jump-in taken is not in the log"
    assert re.search(r"swap hands with whom\? 1 Lily \(\d+ cards?", asked["swap"][0])
    assert any("swap" in line.lower() and "Lily" in line for line in player.log)
    said_in_order(lines, player.log)
    heard_well(lines)
    assert len(store.history()) == 1
    store.close()
