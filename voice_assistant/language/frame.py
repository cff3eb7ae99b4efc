"""Code's reply in the question's own frame, from the user's side.

"When is my dentist appointment?" -> "Your dentist appointment is on Friday 20 March at
9:30."; "What time does our flight back leave?" -> "Your flight back leaves at 18:05.";
"Who is second on call?" -> "Tuva is second on call."; a question the notes do not
answer -> "I have nothing about Ottokar's birthday in your notes." The words come from the
question (as heard, so a mishearing shows) and the value from the matched note.
"""

from __future__ import annotations

from dataclasses import dataclass

from voice_assistant.language.lexicon import LEXICON, words
from voice_assistant.language.phrasing import (
    BE_FORMS,
    PLACE_PREPOSITIONS,
    agreeing_be,
    as_do_has_it,
    with_preposition,
)
from voice_assistant.language.question import KIND_NOUNS, Question
from voice_assistant.language.reading import Token
from voice_assistant.language.user_side import second

FRAMES = LEXICON["frames"]
REMINDING = words("questions", "reminding")
AFTER_NOUN = words("frames", "after_noun")
ONE = words("grammar", "one")
NOTHING_ABOUT = "I have nothing about {about} in your notes."
"""Code's decline, saying back what was asked as heard (a mishearing shows)."""
SUBJECT_KINDS = frozenset({"person", "organisation", "attribute", "object", "code"})
"""What a question word standing as the subject asks for: "Who is second on call?" is
said "Tuva is second on call."; a day or a time never stands first."""
NOUN_PHRASE = frozenset({"DET", "PRON", "PROPN", "NOUN", "NUM", "PART", "CCONJ"})


@dataclass(frozen=True)
class Frame:
    """A question taken apart for saying back: "What time does our flight leave?" is
    wh "what time", subject "your flight", verb "leaves"."""

    wh: str
    subject: str = ""
    verb: str = ""
    tail: str = ""
    """Words after the verb, before the value ("allergic to")."""
    after: str = ""
    """Words after the value ("for retail")."""
    wh_subject: bool = False
    """The question word is the subject: the value goes first ("Tuva is second …")."""
    verb_lemma: str = ""

    def statement(self, value: str, kind: str, preposition: str = "") -> str:
        """``preposition``: the note's own before the value, on the question's verb ("goes
        to 1000 degrees"), said unless the question leaves one dangling."""
        if self.wh_subject:
            return _sentence(_join(value, self.verb, self.tail, self.after))
        if not self.verb:
            return _sentence(value)
        dangling = f" {self.tail}".endswith(_DANGLING)
        if dangling and kind in ("date", "time"):  # "is on Weds", "booked for Sat 6 May"
            on = kind == "time" and self.tail.split()[-1] == "on"  # "are on at 7:15pm"
            slot = with_preposition(value, kind, self.verb_lemma) if on else value
        elif dangling:  # "booked into" + "at Lindqvist Motors"
            first = value.split()[0].lower() if value.split() else ""
            slot = value.split(" ", 1)[1] if first in PLACE_PREPOSITIONS and " " in value else value
        elif preposition:
            slot = f"{preposition} {value}"
        else:
            slot = with_preposition(value, kind, self.verb_lemma)
        if kind in ("date", "time") and not self.tail:  # "go back to school … on 5 May"
            return _sentence(_join(self.subject, self.verb, self.after, slot))
        return _sentence(_join(self.subject, self.verb, self.tail, slot, self.after))

    def clause(self) -> str:
        """What was asked, as a clause ("when your flight back leaves")."""
        if self.wh_subject:
            return _join(self.wh, self.verb, self.tail, self.after)
        return _join(self.wh, self.subject, self.verb, self.tail, self.after)


_DANGLING = (" to", " for", " with", " from", " about", " at", " on", " in", " of", " into")


