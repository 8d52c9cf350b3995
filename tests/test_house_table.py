"""The house rules at the table (RULES.md §10), the controller alone, its clock by hand:
the player's jump-in offer with its key and its time, the computers' offers answered at
a pace that says nothing, the swap's chooser, the 0's passing said in the log, partners
on the tags and in the results; and a game under every house rule saved and continued."""

from __future__ import annotations

import dataclasses
import io
import json

from rich.console import Console

from colorcards.bots.base import RandomPlayer
from colorcards.cli import main
from colorcards.engine import (
    DecisionKind,
    Play,
    Swap,
    get_preset,
    next_decision,
    parse_card,
    parse_cards,
    play,
)
from colorcards.session.prompts import clock_text, prompt
from colorcards.session.results import results_data
from colorcards.session.seating import Seating
from colorcards.settings import GameSettings
from colorcards.store import Store
from colorcards.tui.presenter import side_labels
from colorcards.tui.screens.results import headline, order_note, standings
from engine_helpers import position
from test_tui_controller import ManualHost, controller, human_move


def seated(literal: str, difficulty: str = "normal", current: int = 0,
           state: dict | None = None, **changes):
    """The controller of a table at `literal` (four seats: you, Lily, Max, Zoe; `current`
    to act; `state` more of the position's fields, as `position` takes them), its host
    keeping time by hand."""
    rules = get_preset("color-cards").rules(**changes)
    game = position(literal, rules, current=current, **(state or {}))
    settings = GameSettings(difficulty=difficulty, opponents=game.seats - 1,
                            changes=changes)
    host = ManualHost()
    return controller(Seating.at(game, settings), host), host


class LetsGo(RandomPlayer):
    """A computer that never jumps in (nor catches)."""

    def react(self, view, legal, rng):
        return None


def test_the_player_is_offered_a_jump_in_with_its_key_and_its_time():
    """Holding the very card just played, the player is offered the jump: the prompt
    says so with its key, the bar's clock counts the offer's seconds down, the next
    player waits; J (an act of the card) jumps in, and play goes on from the player."""
    ctl, host = seated("top=R5 offers=0 | you: R5 B7 G1 | lily: Y2 Y3 | max: G4 G5 | "
                       "zoe: B1 B2", current=1, jump_in="on")
    ctl.start()
    assert ctl.jump_offer() == play(parse_card("R5"))
    said = prompt(ctl, ctl.view(), "classic", False)
    assert said.startswith("Jump in? You hold Red 5 ● too: J (or a click on it) plays it")
    assert clock_text(ctl, ctl.view(), False) == "J: jump in · 5 s"
    host.run(4.5)
    assert ctl.jump_offer() is not None and len(ctl.game.hands[1]) == 2  # Lily waits
    ctl.act(ctl.jump_offer())
    assert ctl.log[-1] == "You jumped in with Red 5."
    assert ctl.game.current == 1 and ctl.jump_offer() is None


def test_a_jump_in_let_go_leaves_no_trace():
    """Not taken in its time, the offer goes by: nothing is said of it, and play goes
    on to the next player as if there had been none."""
    ctl, host = seated("top=R5 offers=0 | you: R5 B7 G1 | lily: Y2 Y3 | max: G4 G5 | "
                       "zoe: B1 B2", current=1, jump_in="on")
    ctl.start()
    logged = list(ctl.log)
    host.run(5.01)
    assert ctl.jump_offer() is None and ctl.log == logged
    assert ctl.game.actions[-1][1].kind == "decline"
    assert all(e.kind != "jumped-in" for e in ctl.view().history)


def test_a_computers_offer_let_go_passes_at_once():
    """A computer offered a jump-in that lets it go answers at once: the player, next,
    may play straight away, as if nobody could have jumped."""
    ctl, _host = seated("top=R5 offers=2 | you: R6 B7 G1 | lily: Y2 Y3 | max: R5 G5 | "
                       "zoe: B1 B2", current=0, jump_in="on")
    ctl.players[2] = LetsGo()
    ctl.start()
    assert ctl.my_turn and "R6" in {a.card.code for a in ctl.legal() if isinstance(a, Play)}
    assert ctl.game.offers == ()


