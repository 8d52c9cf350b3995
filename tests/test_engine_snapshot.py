"""Issue 28: a view is a snapshot that shares nothing mutable with the game and reaches
no secret; `legal_actions` says what `next_decision` offers; the engine's modules import
each other in one direction."""

import dataclasses
import enum
import gc
import importlib
import json
import pkgutil
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

import colorcards.bots
import colorcards.engine
from colorcards.engine import (
    DECLINE,
    Decision,
    DecisionKind,
    Game,
    LastCard,
    Play,
    get_preset,
    next_decision,
)
from colorcards.engine.events import Drew
from colorcards.engine.view import CHUNK
from test_layers import PACKAGE, imported_modules

CASES = [("color-cards", 4), ("classic", 3), ("duel", 2), ("party", 6)]


def random_play(game: Game, rng: random.Random, steps: int) -> None:
    """Play `steps` random decisions on (fewer if the match ends)."""
    for _ in range(steps):
        d = next_decision(game)
        if d is None:
            return
        game.step(rng.choice(d.actions), d.seat)


def snapshot(view) -> tuple:
    """Everything a view says, by value."""
    return (view.as_json(), view.history, view.history_since(5), view.recent(7),
            view.history_length, view.colour_before_top(), view.unseen())


@pytest.mark.parametrize("preset,seats", CASES)
def test_a_view_taken_stays_as_it_was_while_the_game_goes_on(preset, seats):
    """A view taken, the game played on (to the end of the match), the view says
    exactly what it said: it is a snapshot, not a window onto the game."""
    rng = random.Random(seats)
    game = Game(get_preset(preset).rules(), seats, 11)
    kept = []
    for _ in range(12):
        random_play(game, rng, 40)
        for seat in range(seats):
            view = game.view(seat)
            kept.append((view, snapshot(view)))
    random_play(game, rng, 100_000)
    assert game.is_over and len(game.history) > kept[0][0].history_length
    assert preset == "duel" or max(v.history_length for v, _ in kept) > 3 * CHUNK
    for view, said in kept:
        assert snapshot(view) == said


