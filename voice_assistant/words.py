"""Plain English word lists that hearing (``stt/``) and reading (``research/``) share.

Kept below both layers, so whisper's vocabulary prompt and research's name rules read
one list and neither package imports the other.
"""

from __future__ import annotations

MONTHS = frozenset(
    {
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    }
)
DAYS = frozenset(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
MONTHS_AND_DAYS = MONTHS | DAYS | {f"{day}s" for day in DAYS}
"""Capitalised, but everyone's ("Mondays" too)."""
_COMMON_START = """the a an your you yours it its it's there this that these those he she they we
    i my our his her their them yes no not on in at for from to by with after before next
    every each both all some and but so then also please remember bring check feed take tell
    book buy call pay keep nobody everyone anyone someone one two three four five six seven
    eight nine ten unfortunately sorry according based as if when where what who which how
    why once only just none here today tomorrow tonight currently right now later soon
    usually always never sure okay ok well however otherwise since because although while
    until around about over under up down out off again still already yet instead maybe
    perhaps good great note notes memories memory"""
COMMON_START = frozenset(_COMMON_START.split())
"""Capitalised only because they open a sentence: not names."""