def test_a_computer_jumps_in_at_once_and_the_player_never_waits_on_a_lost_turn():
    """A Hard computer holding the very card jumps in as soon as the card is played, as
    an offer let go passes at once: the player, next, is never shown a turn of theirs
    with nothing to play while a jump is coming (the tell seen in tmux: 'you cannot
    play or draw'), and play goes on from the jumper, past the player."""
    ctl, host = seated("top=R5 offers=2 | you: R6 B7 G1 | lily: Y2 Y3 | max: R5 G5 G6 | "
                       "zoe: B1 B2", difficulty="hard", current=0, jump_in="on")
    ctl.start()
    assert ctl.log[-1].startswith("Max jumped in with Red 5")
    assert ctl.game.current == 3 and not ctl.my_turn
    host.run(ctl.delay)
    assert ctl.log[-1].startswith("Zoe ")  # the next move comes one pause later, as any


def test_the_players_seven_asks_whom_to_swap_with_and_the_log_says_it():
    ctl, host = seated("top=R3 | you: R7 B2 G5 | lily: Y1 | max: G1 G2 G3 | zoe: B5 B6",
                       seven_zero="on")
    ctl.start()
    ctl.act(play(parse_card("R7")))
    host.run(0)
    assert host.swaps_asked == 1 and ctl.swap_choices() == [1, 2, 3]
    assert prompt(ctl, ctl.view(), "classic", False).startswith("Your 7: choose whose hand")
    ctl.act(Swap(1))
    assert [c.code for c in ctl.hand()] == ["Y1"]
    assert ctl.log[-1] == "You swapped hands with Lily."


def test_a_zeros_passing_of_hands_is_said_in_the_log():
    ctl, _host = seated("top=R3 | you: R0 B2 G5 | lily: Y1 | max: G1 G2 G3 | zoe: B5 B6",
                       seven_zero="on")
    ctl.start()
    ctl.act(play(parse_card("R0")))
    assert ctl.log[-1] == ("You played Red 0 — every hand in the round passed on "
                           "clockwise, to the next player.")
    assert [c.code for c in ctl.hand()] == ["B5", "B6"]


def test_partners_are_marked_on_the_tags_and_win_together():
    """Max, across the table, is your partner: his tag says so, the others' say who they
    play with; Max going out wins the round and the match for your side."""
    names = ["You", "Lily", "Max", "Zoe"]
    rules = get_preset("party").rules(partners="on")
    assert side_labels(names, rules) == ["", "with Zoe", "your partner", "with Lily"]
    assert side_labels(names, get_preset("party").rules()) == ["", "", "", ""]
    ctl, host = seated("top=R3 called=2 | you: G7 G8 | lily: Y1 Y2 | max: R5 | zoe: B9 W",
                       current=2, partners="on", draw="when-stuck")
    ctl.start()
    host.run(ctl.delay)
    assert ctl.game.is_over and ctl.game.winners == (0, 2)
    data = results_data(ctl)
    assert data.partner == 2 and headline(data) == "Max went out first — your side wins!"
    console = Console(width=80, file=io.StringIO(), color_system=None)
    console.print(standings(data))
    rows = console.file.getvalue()
    assert "Max · your partner" in rows and "Lily · Computer" in rows
    assert order_note(data) == ""  # nobody placed above fewer cards
    held_more = dataclasses.replace(data, cards_left=[parse_cards("G7 G8 B1"), parse_cards(
        "Y1"), [], parse_cards("B9 W")])
    assert order_note(held_more).startswith("The winning side places first; after it, ")


