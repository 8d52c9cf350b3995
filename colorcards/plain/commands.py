"""What the player types at the plain table, and the help that lists it.

A command is a word or its one letter. The letters are the TUI's keys, read from the key
table (session/keys.py: D draws, P passes, L calls Last Card, C catches, A accepts, X
challenges, H asks for a hint, T takes back, R tells the log, S sorts, ? helps), and the
help's words for them are the key table's too. A card is played by its number in the
hand ('3'; a Wild with its colour, '3 red', or the colour asked next). The plain front
end's own commands (hand, table, rules, coach, quit) have letters the table leaves free.
An empty line is Enter: it plays a drawn card, skips to the round's end once you are
out, lets a chance out of turn go, or else says the prompt again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Rules
from ..session.keys import KEYS, Key

TABLE_KEYS: dict[str, str] = {
    "draw": "draw", "pass_turn": "pass", "call": "last", "catch": "catch",
    "accept": "accept", "challenge": "challenge", "hint": "hint", "take_back": "take_back",
    "story": "log", "sort": "sort", "help": "help", "jump": "jump"}
"""The key table's actions the plain table answers, by its command's name."""

WORDS: dict[str, str] = {
    "draw": "draw", "pass": "pass", "last": "last", "last card": "last", "call": "last",
    "catch": "catch", "accept": "accept", "challenge": "challenge", "hint": "hint",
    "take back": "take_back", "takeback": "take_back", "undo": "take_back", "log": "log",
    "sort": "sort", "help": "help", "hand": "hand", "table": "table", "quit": "quit",
    "rules": "rules", "coach": "coach", "jump": "jump", "jump in": "jump"}
"""Each command's words (its letter is added from the key table or `OWN`)."""

OWN: dict[str, tuple[str, str]] = {
    "hand": ("i", "your hand again, by number"),
    "table": ("b", "the table: the pile, the colour to match, everyone's cards"),
    "rules": ("u", "the rules in words (rules 5: the rulebook's section 5)"),
    "coach": ("o", "turn the coach on or off for this game"),
    "quit": ("q", "leave the table (the game is saved; Continue takes you back)"),
}
"""The plain table's own commands: (letter, what it does). Their letters are ones the
key table leaves free."""


def _key(action: str) -> Key:
    return next(k for k in KEYS if k.name == action)


LETTERS: dict[str, str] = {
    **{_key(action).display.lower(): name for action, name in TABLE_KEYS.items()},
    **{letter: name for name, (letter, _) in OWN.items()}}
"""Each one-letter form -> its command."""


@dataclass(frozen=True)
class Command:
    """One line the player typed, understood."""

    name: str
    """'card', 'draw', ... 'again' (an empty line), 'word' (a word that is no command:
    a colour, when one is asked)."""
    number: int | None = None
    """A card's number in the hand (or a colour's in the list asked)."""
    word: str = ""
    """What followed the number ('3 red'), or the word itself."""


def parse(text: str) -> Command | None:
    """The command `text` asks for (None: nothing the table knows)."""
    words = text.strip().lower().split()
    if not words:
        return Command("again")
    head = words[0]
    rest = " ".join(words[1:])
    if head.isdigit():
        return Command("card", number=int(head), word=rest)
    whole = " ".join(words)
    if whole in WORDS:
        return Command(WORDS[whole])
    if head in WORDS and head in ("rules",):
        return Command("rules", word=rest)
    if len(words) == 1 and head in LETTERS:
        return Command(LETTERS[head])
    if len(words) == 2 and head in LETTERS and LETTERS[head] == "rules":
        return Command("rules", word=rest)
    if len(words) == 1 and head.isalpha():
        return Command("word", word=head)
    return None


def help_lines(rules: Rules | None = None, coach: bool = False) -> list[str]:
    """The commands at the table, one a line: the key table's words for its keys
    (leaving out those these rules have no use for), then the plain table's own."""
    lines = ["Commands (a word, or its letter):",
             "1 to 9 (or any card's number): play that card; a Wild with its colour, "
             "3 red, or the colour asked next"]
    for action, name in TABLE_KEYS.items():
        k = _key(action)
        if rules is not None and not k.used(rules):
            continue
        if k.coached and not coach:
            continue
        word = {"take_back": "take back", "last": "last"}.get(name, name)
        what = "this list" if name == "help" else k.help
        lines.append(f"{k.display.lower()} or {word}: {what}")
    lines.extend(f"{letter} or {name}: {what}" for name, (letter, what) in OWN.items())
    lines.append("Enter (an empty line): make the hint's move, play the card you drew, skip "
                 "to the end of the round once you are out, let a chance go, or hear the "
                 "prompt again")
    return lines