def _dangling(question: Question, tail: list[Token]) -> int | None:
    """Where in ``tail`` a preposition stands without its object (the value is it)."""
    index = {id(t): i for i, t in enumerate(question.tokens)}
    start, end = question.wh
    for p, t in enumerate(tail):
        if (
            t.pos == "ADP"
            and t.dep == "prep"
            and not any(
                c.head == index[id(t)] and c.dep == "pobj" and not start <= k < end
                for k, c in enumerate(question.tokens)
            )
        ):
            return p
    return None


def frame(question: Question) -> Frame:
    start, end = question.wh
    tokens = [
        t
        for t in question.tokens
        if (t.pos != "PUNCT" or t.text in BE_FORMS) and t.lemma not in REMINDING
    ]
    index = {id(t): i for i, t in enumerate(question.tokens)}
    wh_tokens = [t for t in tokens if start <= index[id(t)] < end]
    rest = [t for t in tokens if index[id(t)] >= end]
    if wh_tokens and wh_tokens[0].lemma == "how":  # "how many scoops": the counted noun too
        while rest and rest[0].pos in ("NOUN", "ADJ") and rest[0].lemma not in ("be",):
            wh_tokens.append(rest.pop(0))
    wh_at = {index[id(t)] for t in wh_tokens}
    while len(rest) > 1 and rest[0].pos == "ADP" and rest[0].head in wh_at:  # "time of day"
        wh_tokens.append(rest.pop(0))
        while rest and rest[0].pos in ("DET", "ADJ", "NOUN") and rest[0].dep != "nsubj":
            wh_tokens.append(rest.pop(0))
    nouns = next((k for k, t in enumerate(rest) if t.pos not in ("NOUN", "PROPN", "ADJ", "ADV")), 0)
    asking = 0 < nouns < len(rest) and rest[nouns].pos == "AUX" and rest[nouns].lemma != "be"
    if wh_tokens and asking:  # "what size tyre do I need", "which books have you got"
        wh_tokens += rest[:nouns]  # the tyre is asked, with the question word
        rest = rest[nouns:]
    wh = _words(wh_tokens).lower()
    wh_subject = any(t.dep in ("nsubj", "nsubjpass") for t in wh_tokens) and bool(
        set(question.kinds) & SUBJECT_KINDS  # "Who is …?", not "Which day is …?"
    )
    if not rest:
        return Frame(wh)
    first = rest[0]
    if _isagreeing_be(first):
        body = rest[1:]
        subject, tail = _noun_phrase(body)
        if body and body[0].pos == "PRON" and body[0].dep == "nsubj":  # "are we in for …"
            subject, tail = body[:1], body[1:]
        if question.asked and subject and subject[0].pos != "ADP":
            wh_subject = False  # "Which colour is the car?": the car is, not the colour
        if wh_subject:
            return Frame(wh, verb=agreeing_be(first, []), tail=_words(body), wh_subject=True)
        if (
            tail
            and not any(t.pos in ("VERB", "AUX") for t in tail)
            and tail[-1].pos != "ADP"
            and not (subject and subject[0].pos == "PRON" and subject[0].dep != "poss")
            and tail[0].pos not in ("ADP", "ADV")  # "up for renewal": said of it
        ):
            subject, tail = body, []  # "the Christmas craft fair", "fair" read as an adjective
        verbs = [i for i, t in enumerate(body) if t.pos == "VERB"]
        if not subject and verbs and verbs[0] > 0:  # "is Kwame starting": "Kwame" misread
            subject, tail = body[: verbs[0]], body[verbs[0] :]
        dangling = _dangling(question, tail)
        if dangling is not None and dangling + 1 < len(tail):  # "are we in for the quarterly"
            return Frame(
                wh,
                _words(subject),
                agreeing_be(first, subject),
                _words(tail[: dangling + 1]),
                _words(tail[dangling + 1 :]),
                verb_lemma="be",
            )
        return Frame(
            wh, _words(subject), agreeing_be(first, subject), _words(tail), verb_lemma="be"
        )
    if first.lemma == "do" and first.pos == "AUX":
        subject, tail = _noun_phrase(rest[1:])
        root = [i for i, t in enumerate(subject) if t.dep == "ROOT"]
        if not tail and root:  # "… flight back leave?": the verb read as a noun
            subject, tail = subject[: root[0]], subject[root[0] :]
        adverbs = []
        while tail and tail[0].pos == "ADV":  # "do we still owe"
            adverbs.append(tail.pop(0))
        if not tail or (tail[0].pos not in ("VERB", "AUX") and tail[0].dep != "ROOT"):
            return Frame(wh, _words(subject))
        verb, more = tail[0], tail[1:]
        taken = [
            t
            for t in more
            if (t.dep == "prt" and t.head == index[id(verb)])  # "come out", not "send off"
            or (t.pos in ("PRON", "VERB") and t is more[0] and t.dep != "poss")
        ]  # "lend me", "need feeding"
        more = [t for t in more if t not in taken]  # with the verb
        objects, more = _noun_phrase(more) if more and more[0].pos != "ADP" else ([], more)
        if objects and all(t.entity in ("date", "time") for t in objects):
            objects, more = [], objects + more  # "gave 38 lb this year", not "gave this year"
        said = _join(  # "pay your rent" before the value: "… on the first of the month"
            _words(adverbs), as_do_has_it(verb, first, subject), _words(taken), _words(objects)
        )
        if more and more[-1].pos == "ADP":  # "What am I allergic to?"
            return Frame(wh, _words(subject), said, _words(more), verb_lemma=verb.lemma)
        return Frame(wh, _words(subject), said, after=_words(more), verb_lemma=verb.lemma)
    if first.pos == "AUX":  # "When will the parcel arrive?"
        subject, tail = _noun_phrase(rest[1:])
        return Frame(wh, _words(subject), _join(first.text.lower(), _words(tail)))
    if wh_subject:  # "Who leads the team?"
        return Frame(wh, verb=_words(rest), wh_subject=True)
    subject, tail = _noun_phrase(rest)  # "… when Mum's birthday is": a statement's order
    if subject and tail and _isagreeing_be(tail[0]) and len(tail) > 1:  # "… what we're reading"
        be, rest = agreeing_be(tail[0], subject), tail[1:]
        if rest[0].pos == "VERB" and len(rest) > 1 and rest[1].pos == "ADP":
            # "what we're reading for book club": the thing read right after the verb
            return Frame(wh, _words(subject), be, _words(rest[:1]), _words(rest[1:]))
        return Frame(wh, _words(subject), be, _words(rest))
    if tail:  # "(tell me) where I know Oona from": the verb is the tail's, not "is"
        lemma = next((t.lemma for t in tail if t.pos in ("VERB", "AUX")), "")
        return Frame(wh, _words(subject), _words(tail), verb_lemma=lemma)
    return Frame(wh, _words(subject), "is", verb_lemma="be")


