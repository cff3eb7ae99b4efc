"""``voice-assistant memory …``: import, add, search, list, forget."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from pathlib import Path

from voice_assistant.assembly import open_store
from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError
from voice_assistant.memory.importer import import_paths
from voice_assistant.memory.store import Memory


def _line(memory: Memory) -> str:
    day = dt.datetime.fromtimestamp(memory.updated).strftime("%Y-%m-%d")
    where = ", ".join(part for part in (memory.kind, memory.project) if part)
    first = " ".join(memory.text.split())[:80]
    return f"{memory.id:>5}  {day}  {memory.title or '(untitled)'} [{where}]  {first}"


def run_memory_command(settings: Settings, args: argparse.Namespace) -> int:
    store = open_store(settings, Engines(settings))
    command = args.command_name
    if command == "import":
        missing = [str(p) for p in args.paths if not Path(p).exists()]
        if missing:
            raise AssistantError("no-input", f"nothing to import at: {', '.join(missing)}")

        def progress(count: int, path: Path) -> None:
            if count % 50 == 0:
                print(f"  {count} file(s)… {path.name}", file=sys.stderr, flush=True)

        started = time.monotonic()
        report = import_paths(
            store, args.paths, args.project, settings.research.import_max_bytes, progress
        )
        elapsed = time.monotonic() - started
        written = report.added + report.updated
        print(
            f"{report.files} file(s): {report.added} added, {report.updated} updated, "
            f"{report.unchanged} unchanged, {report.removed} removed; "
            f"{len(report.skipped)} skipped; {store.count()} memories in all"
        )
        if written:  # each note written is read by the parser (and embedded) once
            print(f"  {written} note(s) read in {elapsed:.1f} s ({written / elapsed:.0f}/s)")
        for path, reason in report.skipped:
            print(f"  skipped {path}: {reason}")
        return 0
    if command == "add":
        memory_id = store.add(" ".join(args.text), args.title, "cli", "note", args.project)
        print(f"added memory {memory_id}")
        return 0
    if command == "search":
        hits = store.search(" ".join(args.query), args.limit)
        for hit in hits:
            print(f"{hit.score:6.2f} {_line(hit.memory)}")
        if not hits:
            print("no memories match")
        return 0
    if command == "list":
        for memory in store.recent(args.limit):
            print(_line(memory))
        print(f"{store.count()} memories in all")
        return 0
    if command == "forget":
        if not store.forget(args.id):
            raise AssistantError("no-such-memory", f"there is no memory {args.id}")
        print(f"forgot memory {args.id}")
        return 0
    raise AssistantError("usage", f"unknown memory command {command}")
