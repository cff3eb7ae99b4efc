"""A note read once, when it is written: its units (sentences and lines), their values by
kind, who each is about, and which words go with which value.

A note's title (its heading path) and a line ending in a colon lend their words to the
lines under them: under "Birthdays", "Tuva: 3 May" is Tuva's birthday. A pronoun stands
for the last person named ("My brother Bartek lives in Gdansk. His birthday is 3 July").
Values side by side ("retail 32 euros, wholesale 18 euros") fall into parts, so each
keeps its own qualifier.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from voice_assistant.language.also_called import also_called
from voice_assistant.language.changes import NEW, OLD, of_a_change
from voice_assistant.language.days import CALENDAR
from voice_assistant.language.flights import a_flight
from voice_assistant.language.identity import same_people
from voice_assistant.language.lexicon import words
from voice_assistant.language.people import ONE_BEING, is_name, is_person_word, mentions
from voice_assistant.language.reading import USER, Mention, NoteReading, Part, Token, Unit, Value
from voice_assistant.language.tokens import aside, content_words, label_end, tokens_of
from voice_assistant.language.values import BOUNDARY, values
from voice_assistant.language.written import rewritten

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

    from voice_assistant.language.parser import Parser

SENTENCE_ENDS = frozenset({".", "!", "?", "…", ";", ":", ")"})
"""What may end a sentence; the parser also splits where nothing does."""
OWNING = frozenset({"subject", "possessor", "label"})
"""A mention in one of these roles says whose its unit (or part) is."""
JOINING = words("notes", "parting")
POINTING_BACK = words("calendar", "pointing_back")
ROLES = words("person", "roles")
WHEN = frozenset({"date", "time"})


def read_note(
    parser: Parser, title: str, text: str, fields: dict[str, str] | None = None
) -> NoteReading:
    """The reading of one note (``title`` is its heading path, "Family › Birthdays";
    ``fields`` its metadata, whose kind and project lend their words too: a door code in
    a note of kind work is a code at work)."""
    return read_notes(parser, [(title, text, fields or {})])[0]


def _texts(title: str, text: str, order: str) -> tuple[list[str], list[str]]:
    """A note's lines, and what the parser reads of it: its title, then each line, with
    its shorthand in the reader's forms (``written``)."""
    lines = [rewritten(line.strip(" \t-*•"), order) for line in text.splitlines()]
    return lines, [title.replace("›", ",")] + [line for line in lines if line]


def read_notes(parser: Parser, notes: list[tuple[str, str, dict[str, str]]]) -> list[NoteReading]:
    """Many notes read in one pass of the parser (an import: faster than one by one)."""
    texts = [_texts(title, text, parser.date_order) for title, text, _ in notes]
    docs = iter(parser.many([t for _, said in texts for t in said]))
    out = []
    for (title, _text, fields), (lines, said) in zip(notes, texts, strict=True):
        out.append(_read(title, fields, lines, [next(docs) for _ in said]))
    return out


def _read(title: str, fields: dict[str, str], lines: list[str], docs: list[Doc]) -> NoteReading:
    title_doc, line_docs = docs[0], iter(docs[1:])
    title_tokens = tokens_of(title_doc[:])
    lent = " ".join((fields or {}).get(k, "") for k in ("kind", "project")).lower().split()
    title_words = frozenset(content_words(title_tokens)) | frozenset(lent)
    known = _name_of_a_being(title_tokens, docs[1:])
    owner = _title_owner(title_tokens) or known or None
    units: list[Unit] = []
    heading: frozenset[str] = frozenset()
    last_person: frozenset[str] = owner or frozenset()
    subject: frozenset[str] | None = None
    """The person the sentences before were about: a sentence naming nobody is theirs
    too ("Bracken is our spaniel. Two scoops of kibble in the morning.")."""
    when: list[Value] = []
    """The day and time the sentence before gave, for a "then" after it."""
    identities: list[frozenset[str]] = []
    """Names a sentence says are one person ("Ruben is my partner")."""
    listed = False
    """The subject came from a line's label ("Oona (charge nurse): 4460")."""
    for line in lines:
        if not line:
            heading, subject, when = frozenset(), None, []
            continue
        doc = next(line_docs)
        for sentence in _sentences(doc):
            tokens = tokens_of(sentence)
            if not tokens:
                continue
            found = values(tokens)
            found += _pointed_back(tokens, found, when)
            when = [v for v in found if v.kind in WHEN] or when
            if tokens[-1].text == ":" and not [v for v in found if v.kind != "attribute"]:
                heading = frozenset(content_words(tokens))  # "Birthdays:" over the lines below
                continue
            if not units and _only_a_name(tokens):  # "Harwood!" opening a note on a move
                title_words |= frozenset(content_words(tokens))
            people = mentions(tokens, last_person, known=known)
            identities += same_people(tokens, people)
            own_subject = any(t.dep in ("nsubj", "nsubjpass") for t in tokens)
            labelled = label_end(tokens) is not None
            # "Oona (charge nurse): 4460" then "Front desk: 2210": lines of a list are each
            # their own label's; "Bracken is our spaniel." then "Food: …" is still hers
            before = subject if subject and not (listed and labelled) else frozenset()
            carried = bool(before) and not people and not own_subject
            if carried and owner and all(is_person_word(n) for n in before):
                before = owner  # "# Tova / Her vet is X. Jab due 12 May.": Tova's jab
            whose, before = (before, frozenset()) if carried else (frozenset(), before)
            units.append(_unit(sentence.text, tokens, found, people, heading, whose, before))
            people_named = [m.names for m in people if USER not in m.names]
            if people_named:
                first_is_subject = any(m.role == "subject" for m in people)
                last_person = people_named[0] if first_is_subject else people_named[-1]
            subjects = [
                m.names
                for m in people
                if m.role in ("subject", "label")
                and USER not in m.names
                and not aside(tokens, m.start, -1)
            ]
            several = _each_their_own(units[-1])  # "Sam is on 12, Ola on 14B": no one's next
            subject = (
                None if several else subjects[0] if subjects else subject if not people else None
            )
            if subjects or people:
                listed = labelled and any(m.role == "label" for m in people)
    if owner is None:  # "Bracken", a common word as a title, is the name its text uses
        said = title.strip().lower()
        owner = next((m.names for u in units for m in u.mentions if said in m.names), None)
    names = frozenset(n for u in units for m in u.mentions for n in m.names if n != USER)
    joined = [m.names for u in units for m in u.mentions if len(m.names) > 1]
    aliases = tuple(dict.fromkeys([*joined, *identities]))
    if owner and len(owner) > 1:
        aliases = (*aliases, owner)
    by_text = _named_by_text(owner, units)
    if by_text:
        aliases = (*aliases, by_text)
    things = tuple(dict.fromkeys(g for u in units for g in also_called(u.tokens)))
    return NoteReading(title_words, owner or frozenset(), tuple(units), names, aliases, things)