def answer(question: Question, value: str, kind: str, preposition: str = "") -> str:
    """The question turned into a statement holding ``value`` (a value of ``kind``;
    ``preposition``: the note's before it, on the question's own verb)."""
    if question.wh[1] <= question.wh[0]:
        return _sentence(second(value))
    start = question.wh[0]
    counted: list[Token] = []  # "how many library books": "one library book", "three …"
    if question.tokens[start].lemma == "how" and kind == "count":
        for t in question.tokens[start + 2 :]:
            if t.pos != "NOUN":
                break
            counted.append(t)
    if counted:
        one = value.lower() in ONE
        said = [t.text for t in counted[:-1]] + [counted[-1].lemma if one else counted[-1].text]
        value = " ".join([value.lower() if value.isalpha() else value, *said])
        rest = [t for t in question.tokens[start + 2 + len(counted) :] if t.text != "?"]
        if rest and rest[0].lemma == "be":  # the counted things are the subject
            if len(rest) > 1 and rest[1].text.lower() == "there":
                return _sentence(f"There {rest[0].text} {value} {_words(rest[2:])}")
            return _sentence(f"{value} {_words(rest)}")
    if question.head == "name" and question.wh[0] == 0:  # "What's the name of the place …"
        first = value.split()[0].lower() if value.split() else ""
        named = value.split(" ", 1)[1] if first in PLACE_PREPOSITIONS and " " in value else value
        return _sentence(f"It's {second(named)}")
    if kind == "place" and question.head in KIND_NOUNS:
        kind = "attribute"  # "The address of the clinic is 14 Mill Lane.", no "at"
    return frame(question).statement(second(value), kind, preposition)


