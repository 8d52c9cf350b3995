"""The engine's errors. Each message is written for a player, not a programmer."""


class EngineError(ValueError):
    """Base of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action the rules do not allow now. The game is left unchanged."""


class RulesError(EngineError):
    """A rule option, preset or seat count the rulebook does not allow."""


class StateError(EngineError):
    """A saved game state that cannot be loaded: malformed, foreign or inconsistent."""