def _sentences(doc: Doc) -> list[Span]:
    """The line's sentences, as the parser splits them, joined again where one does not
    end a sentence: a list of birthdays cut between a day's number and its month is one
    list."""
    out: list[Span] = []
    for sentence in doc.sents:
        if out and out[-1][-1].text not in SENTENCE_ENDS:
            out[-1] = doc[out[-1].start : sentence.end]
        else:
            out.append(sentence)
    return [piece for span in out for piece in _at_short_days(doc, span)]


def _at_short_days(doc: Doc, span: Span) -> list[Span]:
    """A sentence ending in a short month or weekday ("… Porthleven 8 Aug. At the …"),
    which the parser reads as an abbreviation going on, or in a code the tokenizer keeps
    its full stop on ("… Ola on 14B. Cycle lock …"): two sentences."""
    starts = [span.start] + [
        t.i + 1
        for t in span[:-1]
        if t.text.endswith(".")
        and (t.text[:-1].lower() in CALENDAR or any(c.isdigit() for c in t.text))
        and doc[t.i + 1].is_title
    ]
    return [doc[a:b] for a, b in zip(starts, [*starts[1:], span.end], strict=True)]


def _pointed_back(tokens: tuple[Token, ...], found: list[Value], when: list[Value]) -> list[Value]:
    """ "The roof rack comes off then too.": the day of the sentence before, as this
    one's, at its "then"; not a "then" that goes on to what comes next (", then …",
    "Then …") nor one in a sentence with a day of its own."""
    if not when or any(v.kind in WHEN for v in found):
        return []
    for k, t in enumerate(tokens):
        going_on = not k or tokens[k - 1].pos in ("PUNCT", "CCONJ")
        if t.lemma in POINTING_BACK and t.pos == "ADV" and not going_on:
            return [Value(v.kind, v.text, k, k + 1) for v in when]
    return []


class NoteReader:
    """The store's reader (``memory.store.NoteReader``): each note read once, kept as JSON.
    ``parser`` gives the parser when a note is first read (an assembled store that reads
    nothing loads nothing)."""

    def __init__(self, parser: Callable[[], Parser]) -> None:
        self.parser = parser

    @property
    def version(self) -> str:
        return self.parser().version

    def read(self, title: str, text: str, fields: dict[str, str]) -> dict[str, Any]:
        return read_note(self.parser(), title, text, fields).to_json()

    def read_many(self, notes: list[tuple[str, str, dict[str, str]]]) -> list[dict[str, Any]]:
        return [r.to_json() for r in read_notes(self.parser(), notes)]


def _each_their_own(unit: Unit) -> bool:
    """Parts of a sentence that each open with another person ("Sam is on 12, Ola on
    14B"): a list of people's values, none of them the one the next sentence is about."""
    openers = set()
    for part in unit.parts:
        first = next(
            (k for k in range(part.start, part.end) if unit.tokens[k].pos != "PUNCT"), None
        )
        openers |= {m.names for m in unit.mentions if m.start == first and USER not in m.names}
    return len(openers) > 1


