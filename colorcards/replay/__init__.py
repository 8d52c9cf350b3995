"""Games kept whole: the replay file, stepping through a game, and its review.

Imports the engine and the bots only, never Textual or sqlite: the store keeps what
`KeptGame` writes, the TUI shows what `frames` and `review` compute.
"""

from .kept import FORMAT, VERSION, KeptGame, ReplayError, decode_actions, encode_actions

__all__ = ["FORMAT", "VERSION", "KeptGame", "ReplayError", "decode_actions", "encode_actions"]
