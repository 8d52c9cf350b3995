"""The Textual table: renders the engine's views and forwards the player's input."""
