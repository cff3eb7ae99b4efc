"""Model files that change on disk while the daemon runs.

A model is verified (size and sha256, ``modelstore.resolve``) when it is loaded. Most
engines then hold their weights in memory, so a file damaged afterwards only matters at
the next start, which refuses it with the command that repairs it. The GGUF is different:
llama.cpp maps it from disk, so a file rewritten in place changes the running model's
weights too. ``ModelWatch`` remembers what each loaded file looked like (inode, size,
mtime), notices a change with a few ``stat`` calls, re-verifies only then, and says what
the change means (``verdict``, a pure function).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from voice_assistant import modelstore
from voice_assistant.config import Settings

MAPPED_KEYS = {"models.llm"}
"""Settings whose model is read from disk while running (memory-mapped), not copied in;
a task's own model (``tasks.X.model``, a GGUF) is too."""

Signature = tuple[tuple[str, int, int, int], ...]
"""(file, inode, size, mtime_ns) of every file of a model; () when it is gone."""

Verdict = Literal["unchanged", "fine", "running-damaged", "disk-damaged", "unverifiable"]


def signature(path: Path) -> Signature:
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    found = []
    for file in files:
        try:
            st = os.stat(file)
        except OSError:
            continue
        found.append((str(file), st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(found)


def verdict(in_place: bool, mapped: bool, state: str | None) -> Verdict:
    """What a change to a loaded model's files means.

    ``in_place``: the same files (inodes) were rewritten, rather than replaced or removed.
    ``mapped``: the running engine reads the file from disk. ``state``: the manifest check
    of the file now (``ok``, ``missing: …``, ``wrong-sha256: …``), or None for a model given
    as a path, which has no known hash.
    """
    if state is None:
        return "unverifiable"
    if state == "ok":
        return "fine"  # touched, or replaced by a good copy (models install): nothing to do
    if mapped and in_place:
        return "running-damaged"  # the weights in use are the damaged bytes
    return "disk-damaged"  # the running copy was verified at load; the next start will fail


@dataclass
class Loaded:
    key: str
    value: str
    """The setting: a manifest name, or a path."""
    path: Path
    signature: Signature
    mapped: bool


@dataclass(frozen=True)
class Finding:
    key: str
    value: str
    verdict: Verdict
    message: str


class ModelWatch:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.loaded: dict[str, Loaded] = {}

    def record(self, key: str, value: str, path: Path) -> None:
        """Called as a model is loaded (after ``resolve`` verified it)."""
        self.loaded[key] = Loaded(
            key, value, path, signature(path), key in MAPPED_KEYS or key.startswith("tasks.")
        )

    def check(self) -> list[Finding]:
        """Models whose files changed since the last check, and what that means.

        Only a changed signature costs a re-verification (a hash of that model)."""
        findings = []
        for model in self.loaded.values():
            now = signature(model.path)
            if now == model.signature:
                continue
            before = {(f, ino) for f, ino, _, _ in model.signature}
            in_place = bool(now) and {(f, ino) for f, ino, _, _ in now} == before
            state = self._state(model)
            model.signature = now
            result = verdict(in_place, model.mapped, state)
            findings.append(
                Finding(model.key, model.value, result, self._say(model, result, state))
            )
        return findings

    def _state(self, model: Loaded) -> str | None:
        spec = modelstore.load_manifest().get(model.value)
        if spec is None:
            return None
        root = modelstore.models_dir(self.settings)
        state = modelstore.check_model(root, spec, modelstore.Stamps(root), rehash=True)
        return state

    @staticmethod
    def _say(model: Loaded, result: Verdict, state: str | None) -> str:
        what = f"model {model.value} ({model.key}) changed on disk"
        repair = f"run `voice-assistant models install {model.value}`"
        return {
            "unchanged": what,
            "fine": f"{what}; it verifies (sha256 ok)",
            "running-damaged": f"{what} and is damaged ({state}); the running model reads it, "
            f"so turns are refused until it is repaired: {repair}",
            "disk-damaged": f"{what} and is damaged ({state}); the copy in use was verified "
            f"at start and keeps working, but the next start will refuse it: {repair}",
            "unverifiable": f"{what}; it is a path with no known hash, so it was not checked",
        }[result]
