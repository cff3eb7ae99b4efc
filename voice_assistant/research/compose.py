"""Replies code composes: from the facts that passed review, or in their place.

Spoken: at most three whole sentences, each from a fact that passed review. Written: the
direct answer, its points citing notes and code's Sources list. When nothing passes, code
replies itself: "I have nothing about … in your notes." with what was asked as it was
heard (``language.frame``); never a model's value, never a note's sentence that does not
hold what was asked, never a hedge.
"""

from __future__ import annotations

from voice_assistant.language.user_side import second
from voice_assistant.research.final import (
    GENERAL_WRITTEN,
    NO_MEMORIES,
    NOT_FOUND,
    OPEN_LABEL,
    cited,
    sources,
)
from voice_assistant.research.fold import fold, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import content_words
from voice_assistant.research.quotes import values
from voice_assistant.research.spoken import speakable, split_sentences
from voice_assistant.research.support import Draft, Fact

MAX_SENTENCES = 3


def _sentence(text: str) -> str:
    text = text.strip().rstrip(";:,").rstrip()  # "His birthday is 3 July;" ends a clause
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else f"{text}."


def spoken_answer(facts: list[Fact]) -> str:
    """The sentences of the facts that passed review: plain, whole, at most three."""
    out: list[str] = []
    for fact in facts:
        for sentence in split_sentences(speakable(second_person(fact.say))):
            sentence = _sentence(sentence)
            if sentence and sentence not in out:
                out.append(sentence)
    return " ".join(out[:MAX_SENTENCES])


def written_answer(draft: Draft, kept: list[Fact], notes: list[Note], answer_ok: bool) -> str:
    """Direct answer, points with their notes, what is open, and code's Sources list. A
    direct answer that states what no kept point quotes is left out."""
    lead = draft.answer if answer_ok and draft.answer else kept[0].say
    same = [f.note for f in kept if f.say.lower() == lead.lower()]
    lines = [f"{lead} [{same[0]}]" if same else lead]  # a point the lead repeats cites there
    seen = {lead.lower()}
    for fact in kept:
        if fact.say.lower() not in seen:
            seen.add(fact.say.lower())
            lines.append(f"- {fact.say} [{fact.note}]")
    support = " ".join(f.quote for f in kept)
    if draft.open and says_open(draft.open, support):
        lines.append(f"{OPEN_LABEL} {draft.open}")
    text = "\n".join(lines)
    numbers = [n for n in cited(text, len(notes))]
    return f"{text}\n\n{sources(notes, numbers)}" if numbers else text


def says_open(open_: str, quoted: str) -> bool:
    """What the notes leave open is kept only if it states no value the quotes do not, and
    is not itself what the quotes say (a model sometimes calls a quoted fact "open")."""
    if [v for v in values(open_) if v not in fold(quoted)]:
        return False
    said = set(content_words(open_))
    return not said or 2 * len(said & stems(quoted)) < len(said)


def second_person(sentence: str) -> str:
    """A note's own sentence, as said to its writer ("My passport …" -> "Your passport …")."""
    return _sentence(second(sentence))


def decline() -> str:
    """Code's reply when no answer passed review and no reading says what was asked
    (research with no parser): never a value, never a near miss read out as if it might
    answer. With one, the decline says back what was heard (``language.frame.decline``)."""
    return NOT_FOUND


def general_answer(answer: str, spoken: bool = True) -> str:
    """A general question the memories do not cover: said first, then general knowledge."""
    if spoken:
        said = [_sentence(s) for s in split_sentences(speakable(answer))]
        said = [s for s in said if s != NO_MEMORIES][: MAX_SENTENCES - 1]  # said once, by code
        return " ".join([NO_MEMORIES, *said])
    return f"{NO_MEMORIES} {GENERAL_WRITTEN} {answer.strip()}"
