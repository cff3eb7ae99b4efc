"""Replies code composes: from the facts that passed review, or in their place.

Spoken: at most three whole sentences, each from a fact that passed review. Written: the
direct answer, its points citing notes and code's Sources list. When nothing passes, code
replies itself: the note's own sentence holding the kind of value asked, when it passes
every check as an answer ("Your notes say: …"), else "I couldn't find … in your
memories." with what was asked as it was heard; never a model's value, never a hedge.
"""

from __future__ import annotations

import re

from voice_assistant.research.answer_review import review
from voice_assistant.research.answer_sentence import answering_sentences, answers, one_sentence
from voice_assistant.research.fact_checks import without_header
from voice_assistant.research.final import (
    GENERAL_WRITTEN,
    NO_MEMORIES,
    NOT_FOUND,
    NOTES_SAY,
    OPEN_LABEL,
    cited,
    sources,
)
from voice_assistant.research.fold import fold, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import content_words, what_was_asked
from voice_assistant.research.quotes import locate, values
from voice_assistant.research.quotes import split_sentences as note_sentences
from voice_assistant.research.spoken import speakable, split_sentences
from voice_assistant.research.support import Draft, Fact

MAX_SENTENCES = 3
SECOND_PERSON = [
    (r"\bI am\b", "you are"),
    (r"\bI'm\b", "you're"),
    (r"\bI've\b", "you've"),
    (r"\bI was\b", "you were"),
    (r"\bmy\b", "your"),
    (r"\bmine\b", "yours"),
    (r"\bmyself\b", "yourself"),
    (r"\bour\b", "your"),
    (r"\bours\b", "yours"),
    (r"\bwe are\b", "you are"),
    (r"\bwe\b", "you"),
    (r"\bme\b", "you"),
    (r"\bus\b", "you"),
    (r"\bI\b", "you"),
]


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
    for pattern, replacement in SECOND_PERSON:
        sentence = re.sub(pattern, replacement, sentence, flags=re.I)
    sentence = re.sub(r"([.!?]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), sentence)
    return _sentence(sentence)


def notes_say(
    question: str, notes: list[Note], pointed: list[Fact], context: str = "", spoken: bool = True
) -> str | None:
    """When nothing the model wrote passed review, the note's own sentence may still answer:
    the sentence a draft quoted (where the model looked), else the one that would answer. It is
    stated ("Your notes say: …") only if, taken as the answer, it passes every check;
    otherwise None (code declines)."""
    found = notes_sentence(question, notes, pointed, context, spoken)
    return None if found is None else say_notes_sentence(*found, notes, spoken)


def notes_sentence(
    question: str, notes: list[Note], pointed: list[Fact], context: str = "", spoken: bool = True
) -> tuple[str, int] | None:
    """``notes_say``'s sentence and the number of its note, before it is worded."""
    candidates: list[tuple[int, str]] = []
    for fact in pointed:
        note = notes[fact.note - 1]
        found = locate(without_header(fact.quote, note), note.excerpt)
        if found is not None:
            candidates.append((fact.note, " ".join(found.sentences)))
    candidates += answering_sentences(question, notes)
    for number, sentence in dict.fromkeys(candidates):
        note = notes[number - 1]
        sentences = note_sentences(note.text or note.excerpt)
        at = sentences.index(sentence) if sentence in sentences else 0
        before = sentences[at - 1] if at else ""
        if answers(question, sentence, before, note) is None:
            continue
        # "Race day is 26 April." is about the half marathon through the sentence before
        tries = (sentence, f"{before} {sentence}") if before else (sentence,)
        if one_sentence(before):  # the whole sentence first
            tries = tries[::-1]
        for said in tries:
            own = Fact(number, said, said)
            if review(question, Draft((own,)), notes, context, spoken).passed:
                return said, number
    return None


def say_notes_sentence(sentence: str, number: int, notes: list[Note], spoken: bool) -> str:
    if spoken:
        said = split_sentences(speakable(second_person(sentence)))[:MAX_SENTENCES]
        return NOTES_SAY.format(sentence=" ".join(said))
    text = NOTES_SAY.format(sentence=f'"{sentence}" [{number}]')
    return f"{text}\n\n{sources(notes, [number])}"


def decline(question: str, notes: list[Note], spoken: bool = True) -> str:
    """Code's reply when no answer passed review: what was asked, as heard, never a value
    and never a near miss read out as if it might answer."""
    return NOT_FOUND.format(asked=what_was_asked(question))


def general_answer(answer: str, spoken: bool = True) -> str:
    """A general question the memories do not cover: said first, then general knowledge."""
    if spoken:
        said = [_sentence(s) for s in split_sentences(speakable(answer))]
        said = [s for s in said if s != NO_MEMORIES][: MAX_SENTENCES - 1]  # said once, by code
        return " ".join([NO_MEMORIES, *said])
    return f"{NO_MEMORIES} {GENERAL_WRITTEN} {answer.strip()}"
