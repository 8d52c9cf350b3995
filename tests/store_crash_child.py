"""The crash test's child: plays the plan's games with an autosave after every action.

    python store_crash_child.py DATA_DIR GAMES PROGRESS_FILE

After every committed save it appends "saved GAME_ID ACTIONS" to PROGRESS_FILE, and
"finished GAME_ID" after each recorded game, so the parent knows the least that must
have survived a SIGKILL. Started again, it resumes the saved game and carries on.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from colorcards.store import Store
from store_helpers import Driver, plan_game


def main(data_dir: str, games: int, progress_path: str) -> int:
    progress = os.open(progress_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def note(text: str) -> None:
        os.write(progress, (text + "\n").encode())

    store = Store.open(data_dir)
    if not store.owns_game or not store.saving:
        note("problem " + " | ".join(store.problems))
        return 1
    while True:
        saved = store.load_game()
        if saved is not None:
            game, meta, log = saved.game, saved.meta, saved.log
        else:
            done = len(store.records())
            if done >= games:
                break
            game, meta = plan_game(done)
            log = []
            store.save_game(game, meta, log)
            note(f"saved {meta.game_id} {len(game.actions)}")
        driver = Driver(game, meta)
        while game.phase != "match-over":
            line = driver.step()
            if line is None:
                continue
            log.append(line)
            store.save_game(game, driver.meta, log)
            note(f"saved {meta.game_id} {len(game.actions)}")
        store.finish_game(game, driver.meta, log)
        note(f"finished {meta.game_id}")
    store.close()
    note("done")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
