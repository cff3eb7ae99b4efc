"""What a spoken answer reads: the strongest notes, and of a long note only what matches.

Every prompt token costs time before the first word is heard, so a spoken answer gets
the notes found that share a word with what the question is about, at most
``FOCUS_NOTES``, dated only where another note shares its subject. A short note is sent
whole; of a long one, the sentences that hold the question's words, each with the sentence after
it (the answer often follows its topic: "Training for the half marathon: … Race day is
26 April."), in the note's order. Pure functions.
"""

from __future__ import annotations

from dataclasses import replace

from voice_assistant.research.fold import held
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import content_words, subject_words
from voice_assistant.research.quotes import split_sentences

FOCUS_NOTES = 3
WHOLE_CHARS = 320
"""A note this short is one passage: it is sent whole."""


def _matches(words: set[str], sentence: str) -> int:
    return len(held(words, sentence))


def passage(text: str, question: str, limit: int = WHOLE_CHARS) -> str:
    """``text`` whole when short, else its sentences about the question (each with the one
    after it), in order, within about ``limit`` characters; the first sentence when none is."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    sentences = split_sentences(text)
    words = set(subject_words(question))
    scores = [_matches(words, s) for s in sentences]
    chosen: set[int] = set()
    used = 0
    for index in sorted(range(len(sentences)), key=lambda i: (-scores[i], i)):
        if scores[index] == 0 or used >= limit:
            break
        for at in (index, index + 1):
            if at < len(sentences) and at not in chosen:
                chosen.add(at)
                used += len(sentences[at]) + 1
    if not chosen:
        return sentences[0] if sentences else ""
    return " ".join(sentences[i] for i in sorted(chosen))


def coverage(words: set[str], note: Note) -> int:
    """How many of the question's subject words the note holds (title or text)."""
    return _matches(words, f"{note.subject} {note.text or note.excerpt}")


def _chosen(note: Note) -> bool:
    """Research chose it: read whole, or found by several calls."""
    return note.found > 1 or note.best == 0


def strong(notes: list[Note], question: str) -> list[Note]:
    """Memories that share a word with what the question is about (a hit found by meaning
    alone seldom answers) or that research chose; in order."""
    words = set(subject_words(question))
    return [n for n in notes if n.day and (_chosen(n) or coverage(words, n))]


def decisive(question: str, notes: list[Note]) -> bool:
    """Code's first search settles the research: its strong notes hold every word the
    question is about (all but one, when it names two or more), so the model's research
    call would only be asked to stop."""
    words = set(subject_words(question))
    found = strong(notes, question)
    if not words or not found:
        return False
    text = " ".join(f"{n.subject} {n.text or n.excerpt}" for n in found)
    missing = len(words) - _matches(words, text)
    return missing <= (1 if len(words) >= 2 else 0)


def _shares_title(note: Note, notes: list[Note]) -> bool:
    """Another note's title shares a word with this one's ("Dentist", "Dentist moved"):
    they may disagree, and the date tells which is newer."""
    words = set(content_words(note.subject))
    return any(other is not note and words & set(content_words(other.subject)) for other in notes)


def focus(notes: list[Note], question: str, count: int = FOCUS_NOTES) -> list[Note]:
    """The notes a spoken answer reads: of the strong ones (``strong``), those that hold
    every word the question is about, when one does, else as many as the best one or one
    fewer (a note that holds only "wholesale" is not about "the wholesale price of my
    oatmeal mugs"), and those research chose; at most ``count``, then any tool notes.
    A note is dated only beside a note on the same subject (a date costs ten tokens)."""
    words = set(subject_words(question))
    found = strong(notes, question)
    best = max((coverage(words, n) for n in found), default=0)
    least = best if best == len(words) else best - 1
    near = [n for n in found if _chosen(n) or coverage(words, n) >= least]
    chosen = near[:count]
    kept = [
        replace(
            n,
            label=n.day if _shares_title(n, chosen) else "",
            excerpt=passage(n.text or n.excerpt, question),
        )
        for n in chosen
    ]
    return kept + [n for n in notes if not n.day]