def test_writing_into_a_view_is_refused_and_changes_nothing():
    """Nothing a view holds can be written into: the view, its tuples and its events
    refuse, and the game (and a view taken again) is as it was."""
    game = Game(get_preset("color-cards").rules(), 4, 3)
    random_play(game, random.Random(3), 300)
    view = game.view(1)
    before = (game.dumps(), snapshot(game.view(1)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    events = view.history
    with pytest.raises(dataclasses.FrozenInstanceError):
        events[-1].seat = 3  # type: ignore[misc]
    drew = next(e for e in events if isinstance(e, Drew) and e.seat == 1 and e.cards)
    with pytest.raises(dataclasses.FrozenInstanceError):
        drew.cards = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.hand[0] = view.hand[-1]  # type: ignore[index]
    mutable = [o for o in reachable_from([view]) if is_mutable(o)]
    assert mutable == []
    assert (game.dumps(), snapshot(game.view(1))) == before


# -- the object graph around a view


def is_mutable(obj: object) -> bool:
    """A container or object that can be written into (enum members and classes are
    shared constants, frozen dataclasses and tuples are not writable)."""
    if isinstance(obj, (list, dict, set, bytearray)):
        return True
    if isinstance(obj, (type, types.ModuleType, enum.Enum, types.FunctionType)):
        return False
    return hasattr(obj, "__dict__")


def _ours(obj: object) -> bool:
    """A class or function defined in the engine or the computer players."""
    module = getattr(obj, "__module__", "") or ""
    return module.startswith(("colorcards.engine", "colorcards.bots"))


def module_roots() -> list:
    """What the engine's and the players' modules hold: their globals, the attributes
    of their classes, and what their functions keep (defaults, closures)."""
    names = [m.name for pkg in (colorcards.engine, colorcards.bots)
             for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
    roots: list = []
    seen: set[int] = set()
    todo = [vars(importlib.import_module(n)) for n in names]
    while todo:
        namespace = todo.pop()
        for value in list(namespace.values()):
            if id(value) in seen:
                continue
            seen.add(id(value))
            if isinstance(value, type):
                if _ours(value):
                    todo.append(dict(vars(value)))
            elif isinstance(value, (types.FunctionType, types.MethodType, classmethod,
                                    staticmethod, property)):
                func = getattr(value, "__func__", None) or getattr(value, "fget", None) or value
                if isinstance(func, types.FunctionType) and _ours(func):
                    roots += [func.__defaults__, func.__kwdefaults__]
                    roots += [cell.cell_contents for cell in func.__closure__ or ()
                              if cell.cell_contents is not None]
            elif not isinstance(value, types.ModuleType):
                roots.append(value)
    return roots


def reachable_from(roots: list, referrers: bool = False) -> list:
    """Every object reachable from `roots` through what each refers to (not into
    classes, modules, code or enum members: those are code and constants, not data);
    with `referrers`, also through `gc.get_referrers` of every writable object found,
    as a player could walk the heap back from what it was given. (Searched in waves:
    one heap scan finds the holders of a whole wave's writable objects.)"""
    gc.collect()  # what earlier tests dropped is not anybody's to reach
    seen: dict[int, object] = {}
    wave = list(roots)
    # Module namespaces are where a search stops: every module is reachable by import
    # anyway (the engine's and players' own are roots of `module_roots`), and through
    # them the whole process, the test runner's records included.
    own = {id(seen), id(roots), *(id(vars(m)) for m in list(sys.modules.values()))}
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
            types.CodeType, types.FrameType, types.MethodType)
    while wave:
        own.add(id(wave))
        writable = []
        stack, wave = wave, []
        own.add(id(stack))
        while stack:
            obj = stack.pop()
            if id(obj) in seen or isinstance(obj, skip):
                continue
            seen[id(obj)] = obj
            if isinstance(obj, enum.Enum):
                continue  # a shared constant: its attributes are the enum's, not the view's
            stack.extend(gc.get_referents(obj))
            if referrers and is_mutable(obj):
                writable.append(obj)
        if writable:
            own.add(id(writable))
            wave = [holder for holder in gc.get_referrers(*writable)
                    if id(holder) not in own and not isinstance(holder, types.FrameType)]
    return list(seen.values())


def _plays_of(decision: Decision) -> set:
    """The cards a decision offers to play."""
    return {a.card for a in decision.actions if isinstance(a, Play)}


def secrets_reached(game: Game, seat: int, found: list) -> list[str]:
    """What of another seat's cards (or the game itself) the objects `found` show."""
    hidden = {id(game): "the game", id(game.history): "the game's history",
              id(game.draw_pile): "the draw pile", id(game.rng): "the game's generator"}
    for other, hand in enumerate(game.hands):
        if other != seat:
            hidden[id(hand)] = f"seat {other}'s hand"
    theirs = [[c.code for c in h] for s, h in enumerate(game.hands) if s != seat and len(h) > 1]
    leaks = []
    for obj in found:
        if id(obj) in hidden:
            leaks.append(hidden[id(obj)])
        elif isinstance(obj, Game):
            leaks.append("a game")
        elif isinstance(obj, Drew) and obj.cards and obj.seat != seat:
            leaks.append(f"seat {obj.seat}'s drawn cards")
        elif isinstance(obj, Decision) and obj.seat not in (None, seat) \
                and _plays_of(obj) and _plays_of(obj) <= set(game.hands[obj.seat]):
            leaks.append(f"seat {obj.seat}'s playable cards")
        elif isinstance(obj, (list, tuple)) and obj and all(hasattr(c, "code") for c in obj) \
                and [c.code for c in obj] in theirs:
            leaks.append("another seat's hand, copied")
    return sorted(set(leaks))


def leaks_from(view, game: Game) -> list[str]:
    """What a search from `view` and the modules finds of `view.seat`'s secrets (in a
    function of its own: what one search found is gone before the next starts, or the
    next would find it through its holders)."""
    # Other tests' games left in this process (a test worker's) are not this game's
    # secrets: what is garbage goes first, and a decision counts only if it offers cards
    # of this game's hands.
    gc.collect()
    found = reachable_from([view, *module_roots()], referrers=True)
    assert any(obj is view for obj in found)
    return secrets_reached(game, view.seat, found)


def search_views(preset: str, seats: int) -> dict:
    """The search below, in the process it runs in: each seat's view of a game (with
    another game played alongside) searched twice as the game goes on; what each search
    found, by seat, and what was searched."""
    rng = random.Random(7)
    game = Game(get_preset(preset).rules(), seats, 5)
    elsewhere = Game(get_preset(preset).rules(), seats, 6)
    leaks: dict[str, list[str]] = {}
    checked = own_draws = 0
    for _ in range(2):
        random_play(game, rng, 90)
        random_play(elsewhere, rng, 90)
        for seat in range(seats):
            view = game.view(seat)
            own_draws += any(isinstance(e, Drew) and e.cards for e in view.history)
            found = leaks_from(view, game)
            if found:
                leaks.setdefault(f"seat {seat}", []).extend(found)
            checked += 1
    return {"leaks": leaks, "checked": checked, "own_draws": own_draws}


@pytest.mark.parametrize("preset,seats", [("color-cards", 4), ("duel", 2)])
def test_nothing_reachable_from_a_view_or_the_modules_shows_another_seats_cards(preset, seats):
    """Fair by construction: from a view (its attributes and everything they hold, and
    back through `gc.get_referrers` from anything writable) and from the globals of the
    engine's and the players' modules, no seat reaches the game, another hand, the
    draw pile, another seat's drawn cards or another seat's playable cards. Played
    while other games run in the same process (the caches of old were process-wide).

    The search runs in a fresh interpreter that imports this module and nothing of the
    test runner's: every `gc.get_referrers` scans the whole heap, and a test worker's
    (pytest, Textual, every earlier test's leftovers) is many times the engine's, and
    the search as many times as slow. What it looks for is the engine's and the
    players' own objects, and they are all there."""
    here = Path(__file__).parent
    script = ("import json, sys; sys.path.insert(0, sys.argv[1]); "
              "import test_engine_snapshot as t; "
              "print(json.dumps(t.search_views(sys.argv[2], int(sys.argv[3]))))")
    done = subprocess.run([sys.executable, "-c", script, str(here), preset, str(seats)],
                          cwd=here.parent, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["leaks"] == {}
    # views that hold cards of their own
    assert result["checked"] == 2 * seats and result["own_draws"] >= seats


def test_the_search_finds_a_secret_where_there_is_one():
    """The search above is not blind: handed the game's own history, or a list that
    holds a view and sits in a holder that also holds the game, it finds them."""
    game = Game(get_preset("duel").rules(), 2, 5)
    random_play(game, random.Random(1), 60)
    assert "the game's history" in secrets_reached(game, 0, reachable_from([game.history]))
    holder = [game]
    shared = [game.view(0)]
    holder.append(shared)
    assert "the game" in secrets_reached(game, 0, reachable_from([shared], referrers=True))


# -- one authority for who acts next


def offered_later(game: Game, seat: int) -> tuple:
    """What `next_decision` offers `seat` (less DECLINE) before the position changes:
    now, or after the seats asked before it let their chance go by. () if never."""
    probe = game.copy()
    while (d := next_decision(probe)) is not None:
        if d.seat == seat:
            return d.actions[:-1] if d.kind is DecisionKind.REACTION else d.actions
        if d.kind is not DecisionKind.REACTION:
            return ()
        probe.step(DECLINE, d.seat)
    return ()


@pytest.mark.parametrize("preset,seats", [*CASES, ("colour-match", 3)])
def test_legal_actions_are_what_next_decision_offers(preset, seats):
    """At every step of random matches, each seat's legal actions are exactly what
    `next_decision` offers it, now or when its turn to answer comes; a seat it will not
    ask may do nothing, and nothing but the listed actions is accepted from it."""
    rng = random.Random(seats * 31)
    reactions = declined = 0
    for seed in range(4 if preset != "classic" else 1):
        game = Game(get_preset(preset).rules(), seats, seed)
        while (d := next_decision(game)) is not None:
            for seat in range(seats):
                legal = game.legal_actions(seat)
                assert legal == offered_later(game, seat), (seat, d, game.reactions)
                for action in legal:
                    assert game.can_apply(action, seat)
            if d.seat is None:
                assert game.legal_actions(None) == (d.actions if d.kind is DecisionKind.DEAL
                                                     else ())
            else:
                assert game.legal_actions() == game.legal_actions(game.current)
            if d.kind is DecisionKind.REACTION:
                reactions += 1
                action = rng.choice(d.actions)
                declined += action is DECLINE
            else:
                action = rng.choice(d.actions)
            game.step(action, d.seat)
    if get_preset(preset).rules().last_card is LastCard.CATCH:
        assert reactions > 0 and declined > 0


def test_a_seat_that_let_the_chance_go_by_may_no_longer_catch():
    """The case that disagreed: after declining, a seat's Catch is refused in words."""
    from engine_helpers import position, run
    game = position("top=R3 | you: R5 R6 | lily: G3 Y4 Y5 | zoe: Y1 B7 B8 | pile: R9 ...",
                    get_preset("classic").rules(last_card="catch", last_card_window=0))
    run(game, "R5")  # down to one card without a call: lily and zoe are asked
    d = next_decision(game)
    assert d.kind is DecisionKind.REACTION
    while d.seat != 2:
        game.step(DECLINE, d.seat)
        d = next_decision(game)
    game.step(DECLINE, 2)
    assert game.vulnerable == 0 and game.legal_actions(2) == ()
    assert not game.can_apply(game.legal_actions(1)[-1], 2)


# -- the import order


def test_the_engine_modules_import_each_other_in_one_direction():
    """No import circle inside the engine (type-checking imports count too): game,
    view, serial and explain once imported each other in a circle."""
    engine = PACKAGE / "engine"
    graph = {}
    for path in engine.glob("*.py"):
        name = f"colorcards.engine.{path.stem}"
        graph[name] = {m for m in imported_modules(path)
                       if m.startswith("colorcards.engine.") and m != name}
    assert "colorcards.engine.game" in graph["colorcards.engine.serial"]
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(name: str, trail: tuple[str, ...]) -> None:
        if state.get(name) == "done":
            return
        assert state.get(name) != "open", f"import circle: {' -> '.join((*trail, name))}"
        state[name] = "open"
        for dep in sorted(graph.get(name, ())):
            visit(dep, (*trail, name))
        state[name] = "done"
        order.append(name)

    for name in sorted(graph):
        visit(name, ())
    assert len(order) == len(graph)


def test_the_module_roots_cover_the_engine_and_the_players():
    """The module walk above sees the engine's tables (it is not searching nothing)."""
    roots = module_roots()
    precomputed = sys.modules["colorcards.engine.precomputed"]
    assert any(r is precomputed.PLAYED for r in roots)
    assert any(r is precomputed.PLAYS for r in roots)
    assert Path(colorcards.bots.__file__).parent.name == "bots"