def test_a_game_under_every_house_rule_is_saved_and_continued_exactly(tmp_path, capsys):
    """Played to its end with every house rule on, the game as saved after each move
    (the store's save, as Continue reads it) is the game at the table: the same state,
    the same decision next, what each seat knows of the others' hands included. Its
    export replays to its result, and the side's result is the player's in the records."""
    changes = {"seven_zero": "on", "jump_in": "on", "draw_count": "until-playable",
               "drawn_card": "must-play", "stacking": "any", "partners": "on"}
    settings = GameSettings(preset="color-cards", opponents=3, changes=changes)
    host = ManualHost()
    kinds = set()
    with Store.open(tmp_path) as store:
        ctl = controller(Seating.new(settings, seed=25), host, store=store)
        ctl.start()
        for _ in range(5000):
            if ctl.game.is_over:
                break
            if ctl.between_rounds:
                host.run(1)
                ctl.next_round()
                continue
            offered = ctl.jump_offer() is not None
            action = human_move(ctl) if (ctl.my_turn or offered or ctl.view().vulnerable
                                         is not None) else None
            if action is not None and action in ctl.legal():
                ctl.act(action)
            else:
                host.run(ctl.delay)
            host.drawn()
            decision = next_decision(ctl.game)
            if decision is None:
                continue
            kinds.add(decision.kind)
            saved = store.load_game()
            assert saved is not None
            assert saved.game.to_json(logs=False) == ctl.game.to_json(logs=False)
            assert next_decision(saved.game) == decision
            assert [saved.game.view(s).known for s in range(4)] == \
                [ctl.game.view(s).known for s in range(4)]
        assert ctl.game.is_over
    assert {DecisionKind.TURN, DecisionKind.JUMP} <= kinds  # saved with an offer pending too
    assert {"swapped", "hands-passed"} <= {e.kind for e in ctl.game.history}
    assert any(isinstance(a, Swap) for _s, a in ctl.game.actions)
    exported = tmp_path / "game.json"
    assert main(["--data-dir", str(tmp_path), "export", "last"]) == 0
    exported.write_text(capsys.readouterr().out)
    assert json.loads(exported.read_text())["options"]["seven_zero"] == "on"
    assert main(["replay", str(exported), "--check"]) == 0
    assert "replays to its recorded result" in capsys.readouterr().out
    with Store.open(tmp_path) as store:  # the side's win is the player's win
        [record] = store.records()
        assert record.result == ("win" if 0 in ctl.game.winners else "loss")


def test_the_review_weighs_the_players_swaps_and_jump_ins():
    """A jump-in offered to the player and the choice after their 7 are decisions of
    theirs with a choice: the review lists them among those it weighs."""
    from colorcards.engine import DECLINE
    from colorcards.replay.review import decisions_of

    offered = position("top=R5 offers=0 | you: R5 B7 G1 | lily: Y2 Y3 | max: G4 G5 | "
                       "zoe: B1 B2", get_preset("color-cards").rules(jump_in="on"), current=1)
    [jump] = decisions_of(offered, [(0, DECLINE)])
    assert jump.made is DECLINE and set(jump.legal) == {play(parse_card("R5")), DECLINE}
    seven = position("top=R3 | you: R7 B2 G5 | lily: Y1 | max: G1 G2 G3 | zoe: B5 B6",
                     get_preset("color-cards").rules(seven_zero="on"))
    found = decisions_of(seven, [(0, play(parse_card("R7"))), (0, Swap(1))])
    assert [d.made for d in found] == [play(parse_card("R7")), Swap(1)]
    assert found[1].legal == (Swap(1), Swap(2), Swap(3))


def test_the_narrow_tables_list_marks_the_partner():
    """On a narrow table (a phone held upright) the list of opponents marks the player's
    partner after the name; without partners nobody is marked."""
    from colorcards.tui.widgets.narrow import opponents

    names = ["You", "Lily", "Max", "Zoe"]
    literal = "top=R3 | you: G7 G8 | lily: Y1 Y2 | max: R5 | zoe: B9 W"
    for changes, marked in (({"partners": "on"}, ["Lily", "Max (partner)", "Zoe"]),
                            ({}, ["Lily", "Max", "Zoe"])):
        game = position(literal, get_preset("party").rules(**changes))
        assert [o.name for o in opponents(game.view(0), names.__getitem__, False)] == marked


def test_a_computers_reason_follows_its_move_after_a_long_draw():
    """Drawing until it can play (house rule `draw_count`), a computer's draw and its move
    are one line: the public fact behind the move follows the move, not the draw."""
    ctl, host = seated("top=R3 | you: G7 G8 | lily: B1 B2 | max: Y5 Y6 | zoe: B5 B6 | "
                       "pile: Y1 Y2 W+4 ...", current=1, state={"direction": -1},
                       draw_count="until-playable", drawn_card="must-play",
                       draw="when-stuck")
    ctl.start()
    for _ in range(4):
        host.run(ctl.delay)
        host.drawn()
    line = next(line for line in ctl.log if line.startswith("Lily drew 3 cards"))
    assert line.startswith("Lily drew 3 cards — Lily played Wild Draw Four and named ")
    assert ", aimed at you: you were next, down to two cards — you must draw 4" in line
