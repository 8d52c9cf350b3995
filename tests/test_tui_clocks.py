"""The table's clocks: one moment, one countdown; a pause keeps the time left."""

from colorcards.session.clocks import Countdown


class Hand:
    """Time kept by hand: `schedule` records timers, `run(seconds)` moves time on."""

    def __init__(self):
        self.time = 0.0
        self.timers: list[list] = []

    def now(self) -> float:
        return self.time

    def schedule(self, seconds, callback):
        entry = [self.time + seconds, callback, True]
        self.timers.append(entry)

        class Stop:
            def stop(self_inner):
                entry[2] = False

        return Stop()

    def run(self, seconds: float) -> None:
        self.time += seconds
        for entry in list(self.timers):
            if entry[2] and entry[0] <= self.time:
                entry[2] = False
                entry[1]()


def countdown(hand: Hand, rang: list) -> Countdown:
    return Countdown(hand, lambda: rang.append(hand.time))


def test_it_rings_once_when_the_time_is_up():
    hand, rang = Hand(), []
    clock = countdown(hand, rang)
    clock.start("turn 1", 3.0)
    assert clock.left() == 3.0 and clock.deadline == 3.0
    hand.run(2.0)
    assert rang == [] and clock.left() == 1.0
    hand.run(1.0)
    hand.run(5.0)
    assert rang == [3.0] and clock.left() is None and clock.deadline is None


def test_starting_again_for_the_same_moment_leaves_it_running():
    hand, rang = Hand(), []
    clock = countdown(hand, rang)
    clock.start("turn 1", 3.0)
    hand.run(2.0)
    clock.start("turn 1", 3.0)  # the table redrawn: same turn, same clock
    hand.run(1.0)
    assert rang == [3.0]
    clock.start("turn 2", 3.0)  # a new turn: a fresh clock
    assert clock.left() == 3.0


def test_a_hold_keeps_the_time_left_for_that_moment_only():
    hand, rang = Hand(), []
    clock = countdown(hand, rang)
    clock.start("turn 1", 3.0)
    hand.run(2.0)
    clock.hold()  # a pause
    assert clock.left() is None
    hand.run(60.0)
    assert rang == []
    clock.start("turn 1", 3.0)  # back: the second it had left
    assert clock.left() == 1.0
    hand.run(1.0)
    assert rang == [63.0]
    clock.start("turn 1", 3.0)  # the held time was spent: a restart is whole
    assert clock.left() == 3.0


def test_cancel_forgets_the_moment():
    hand, rang = Hand(), []
    clock = countdown(hand, rang)
    clock.start("window", 3.0)
    hand.run(2.0)
    clock.hold()
    clock.cancel()
    clock.start("window", 3.0)
    assert clock.left() == 3.0
    clock.cancel()
    hand.run(10.0)
    assert rang == []
