"""The plain front end (`colorcards --plain`): the whole game told line by line, for
screen readers, braille displays and scripts, over the session layer (session/) as the
TUI is, and importing nothing of Textual.

- `app.py`: the conversation: the menu, New game, Continue, the results, the rules;
  the loop that reads lines and runs timers.
- `looking_back.py`: Statistics, History (a game told again, its Review) and Practice.
- `table.py`: one game at the table, the controller's host, told as the log's lines.
- `commands.py`: what the player types (the TUI's key letters), and the help.
- `clock.py`: the wall clock, or one of its own for scripts (the same lines every run).
- `rules.py`: the rulebook as lines without Markdown's marks.
"""