def _title_owner(tokens: tuple[Token, ...]) -> frozenset[str] | None:
    """A title that names a person ("Mum", "My brother", "Zuzana's wedding")."""
    people = [m for m in mentions(tokens, frozenset(), title=True) if USER not in m.names]
    if not people:
        return None
    possessor = [m for m in people if m.role in ("possessor", "subject")]
    if possessor:  # "Zuzana's wedding", "Decorator moved"
        return possessor[0].names
    root = [m for m in people if any(tokens[k].dep == "ROOT" for k in range(m.start, m.end))]
    return root[0].names if root else None


def _name_of_a_being(title: tuple[Token, ...], docs: list[Doc]) -> frozenset[str]:
    """A one-word title that names the being its note is about, though WordNet knows the
    word: "# Bramble" over "Bramble (our old collie) is on … for her joints". The note
    opens with it, or it is the first sentence's subject, and the note says "he" or "she"
    (the small parser may read that "Bramble" as a verb)."""
    if len(title) != 1 or not title[0].text[:1].isupper() or not docs or not len(docs[0]):
        return frozenset()
    first = next(iter(docs[0].sents))
    subject = first[0].text == title[0].text or any(
        t.text == title[0].text and t.dep_ in ("nsubj", "nsubjpass") for t in first
    )
    said = any(t.lower_ in ONE_BEING and t.pos_ == "PRON" for doc in docs for t in doc)
    return frozenset({title[0].lemma}) if subject and said else frozenset()


def _named_by_text(owner: frozenset[str] | None, units: list[Unit]) -> frozenset[str] | None:
    """A title naming someone by what they are ("Window cleaner") and a first sentence
    whose subject is a name ("Radu cleans the windows …"): one person."""
    if not owner or not units:
        return None
    subject = next((m for m in units[0].mentions if m.role == "subject"), None)
    if subject is None or USER in subject.names or subject.names & owner:
        return None
    if subject.names & ROLES and not owner & ROLES:
        return None  # "# Greta / … husband Lars": her husband, not another name of hers
    return owner | subject.names


def _only_a_name(tokens: tuple[Token, ...]) -> bool:
    """A sentence that is a proper name and nothing else ("Harwood!", "Jazzfest.")."""
    words_ = [t for t in tokens if t.pos != "PUNCT"]
    return 0 < len(words_) <= 3 and all(
        t.text[:1].isupper() and (t.pos == "PROPN" or is_name(t)) for t in words_
    )


def _unit(
    text: str,
    tokens: tuple[Token, ...],
    found: list[Value],
    people: list[Mention],
    heading: frozenset[str],
    note_owner: frozenset[str],
    before: frozenset[str],
) -> Unit:
    colon = label_end(tokens)
    label = frozenset(content_words(tokens, 0, colon)) if colon is not None else frozenset()
    parts = cut(tokens, found)
    owner = next(  # not the subject of an aside: "Drinks from 3pm (the kids arrive at 2:30)"
        (m.names for m in people if m.role in OWNING and not aside(tokens, m.start, -1)),
        note_owner,
    )
    return Unit(
        text=text,
        tokens=tokens,
        words=frozenset(content_words(tokens)) | heading | label | a_flight(tokens, found),
        label=label,
        mentions=tuple(people),
        owner=owner,
        parts=parts,
        before=before,
    )


def cut(
    tokens: tuple[Token, ...], found: list[Value], kinds: frozenset[str] | None = None
) -> tuple[Part, ...]:
    """Cut the unit between values at the last boundary between them (a comma, a
    semicolon, "and"), or, for two values of one kind with none, before the preposition
    that opens the second ("from Thursday to Friday"); and at every semicolon, which ends
    a list's item. Only values of ``kinds`` cut (a question for a place is not cut by the
    names beside it); all, when None."""
    typed = [v for v in found if v.kind != "attribute" and (kinds is None or v.kind in kinds)]
    ordered: list[Value] = []
    for v in sorted(typed, key=lambda v: v.start):
        if ordered and v.start < ordered[-1].end:
            continue  # inside another value ("in Gdansk" around "Gdansk")
        ordered.append(v)
    cuts = [0]
    for before, after in pairwise(ordered):
        between = range(before.end, after.start)
        bounds = [k for k in between if tokens[k].text in BOUNDARY or tokens[k].lemma in JOINING]
        items = [k for k in bounds if tokens[k].text == ";"]
        if bounds:  # a semicolon ends a list's item: "5 May Ash Knoll, 30 miles; 9 May …"
            cuts.append((items or bounds)[-1])
        elif before.kind == after.kind or after.kind == "place":
            opening = [k for k in between if tokens[k].pos == "ADP"]
            if opening:
                cuts.append(opening[-1])
    cuts = sorted({*cuts, *(k for k, t in enumerate(tokens) if t.text == ";"), len(tokens)})
    parts = []
    for start, end in pairwise(cuts):
        if end <= start:
            continue
        inside = tuple(v for v in found if start <= v.start < end)
        changed = {  # "moved from Thursday to Friday": the from and to of a change verb
            tokens[k].lemma
            for k in range(start, end)
            if tokens[k].pos == "ADP" and of_a_change(tokens, k)
        }
        change = "old" if changed & OLD else "new" if changed & NEW else ""
        parts.append(Part(start, end, frozenset(content_words(tokens, start, end)), inside, change))
    return tuple(parts)