def choice(side: str) -> str:
    """The side chosen, as the question offered it, in the user's words: "The front."."""
    return _sentence(second(side))


def decline(question: Question) -> str:
    """Code's reply when the notes hold no value for the question, with what was heard."""
    if question.wh[1] <= question.wh[0]:
        return NOTHING_ABOUT.format(about=_open_about(question))
    f = frame(question)
    bare = not f.tail or f.tail in {d.strip() for d in _DANGLING}  # "… the clinic on?"
    about = f.subject if f.verb_lemma == "be" and f.subject and bare else f.clause()
    return NOTHING_ABOUT.format(about=about or "that")


def _open_about(question: Question) -> str:
    """What a question with no question word is about, as heard: "Esmer's birthday" of
    "One's Esmer's birthday." (its owner's focus), else "that"."""
    tokens = question.tokens
    nouns = [
        k for k, t in enumerate(tokens) if t.pos in ("NOUN", "PROPN") and t.lemma in question.focus
    ]
    if not nouns:
        return "that"
    k = nouns[-1]
    start = k
    while start > 0 and (
        tokens[start - 1].dep in ("compound", "amod", "poss", "case", "det")
        or tokens[start - 1].text in ("'s", "’s")
    ):
        start -= 1
    return _words(list(tokens[start : k + 1]))


def _isagreeing_be(token: Token) -> bool:
    return token.lemma == "be" or token.text.lower() in BE_FORMS


def _noun_phrase(body: list[Token]) -> tuple[list[Token], list[Token]]:
    """The noun phrase at the front of ``body`` ("your flight back from Tallinn", "Mum and
    Dad's new address") and what follows it (a verb, "allergic to")."""
    i = 0
    while i < len(body):
        t = body[i]
        following = body[i + 1] if i + 1 < len(body) else None
        if t.pos in NOUN_PHRASE and not (t.pos == "PART" and t.text not in ("'s", "’s", "'")):
            i += 1
        elif t.entity in ("person", "organisation", "place"):
            i += 1  # "Bracken", a name the tagger read as a verb
        elif t.pos == "ADJ" and (
            (following is not None and following.pos in ("NOUN", "PROPN", "ADJ"))
            or t.dep in ("nsubj", "nsubjpass")
        ):
            i += 1  # "new address"; "the starter", read as an adjective
        elif t.pos == "ADV" and t.dep == "advmod" and i > 0 and t.lemma in AFTER_NOUN:
            i += 1  # "flight back"
        elif t.pos == "ADP" and following is not None and following.pos in NOUN_PHRASE | {"ADJ"}:
            i += 1  # "from Tallinn", "for the back door"
        else:
            break
    return body[:i], body[i:]


def _words(tokens: list[Token]) -> str:
    out = ""
    for i, t in enumerate(tokens):
        # "what the guy's called": an "'s" the tagger read as a possessive, before a verb
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        said_be = t.lemma == "be" or (  # "called", "going"; not "Oona's do", a party
            t.text in ("'s", "’s")
            and after is not None
            and after.pos == "VERB"
            and after.text.lower() != after.lemma
        )
        text = BE_FORMS.get(t.text.lower(), t.text) if said_be else t.text
        if text != t.text:
            out = out.rstrip() + " "  # "is" spelled out, after the word it was glued to
        glued = t.joined or (i + 1 < len(tokens) and tokens[i + 1].text in ("'s", "’s", "'"))
        out += text + ("" if glued else " ")
    return second(out.strip())


def _join(*parts: str) -> str:
    """The parts with spaces; a clitic ("'d like") stays on the word before it ("she")."""
    said = [p for p in parts if p]
    return "".join(p if k and p[:1] in "'’" else f" {p}" for k, p in enumerate(said)).strip()


def _sentence(text: str) -> str:
    text = " ".join(text.split()).strip(" ,;:")
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
