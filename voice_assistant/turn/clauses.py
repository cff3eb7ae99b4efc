"""Every part of an utterance becomes an act or a question: clauses, checked by code.

"Set a timer for five minutes and tell me when my car is being serviced." holds two
parts. Code splits an utterance at its joints (", and", "and" before a question or a
command, a sentence end); the unambiguous "act and question" forms are read by code
alone; and after the model has split an utterance, a clause that no act and no question
covers becomes a question, so no part is lost. A timer's label must come from the
timer's own clause: a question is never turned into a label.
"""

from __future__ import annotations

from collections.abc import Callable

from voice_assistant.language.forms import Said, begins, said, starts, strip
from voice_assistant.language.lexicon import LEXICON, words
from voice_assistant.turn.acts import Act

JOINING = words("clauses", "joining")
ENDS = words("clauses", "sentence_ends")
FILLERS = words("clauses", "fillers")
HEARD_AND = words("clauses", "heard_and")
HEARD_AND_NEXT = words("clauses", "heard_and_next")
HEARD_AND_THEN = words("clauses", "heard_and_then")
ACT_WORDS = {kind: frozenset(w) for kind, w in LEXICON["clauses"]["act_words"].items()}


def _filler(word: str) -> bool:
    """ "Oh", "ummm", "hmm": a sound, not a word ("ummm" is "um")."""
    squeezed = "".join(c for i, c in enumerate(word) if i == 0 or c != word[i - 1])
    return word in FILLERS or squeezed in FILLERS


def _spoken(utterance: str) -> Said:
    """The utterance's tokens, punctuation kept, without the sounds that open a clause
    ("Oh, and remember …": a filler and its comma say nothing and join nothing)."""
    every = said(utterance, punctuation=True)
    kept: list[int] = []
    skip_mark = False
    for i, word in enumerate(every.words):
        opens = not kept or every.words[kept[-1]] in ENDS | {","}
        if opens and _filler(word):
            skip_mark = True
            continue
        if skip_mark and word in {",", ".", "!"}:
            skip_mark = False
            continue
        skip_mark = False
        kept.append(i)
    return Said(
        every.text, tuple(every.words[i] for i in kept), tuple(every.places[i] for i in kept)
    )


def _text(words_said: Said, start: int, end: int) -> str:
    """The user's text of words ``start`` to ``end``; a gap left by a dropped filler is a space."""
    out = ""
    for i in range(start, end):
        if i > start:
            gap = words_said.text[words_said.places[i - 1][1] : words_said.places[i][0]]
            out += gap if not gap.strip() else " "
        out += words_said.own(i, i + 1)
    return out


def split(utterance: str) -> list[str]:
    """The utterance's parts, in order, without the words that join them. "and" alone
    joins nouns ("milk and eggs"), so it splits only before a question or a command."""
    spoken = _spoken(utterance.strip())
    cuts: list[tuple[int, int]] = []
    for j in sorted(starts("clause_start", spoken)):
        r = j
        while r > 0 and spoken.words[r - 1] in JOINING | {","}:
            r -= 1
        if r > 0 and spoken.words[r - 1] in ENDS:
            r -= 1
        if 0 < r < j:
            cuts.append((r, j))
    for j, word in enumerate(spoken.words[1:-1], start=1):
        # Whisper hears a quick "and" as "in": "in when is" joins two parts, "in where we go" not
        heard_and = spoken.words[j - 1] in HEARD_AND and spoken.words[j + 1] in HEARD_AND_THEN
        if word in HEARD_AND_NEXT and heard_and:
            cuts.append((j - 1, j))
    bounds = [0, *(i for cut in sorted(set(cuts)) for i in cut), len(spoken)]
    parts = []
    for start, end in zip(bounds[::2], bounds[1::2], strict=True):
        while start < end and spoken.words[start] in JOINING | {","}:
            start += 1
        text = _text(spoken, start, end).strip(" ,")
        words_said = said(text)
        courtesy = not strip("polite_start", "polite_end", words_said, everything=True).words
        if text and not courtesy and not all(w in JOINING for w in words_said.words):
            parts.append(text)
    return parts


