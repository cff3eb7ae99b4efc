"""The command line: every ``voice-assistant`` command's entry point. ``main`` is the
console script's (``voice_assistant.cli:main``), and ``python -m voice_assistant``'s."""

from voice_assistant.cli.entry import main

__all__ = ["main"]
