"""Does what the coach says agree with what it decided? Whole coached games at the table,
their notes against their reviews (issue 41).

    python tests/benchmarks/coach_agreement.py [--games 40] [--seed 41] [--level normal]
        [--blunders 0.3] [--workers 2]

Plays four-seat Color Cards games through the table's own controller with the coach on,
its judgements made by the coach the review uses (`TableCoach` with no coach process:
`Coach.judge` in the host's thread), the computers at `--level`. Seat 0 is a stand-in
that plays costly moves on purpose: at each decision with a choice, with probability
`--blunders` it plays a random option other than Hard's choice (and a card that leaves
it one card without calling Last Card), else Hard's choice with the call.

The table is played as a person meets it: each judgement comes back only after 0, 1 or
2 more moves of the player's (so notes come late, after the player has moved on), and
in every fourth game the player quits with judgements still out and continues (the
table weighs them again). At the end the game's review is completed from what the
table weighed (`review` with the table's review as its start) and set against the
table:

- every note in the table's log shows chances at least `NOTICEABLE` apart, as the
  player reads them, and so does every moment the review lists;
- the review's list of each game equals its notes: each listed moment's note, as
  `tutor.note_words` writes it, is in the log, and the log holds no other note.

It prints each game's line and the totals: decisions, notes (and how many came late),
moments listed, games whose list equals their notes, the smallest difference shown,
the moves the test listed whose chances did not show it (not called costly), and the
deals behind the chances shown.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from colorcards.bots.heuristic import HARD, HeuristicPlayer
from colorcards.coach import weigh
from colorcards.coach.remote import Judgement
from colorcards.engine import CALL, DecisionKind, Play, next_decision
from colorcards.replay.review import Review, review
from colorcards.session.controller import HUMAN, GameController
from colorcards.session.seating import Seating
from colorcards.session.tutor import NOTE_PREFIX, note_words
from colorcards.settings import GameSettings
from colorcards.store import Store
from test_tui_controller import ManualHost

CHANCES = re.compile(r"(\d+)% against (\d+)%")
"""The chances a note shows: the coach's choice's, then the move made's."""


@dataclass
class Host(ManualHost):
    """The controller tests' host (a clock moved by hand), each judgement held until the
    player has made `late` more moves (drawn at random, 0 to 2)."""

    rng: random.Random = field(default_factory=random.Random)
    held: list[list[Any]] = field(default_factory=list)
    """Each judgement out: [moves of the player's still to wait, judge, done, late]."""
    late: int = 0
    """Judgements given back after the player had moved on."""

    def weigh(self, judge: Callable[[], Any], done: Callable[[Any], None]) -> None:
        wait = self.rng.choice((0, 1, 2))
        self.held.append([wait, judge, done, wait > 0])

    def moved(self) -> None:
        """The player made a move (the one just weighed, the first time): the judgements
        whose wait is over come back."""
        for entry in list(self.held):
            entry[0] -= 1
            if entry[0] < 0:
                self.held.remove(entry)
                self.late += entry[3]
                entry[2](entry[1]())

    def answer_all(self) -> None:
        while self.held:
            _, judge, done, late = self.held.pop(0)
            self.late += late
            done(judge())

    def defer_save(self, save: Callable[[], None]) -> None:
        save()


@dataclass
class Figures:
    """One game's agreement."""

    seed: int
    decisions: int = 0
    notes: list[str] = field(default_factory=list)
    listed: list[str] = field(default_factory=list)
    """The note each listed moment would have, as `note_words` writes it."""
    shown: list[int] = field(default_factory=list)
    """The difference each note shows (points)."""
    listed_shown: list[int] = field(default_factory=list)
    """The difference each listed moment shows."""
    demoted: int = 0
    """Moves the test listed whose chances, measured apart, did not show them costly."""
    report_deals: list[int] = field(default_factory=list)
    late: int = 0
    resumed: bool = False
    weighed_after: int = 0
    """Decisions the review weighed itself after the game (the table had not)."""
    unjudged: list[int] = field(default_factory=list)
    """Where they were made."""
    seconds: float = 0.0

    @property
    def agree(self) -> bool:
        return Counter(self.notes) == Counter(self.listed)


def _controller(seating: Seating, host: Host, store: Store) -> GameController:
    return GameController(seating, host, store=store, delay=0.5, clock=lambda: host.now)


def _move(ctl: GameController, rng: random.Random, blunders: float) -> list:
    """The stand-in's move: a card it may call Last Card before (two actions)."""
    legal = list(ctl.legal())
    options = [a for a in legal if a is not CALL]
    if len(options) <= 1:
        return options or legal[:1]
    hard = HeuristicPlayer(HARD).choose(ctl.view(), options, rng)
    if rng.random() < blunders:
        others = [a for a in options if a != hard]
        return [rng.choice(others or options)]  # Last Card left uncalled, on purpose
    if CALL in legal and isinstance(hard, Play) and len(ctl.hand()) == 2:
        return [CALL, hard]
    return [hard]


def _my_turn(ctl: GameController, host: Host) -> bool:
    """Move the clock on to the player's turn; False once the match is over and recorded.
    At a round's end, the coach's judgements still out come back (the results wait for
    them, as they wait for the coach's process at the table)."""
    for _ in range(2000):
        if ctl.between_rounds and host.held:
            host.answer_all()
        if ctl.finished:
            return False
        decision = next_decision(ctl.game)
        if (decision is not None and decision.seat == HUMAN and not ctl.busy
                and decision.kind is DecisionKind.TURN):
            return True
        if ctl.between_rounds and not ctl.game.is_over:
            ctl.next_round()
        host.run(1)
    raise AssertionError("the player's turn never came")


