"""What every command prints beside its output, and the exit codes they share."""

from __future__ import annotations

import sys

EXIT_FAILED = 1
"""The command ran, and something it was given failed (a file, a model)."""
EXIT_ERROR = 2
"""The command could not run (bad arguments, configuration, a missing model)."""


def progress(message: str) -> None:
    """A progress line on stderr, so stdout stays the command's output."""
    print(message, file=sys.stderr, flush=True)
