"""The table's keys, written once.

One row per key: the table screen's `BINDINGS` (made in `tui/screens/table.py`), the control
bar above the hand, the help page ('?') and the key names in the prompts and hints are
all made from `KEYS`, so a key changed here changes everywhere it is shown. A key that
the table's rules have no use for (Catch where Last Card is called for everyone,
Challenge without the Wild Draw Four challenge) is left off the control bar and the
help page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import DrawFour, LastCard, Rules, Stacking


def always(rules: Rules) -> bool:
    """Any table: what a key or a word needs of the rules when every table has it."""
    return True


@dataclass(frozen=True)
class Key:
    """One thing the player can do at the table from the keyboard."""

    keys: str
    """Textual's key names, comma-separated ('enter,space')."""
    action: str
    """The table screen's action, with its arguments ('move(-1)')."""
    label: str
    """What the key does, in a word or two ('Draw'), for the bars."""
    help: str
    """Its line on the help page."""
    display: str
    """The key as the player reads it ('D', '← →': two arrows apart, or they read as one)."""
    bar: bool = False
    """On the control bar above the hand (lit while it can be used), not in the footer."""
    footer: bool = False
    """In the footer, which keeps to the keys that are always there."""
    used: Callable[[Rules], bool] = always
    """Whether a table with these rules has any use for the key."""
    coached: bool = False
    """On the control bar only at a table with the coach on (Take back)."""

    @property
    def name(self) -> str:
        """The action's name without arguments ('move'), as `key()` looks it up."""
        return self.action.split("(")[0]


def _says_last_card(rules: Rules) -> bool:
    return rules.last_card is not LastCard.AUTO


def _catches(rules: Rules) -> bool:
    return rules.last_card is LastCard.CATCH


def _challenges(rules: Rules) -> bool:
    return rules.draw_four is DrawFour.CHALLENGE


def _accepts(rules: Rules) -> bool:
    return rules.stacking is Stacking.ON or _challenges(rules)


KEYS: tuple[Key, ...] = (
    Key("left", "move(-1)", "Move", "move along your hand", "← →", footer=True),
    Key("right", "move(1)", "Move", "", "→"),
    Key("enter", "play_selected", "Play", "play the selected card", "⏎/1-9", footer=True),
    Key("space", "play_selected", "Play", "", "Space"),
    *(Key(str(n), f"pick({n})", f"Play card {n}", "", str(n)) for n in range(1, 10)),
    Key("d", "draw", "Draw", "draw a card (or the penalty coming your way)", "D", bar=True),
    Key("p", "pass_turn", "Pass", "pass (after drawing)", "P", bar=True),
    Key("l", "call", "Last Card", "call Last Card", "L", bar=True, used=_says_last_card),
    Key("c", "catch", "Catch", "catch a player who forgot to call Last Card", "C", bar=True,
        used=_catches),
    Key("a", "accept", "Accept", "accept a penalty, or a Wild Draw Four unchallenged", "A",
        bar=True, used=_accepts),
    Key("x", "challenge", "Challenge", "challenge a Wild Draw Four", "X", bar=True,
        used=_challenges),
    Key("h", "hint", "Hint", "hint: the coach's move, as the review would judge it; Enter makes it",
        "H", footer=True),
    Key("t", "take_back", "Take back", "take back your last move (with the coach on)", "T",
        bar=True, coached=True),
    Key("r", "story", "Log", "the whole match so far, round by round", "R", footer=True),
    Key("s", "sort", "Sort", "sort your hand (again: the other way)", "S", footer=True),
    Key("shift+left", "shift(-1)", "Arrange", "move the selected card within your hand",
        "⇧← →", footer=True),
    Key("shift+right", "shift(1)", "Arrange", "", "⇧→"),
    Key("question_mark", "help", "Keys", "this page", "?", footer=True),
    Key("escape", "menu", "Menu", "menu: resume, new game, rules, sound, coach, quit", "Esc",
        footer=True),
)

#: Keys that are shown as one row in help ('←→' stands for left and right, 1-9 for each).
_HELP_DISPLAY = {"move": "← / →", "pick": "1 – 9", "shift": "Shift+← / Shift+→",
                 "play_selected": "Enter or Space"}

#: What the mouse does, after the keys on the help page.
CLICKS: tuple[tuple[str, str], ...] = (
    ("Click a card", "play it"),
    ("Click the deck", "draw"),
)

#: What the table's marks mean, on the help page and in the README.
MARKS: tuple[tuple[str, str], ...] = (
    ("Raised card", "one you can play now"),
    ("Heavy border", "the selected card (Enter plays it)"),
    ("[1] under a card", "its number key: 1 plays the first card (not the card's value)"),
    ("Past the ninth", "cards past the ninth have no number key: reach them with ← → and "
     "Enter"),
)


def key(name: str) -> str:
    """The key the player presses for the table action `name` ('draw' → 'D')."""
    for k in KEYS:
        if k.name == name:
            return k.display
    raise KeyError(name)


def bar_keys(rules: Rules, coach: bool = False) -> tuple[Key, ...]:
    """The control bar's keys for a table with these rules (and the coach on, if
    `coach`), in order."""
    return tuple(k for k in KEYS if k.bar and k.used(rules) and (coach or not k.coached))


def help_rows(rules: Rules | None = None) -> list[tuple[str, str]]:
    """(key, what it does) for the help page: every key once, in the order a turn uses
    them, leaving out those the table's `rules` have no use for (all, without rules)."""
    rows = []
    seen = set()
    for k in KEYS:
        if not k.help or k.name in seen or (rules is not None and not k.used(rules)):
            continue
        seen.add(k.name)
        rows.append((_HELP_DISPLAY.get(k.name, k.display), k.help))
        if k.name == "play_selected":
            rows.append((_HELP_DISPLAY["pick"], "play the card with that number"))
    return rows
