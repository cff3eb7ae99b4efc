"""Metadata in imported files: front matter and ``key: value | key: value`` lines.

Notebooks and note apps put metadata at the top of a file (``---`` front matter) or under
a heading (``source: notebook | kind: business | written: 2026-11-02``). It describes a
memory (where it came from, which project, when it was written), so it becomes the
memory's fields at import: never text that a model reads as the note and copies into a
spoken reply.
"""

from __future__ import annotations

import datetime as dt
import re

from voice_assistant.language.lexicon import LEXICON, words

FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
_PAIR = re.compile(r"^\s*([A-Za-z][\w-]{0,30})\s*:\s*(.*?)\s*$")
DATE_KEYS: tuple[str, ...] = tuple(LEXICON["notes"]["date_keys"])
"""The keys that say when a memory was written, the first found first."""
KNOWN_KEYS = words("notes", "metadata_keys") | frozenset(DATE_KEYS)
"""A single ``key: value`` line is metadata only with one of these keys ("Note: bring
the card" is text); two or more pairs joined by ``|`` are metadata whatever the keys."""


def _pair(text: str) -> tuple[str, str] | None:
    match = _PAIR.match(text)
    if match is None or not match.group(2):
        return None
    return match.group(1).lower(), match.group(2).strip().strip("\"'")


def front_matter(text: str) -> tuple[dict[str, str], str]:
    """The fields of a leading ``---`` block of ``key: value`` lines, and the text after it.
    List items and comments inside the block are skipped; text without one is unchanged."""
    match = FRONT_MATTER.match(text)
    if match is None:
        return {}, text
    fields: dict[str, str] = {}
    for line in match.group(1).splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "- ")) or re.fullmatch(r"[\w-]+:", stripped):
            continue  # blank, a comment, a list item or the key of a list
        pair = _pair(line)
        if pair is None:
            return {}, text  # not a block of key: value lines: leave the text as it is
        fields[pair[0]] = pair[1]
    return fields, text[match.end() :]


def metadata_line(line: str) -> dict[str, str] | None:
    """The fields of one metadata line, or None if it is ordinary text."""
    pairs = [_pair(part) for part in line.split("|")]
    if not pairs or any(p is None for p in pairs):
        return None
    fields = dict(p for p in pairs if p is not None)
    if len(pairs) == 1 and not set(fields) <= KNOWN_KEYS:
        return None
    return fields


def leading_metadata(text: str) -> tuple[dict[str, str], str]:
    """Metadata lines at the top of a section's body become fields; the rest is the text."""
    fields: dict[str, str] = {}
    lines = text.splitlines()
    taken = 0
    for line in lines:
        if not line.strip():
            taken += 1
            continue
        found = metadata_line(line)
        if found is None:
            break
        fields.update(found)
        taken += 1
    if not fields:
        return {}, text
    return fields, "\n".join(lines[taken:]).strip()


def written_day(fields: dict[str, str]) -> dt.date | None:
    """The date a memory says it was written (``written``, ``date``, …), if it parses."""
    for key in DATE_KEYS:
        value = fields.get(key, "")
        match = re.match(r"(\d{4})-(\d{1,2})-(\d{1,2})", value)
        if match:
            try:
                return dt.date(*(int(part) for part in match.groups()))
            except ValueError:
                continue
    return None
