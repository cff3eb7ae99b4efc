"""The words a full-text search looks for, and in a large store only its rarer ones."""

from __future__ import annotations

import re
import sqlite3

from voice_assistant.memory.schema import STOPWORDS

COMMON_SHARE = 0.02
COMMON_FLOOR = 200
"""A word in more of the memories than ``COMMON_SHARE`` of them (and than ``COMMON_FLOOR``)
is left out of a full-text query that has rarer words: ranking every note that holds it
would make each search grow with the store, and the rarer words (a name, a place) pick
the notes out. A store of ``COMMON_FLOOR`` notes or fewer always searches every word."""


def content_terms(text: str) -> list[str]:
    """The words a full-text query searches for: no stopwords, no single letters."""
    words = [w for w in re.findall(r"\w+", text.lower()) if w not in STOPWORDS and len(w) > 1]
    return list(dict.fromkeys(words))


def rarer(db: sqlite3.Connection, terms: list[str]) -> list[str]:
    """The terms no more common than ``COMMON_SHARE`` of the store, when there are any;
    else all of them. Each count stops past the bound, so it costs little."""
    if len(terms) < 2:
        return terms
    size = db.execute("SELECT coalesce(max(id), 0) FROM memories").fetchone()[0]
    bound = max(COMMON_FLOOR, int(COMMON_SHARE * size))
    if size <= bound:
        return terms
    kept = [
        term
        for term in terms
        if db.execute(
            "SELECT count(*) FROM (SELECT rowid FROM memories_fts WHERE memories_fts"
            " MATCH ? LIMIT ?)",
            (f'"{term}"', bound + 1),
        ).fetchone()[0]
        <= bound
    ]
    return kept or terms
