"""Importing markdown and text files: one memory per file, or per heading section.

A file is known by its absolute path and each memory by its section's heading path, so a
re-import of an unchanged file changes nothing, a changed section is updated in place and
a section that disappeared is forgotten. Binary, unreadable and huge files are skipped
and reported, never half-imported; a skipped file keeps the memories an earlier import
made from it. Only regular files are read (a FIFO would block, a device never end), and
symlinks that loop, dangle or point at folders are reported, not followed.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from voice_assistant.memory.metadata import front_matter, leading_metadata
from voice_assistant.memory.store import MemoryStore, content_hash

HEADING = re.compile(r"^(#{1,3})\s+(.+?)\s*#*\s*$")
MARKDOWN = {".md", ".markdown", ".mdown"}


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    text: str
    fields: dict[str, str] = field(default_factory=dict)
    """Front matter and metadata lines (``source: … | written: …``): not part of the text."""


@dataclass
class ImportReport:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    files: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)


def split_markdown(text: str, fallback_title: str) -> list[Section]:
    """Sections at headings (levels 1-3); titles carry their parents ("Doc › Part")."""
    sections: list[Section] = []
    trail: list[tuple[int, str]] = []
    body: list[str] = []

    def flush() -> None:
        content = "\n".join(body).strip()
        if content:
            names = [name for _, name in trail] or [fallback_title]
            key = " › ".join(name for _, name in trail)
            sections.append(Section(key, " › ".join(names), content))
        body.clear()

    in_code = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
        match = None if in_code else HEADING.match(line)
        if match:
            flush()
            level = len(match.group(1))
            trail[:] = [(lvl, name) for lvl, name in trail if lvl < level]
            trail.append((level, match.group(2)))
        else:
            body.append(line)
    flush()
    keys: dict[str, int] = {}
    unique = []
    for section in sections:  # two sections with the same heading path stay distinct
        keys[section.key] = keys.get(section.key, 0) + 1
        key = section.key if keys[section.key] == 1 else f"{section.key} #{keys[section.key]}"
        unique.append(Section(key, section.title, section.text))
    return unique


def _not_regular(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a symlink to a folder, not followed"
    kinds = [(stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device")]
    kind = next((name for test, name in kinds if test(mode)), "a special file")
    return f"not a regular file ({kind})"


def read_text_file(path: Path, max_bytes: int) -> str:
    """The file's text, or ValueError saying why it is not importable."""
    try:
        info = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ValueError("symlink loop (the link leads back to itself)") from exc
        if exc.errno == errno.ENOENT and path.is_symlink():
            raise ValueError(f"broken symlink (its target {os.readlink(path)} is missing)") from exc
        raise
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(_not_regular(info.st_mode))
    if info.st_size > max_bytes:
        raise ValueError(f"too large ({info.st_size:,} bytes; the limit is {max_bytes:,})")
    with path.open("rb") as fh:
        data = fh.read(max_bytes + 1)  # the file may have grown since stat
    if len(data) > max_bytes:
        raise ValueError(f"too large (more than the limit of {max_bytes:,} bytes)")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ValueError("UTF-16 text; save it as UTF-8 to import it")
    if b"\x00" in data[:8192]:
        raise ValueError("binary file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "save it as UTF-8 to import it"
        ) from exc


def sections_of(path: Path, text: str) -> list[Section]:
    """The file's memories; front matter and a section's leading metadata lines become
    its fields (a section's own lines win over the file's front matter)."""
    common, text = front_matter(text)
    if path.suffix.lower() in MARKDOWN:
        sections = split_markdown(text, path.stem)
    else:
        stripped = text.strip()
        sections = [Section("", path.stem, stripped)] if stripped else []
    kept = []
    for section in sections:
        own, body = leading_metadata(section.text)
        if body:
            kept.append(Section(section.key, section.title, body, {**common, **own}))
    return kept


def _real(path: Path) -> Path:
    """The path with symlinks resolved, or as given when they loop."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop, before Python 3.13
        return path.absolute()


def walk(paths: Iterable[Path]) -> Iterable[tuple[Path, str]]:
    """Files to import, each with its project (the folder it was found under).

    Inside a folder every entry but real subfolders is yielded (symlinked folders are not
    descended into), so ``import_file`` can report what it cannot import.
    """
    for root in paths:
        if root.is_dir():
            for path in sorted(root.rglob("*")):
                hidden = any(part.startswith(".") for part in path.relative_to(root).parts)
                if hidden or (path.is_dir() and not path.is_symlink()):
                    continue
                yield path, _real(root).name
        else:
            yield root, _real(root).parent.name


def import_file(
    store: MemoryStore, path: Path, project: str, report: ImportReport, max_bytes: int
) -> None:
    try:
        text = read_text_file(path, max_bytes)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        report.skipped.append(
            (str(path), f"unreadable: {reason}" if isinstance(exc, OSError) else reason)
        )
        return
    origin = str(_real(path))
    kind = "markdown" if path.suffix.lower() in MARKDOWN else "text"
    sections = sections_of(path, text)
    known = store.by_origin(origin)
    store.readings.prepare(  # what this import writes, read in one pass of the parser
        [
            (s.title, s.text, s.fields)
            for s in sections
            if (old := known.get(s.key)) is None
            or old.content_hash != content_hash(s.title, s.text)
            or old.fields != s.fields
        ]
    )
    with store.transaction():
        existing = store.by_origin(origin)
        for section in sections:
            old = existing.pop(section.key, None)
            owner = section.fields.get("project") or project
            if old is None:
                store.add(
                    section.text,
                    section.title,
                    "file",
                    kind,
                    owner,
                    origin,
                    section.key,
                    fields=section.fields,
                )
                report.added += 1
            elif (
                old.content_hash != content_hash(section.title, section.text)
                or old.fields != section.fields
                or old.project != owner
            ):
                store.update(
                    old.id, section.title, section.text, fields=section.fields, project=owner
                )
                report.updated += 1
            else:
                report.unchanged += 1
        for gone in existing.values():
            store.forget(gone.id)
            report.removed += 1
    report.files += 1


def import_paths(
    store: MemoryStore,
    paths: Iterable[Path],
    project: str | None = None,
    max_bytes: int = 1_000_000,
    progress: Callable[[int, Path], None] | None = None,
) -> ImportReport:
    report = ImportReport()
    for index, (path, found_project) in enumerate(walk(paths)):
        if not path.exists() and not path.is_symlink():
            report.skipped.append((str(path), "does not exist"))
            continue
        import_file(store, path, project or found_project, report, max_bytes)
        if progress:
            progress(index + 1, path)
    return report
