"""One game at the table, without Textual: what the table shows and does, not how.

- `seating.py`: what a table is played from (a new deal, a saved game, a prepared
  position); `meta.py`: what the store keeps beside the game.
- `controller.py`: the one object that owns the game at the table (`GameController`) —
  what the table shows, the player's input, the computers' paced turns, take-back and
  the coach's marks and notes. Its collaborators: the countdowns (`clocks.py`), the
  autosave (`autosave.py`), the coach's requests (`table_coach.py`), the line of play's
  marks and bases (`tutor.py`), the log in words (`table_log.py`), the hand's order
  (`hand_order.py`). It is given a `Clock` (`clocks.py`: the time, timers and threads)
  and tells its front end what happens through typed messages (`messages.py`), so a test
  keeps the time by hand and the Textual screen is only one front end among others.
- The words: the log's sentences (`wording.py`, `table_log.py`), the status line
  (`prompts.py`), the keys' names (`keys.py`) and the colours' names and shapes
  (`palette.py`).
- `results.py`: what the end of a round shows.

Below the store (which keeps what the session says) and the TUI (which draws it); above
the engine, the bots, the coach and the replay. Importing this package imports none of
its modules.
"""