def play_one(job: tuple[int, int, str, float]) -> Figures:
    seed, index, level, blunders = job
    started = time.process_time()
    figures = Figures(seed=seed * 1000 + index)
    rng = random.Random(figures.seed)
    host = Host(rng=random.Random(figures.seed + 1))
    settings = GameSettings(preset="color-cards", opponents=3, difficulty=level, coach=True)
    with tempfile.TemporaryDirectory() as data, Store.open(Path(data)) as store:
        ctl = _controller(Seating.new(settings, seed=figures.seed), host, store)
        ctl.start()
        moves = 0
        while _my_turn(ctl, host):
            for action in _move(ctl, rng, blunders):
                ctl.act(action)
            host.moved()
            moves += 1
            if index % 4 == 3 and moves == 3 and host.held:
                # Quit with judgements out, and continue: the table weighs them again.
                figures.resumed = True
                ctl.stop()
                host = Host(rng=random.Random(figures.seed + 2))
                ctl = _controller(Seating.resume(store.load_game()), host, store)
                ctl.start()
        figures.late = host.late
        assert ctl.finished and ctl.record is not None and not host.held
        game_id = ctl.record.game_id
        names = [ctl.name(s) for s in range(ctl.game.seats)]
        words = ctl.words
        figures.notes = [line for line in ctl.log if line.startswith(NOTE_PREFIX)]
        kept = store.kept_game(game_id)
        so_far = Review.from_json(store.review(game_id))
        before = len(so_far.moments) if so_far is not None else 0
        result = review(kept, resume=so_far, coach=weigh.Coach(level))
        figures.weighed_after = len(result.moments) - before
        figures.unjudged = sorted({m.index for m in result.moments}
                                  - {m.index for m in (so_far.moments if so_far else ())})
    figures.decisions = len(result.moments)
    for m in result.moments:
        if not m.close and m.low >= weigh.NOTICEABLE and not m.costly:
            figures.demoted += 1
    for m in result.costliest():
        judgement = Judgement(True, m.made, m.best, m.made_chance, m.best_chance, m.uncalled)
        figures.listed.append(note_words(judgement, words.card, words.colour, names))
        figures.listed_shown.append(weigh.shown(m.best_chance) - weigh.shown(m.made_chance))
        figures.report_deals.append(m.deals)
    for note in figures.notes:
        found = CHANCES.search(note)
        assert found is not None, note
        figures.shown.append(int(found.group(1)) - int(found.group(2)))
    figures.seconds = time.process_time() - started
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--level", default="normal", help="the computers' level")
    parser.add_argument("--blunders", type=float, default=0.3,
                        help="the stand-in's share of costly moves on purpose")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    bar = weigh.NOTICEABLE * 100
    print(f"Color Cards, 4 seats, coach on, computers at {args.level}, seed {args.seed}, "
          f"{args.games} games, the stand-in blunders {args.blunders:.0%} of its choices; "
          f"the bar {weigh.bar_words()}.")
    jobs = [(args.seed, i, args.level, args.blunders) for i in range(args.games)]
    with ProcessPoolExecutor(args.workers) as pool:
        games = []
        for figures in pool.map(play_one, jobs):
            games.append(figures)
            print(f"  game {figures.seed}: {figures.decisions} decisions, "
                  f"{len(figures.notes)} notes ({figures.late} judgements late), "
                  f"{len(figures.listed)} listed, "
                  f"{'agree' if figures.agree else 'DISAGREE'}"
                  f"{', resumed' if figures.resumed else ''}; "
                  f"smallest shown {min(figures.shown + figures.listed_shown, default='-')}; "
                  f"{figures.seconds:.0f} s", flush=True)
    notes = [d for g in games for d in g.shown]
    listed = [d for g in games for d in g.listed_shown]
    agree = sum(g.agree for g in games)
    deals = [d for g in games for d in g.report_deals]
    print(f"\n{len(games)} games, {sum(g.decisions for g in games)} decisions; "
          f"{len(notes)} notes ({sum(g.late for g in games)} judgements came after the "
          f"player's next move; {sum(g.resumed for g in games)} games quit and continued "
          f"with judgements out); {len(listed)} moments listed; "
          f"{sum(g.weighed_after for g in games)} decisions weighed by the review itself.")
    print(f"  review list equal to the notes: {agree} of {len(games)} games")
    print(f"  difference shown, notes: smallest {min(notes, default='-')}, all >= the bar "
          f"({bar:g}): {all(d >= bar for d in notes)}; listed moments: smallest "
          f"{min(listed, default='-')}, all >= the bar: {all(d >= bar for d in listed)}")
    print(f"  moves the test listed whose chances, measured apart, did not show them "
          f"costly (so not called costly): {sum(g.demoted for g in games)}")
    if deals:
        print(f"  deals behind the chances shown: {min(deals)} to {max(deals)} "
              f"(median {sorted(deals)[len(deals) // 2]})")
    print(f"  processor time a game: median "
          f"{sorted(g.seconds for g in games)[len(games) // 2]:.0f} s")
    ok = agree == len(games) and all(d >= bar for d in notes + listed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