def _opens(group: str, part: str, after_joining: bool = True) -> int | None:
    words_said = said(part)
    at = 1 if after_joining and words_said.words[:1] and words_said.words[0] in JOINING else 0
    return begins(group, words_said, at) if words_said.words else None


def is_question(part: str) -> bool:
    return _opens("question_start", part) is not None


def is_clear_question(part: str) -> bool:
    """A question whatever joins it: a wh- word or "tell me" first, or a question mark
    ("…, and are collected at seven" is no question: "are" may go on a remembered text)."""
    text = part.strip()
    return is_question(text) and (
        _opens("wh_start", text, after_joining=False) is not None or text.endswith("?")
    )


def as_question(part: str) -> str:
    """A part as the question research gets: "tell me when my car is being serviced" ->
    "When my car is being serviced?"."""
    words_said = said(part.strip())
    told = begins("tell_me", words_said) if words_said.words else None
    text = words_said.text if told is None else words_said.own(told) + _tail(words_said)
    text = text.strip().rstrip(".!")
    if not text:
        return part.strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith("?") else f"{text}?"


def _tail(words_said: Said) -> str:
    """What follows the last word (its punctuation: "?")."""
    return words_said.text[words_said.places[-1][1] :] if words_said.words else ""


def said_words(text: str) -> str:
    """The words of a text, lower case, one space apart: to find one text inside another."""
    return " ".join(said(text).words)


def reminder_question(text: str, utterance: str) -> str | None:
    """ "Remind me when the plumber is coming" asks when he is: a text to remember that the
    utterance says only in such a part is that question, never a memory."""
    wanted = said_words(text)
    found = None
    for part in split(utterance):
        spoken = said_words(part)
        if wanted and f" {wanted} " in f" {spoken} ":
            if _opens("reminded", part, after_joining=False) is None:
                return None
            found = as_question(part)
    return found


def covers_act(act: Act, part: str) -> bool:
    return bool(ACT_WORDS.get(act.kind, frozenset()) & set(said(part).words))


def covers_question(question: str, part: str) -> bool:
    """Most of the part's words are in the question (or the other way round)."""
    words_part = said(part)
    told = begins("tell_me", words_part) if words_part.words else None
    asked, spoken = set(said(question).words), set(words_part.words[told or 0 :])
    if not spoken or not asked:
        return False
    return 2 * len(asked & spoken) >= min(len(asked), len(spoken))


def uncovered(utterance: str, acts: tuple[Act, ...], questions: tuple[str, ...]) -> list[str]:
    """The parts no act and no question covers (each should become a question)."""
    return [
        part
        for part in split(utterance)
        if not any(covers_act(a, part) for a in acts)
        and not any(covers_question(q, part) for q in questions)
    ]


def label_in_its_clause(label: str, utterance: str) -> bool:
    """A timer's label is a few words said in the timer's own clause ("a pasta timer")."""
    label_words = said_words(label)
    if not label_words or len(label_words.split()) > 3:
        return False
    for part in split(utterance):
        spoken = said(part).words
        if {"timer", "timers"} & set(spoken) and f" {label_words} " in f" {' '.join(spoken)} ":
            return True
    return False


def act_and_question(
    utterance: str, read: Callable[[str], tuple[Act, ...] | None]
) -> tuple[tuple[Act, ...], tuple[str, ...]] | None:
    """Utterances made wholly of commands code can read (``read``) and clear questions,
    with at least one command: "Remember that X, and tell me Y", "Cancel the egg timer,
    then set a rice timer for twelve minutes", a question first and a command second.
    None when any part is neither."""
    acts: list[Act] = []
    questions: list[str] = []
    parts = split(utterance)
    while parts:
        part = parts.pop(0)
        found = read(part)
        if found is None and parts and not is_clear_question(part):
            # "In an hour, remind me to …": a part that is neither may open the next one
            found = read(f"{part}, {parts[0]}")
            parts = parts[1:] if found is not None else parts
        if found is not None:
            acts.extend(found)
        elif is_clear_question(part):
            questions.append(as_question(part))
        else:
            return None
    return (tuple(acts), tuple(questions)) if acts else None
