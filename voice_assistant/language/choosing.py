"""A question that offers its own answers, answered from structure: the one offered side
a note says of the thing asked. A unit must say what the question is about (its nouns and
names, by their words, synonyms or the people the notes name) and exactly one side, not
negated. A note that says both, or none, answers nothing here; such a question is left to
research and the model, as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from voice_assistant.language.choice import Side
from voice_assistant.language.focus import GENERIC, focus_found_word
from voice_assistant.language.reading import NoteReading, Unit
from voice_assistant.language.tokens import negated


@dataclass(frozen=True)
class Chosen:
    side: Side
    key: int
    """The note's position among the candidates."""
    unit: Unit


def choose(
    focus: frozenset[str],
    sides: tuple[Side, ...],
    notes: list[tuple[int, NoteReading]],
    known: dict[str, frozenset[str]],
) -> Chosen | None:
    """The side the notes say of what is asked, when they say one and only one."""
    if focus - GENERIC:
        focus -= GENERIC  # "the dentist appointment": the note says dentist
    if not focus or len(sides) != 2:
        return None
    found: list[Chosen] = []
    for key, note in notes:
        for unit in note.units:
            people = {n for m in unit.mentions for n in m.names} | set(unit.owner)
            people |= {a for n in people for a in known.get(n, frozenset())}
            context = unit.words | note.title | frozenset(people)
            if any(focus_found_word(w, context) is None for w in focus):
                continue
            said = [s for s in sides if _says(unit, s)]
            if len(said) == 1:
                found.append(Chosen(said[0], key, unit))
    return found[0] if len({c.side.text for c in found}) == 1 else None


def _says(unit: Unit, side: Side) -> bool:
    """Every word of the side is in the unit, and none is negated there."""
    for word in side.words:
        at = [k for k, t in enumerate(unit.tokens) if t.lemma == word]
        if at and all(not negated(unit.tokens, k) for k in at):
            continue
        if not at and focus_found_word(word, unit.words) is not None:
            continue  # said in other words
        return False
    return True
