"""The value asked, not its neighbour: a question's qualifiers must be in the answer's sentence.

"What's the password for the main Wi-Fi?" over a note that keeps the main network's
password elsewhere and gives the guest one: the guest password is a right quote of the
wrong thing. Words that tell two things of one kind apart (main / guest, wholesale /
retail, sandbox / production, old / new) are qualifiers; when the question says one and
its note tells them apart, the sentence holding the answer (or the note's title) must
say the one asked. Pure functions over folded words.
"""

from __future__ import annotations

import re

from voice_assistant.research.fold import stems

GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "main guest",
        "wholesale retail",
        "sandbox production staging",
        "old new previous current",
        "front back",
        "back out",
        "work own personal",
        "upstairs downstairs",
        "bisque glaze",
        "home car",
    )
)
"""Words that set apart two things of one kind; a word may stand in several groups."""
BORROWED = re.compile(r"\b(?:got|have|has|had|taken|checked|borrowed)\s+out\b", re.I)
""""Which library books have I got out?": the books borrowed, no "out" beside a "back"."""
ENDING = re.compile(
    r"\b(?:finish(?:es|ed|ing)?|end(?:s|ing)?(?!\s+(?:of|up)\b)|wrap(?:s|ping)? up)\b", re.I
)
"""A question about when a thing ends ("When does the quarterly review finish?")."""
ENDS = re.compile(
    r"\b(?:finish|end|wrap|over|close|until|till|to|through)(?:e?s|ed|ing)?\b|\d\s?[-–]\s?\d", re.I
)
"""An end said: a time written alone ("on 9 December at 14:00") is when a thing starts."""


def wrong_qualifier(question: str, sentence: str, title: str, note: str) -> str | None:
    """What is wrong when ``sentence`` (with its note's ``title``) answers for another
    thing than the one ``question`` qualifies; None when it is the thing asked, or the
    note does not tell such things apart."""
    question = BORROWED.sub(" ", question)
    asked, said, whole = stems(question), stems(f"{title} {sentence}"), stems(f"{title} {note}")
    for group in GROUPS:
        wanted = asked & group
        if not wanted or wanted & said:
            continue
        other = sorted((said & group) - wanted)
        if other:
            return f"it is about the {other[0]}, not the {sorted(wanted)[0]} asked"
        if len(whole & group) > 1 or (whole & group) - wanted:
            return f"its sentence does not say {sorted(wanted)[0]!r}, and its note tells them apart"
    if ENDING.search(question) and not ENDS.search(sentence):
        return "it gives when it is, not when it ends"
    return None
