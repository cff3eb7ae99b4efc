"""Whose a note's value is: the part's person, else the unit's, else the note's (for what
a person has of their own), else the user's; with the aliases the notes give."""

from __future__ import annotations

from voice_assistant.language.lexicon import words
from voice_assistant.language.people import is_person_word
from voice_assistant.language.question import Question
from voice_assistant.language.reading import USER, Mention, NoteReading, Part, Token, Unit, Value
from voice_assistant.language.tokens import aside, content_words, label_end, list_item
from voice_assistant.language.wordnet import wordnet

ATTRIBUTES = words("person", "attributes")
PEOPLE = words("person", "anyone")
MONEY_VERBS = words("questions", "money_verbs")
THIRD_PERSON = words("person", "third")


def owned(
    question: Question,
    note: NoteReading,
    unit: Unit,
    part: Part,
    value: Value,
    known: dict[str, frozenset[str]],
) -> bool:
    """Whether the value is the question's owner's: the part's person, else the unit's,
    else the note's, else the user's. A mention of the thing asked ("Dentist:" for "Who is
    my dentist?") is no owner."""
    if question.owner is None:
        return True
    if (question.governor[1] == "nsubj" or _doer_of_a_sum(question)) and question.owner != {USER}:
        # "Who's taking Thistle to the vet?": the doer is asked, of a unit about Thistle;
        # not of another item of a list ("…, Ines leading; 4 Oct Skelbrae, 7 miles")
        if _owner_in_another_item(question, unit, value, known):
            return False
        people = {n for m in unit.mentions for n in m.names} | set(unit.owner) | set(note.owner)
        people |= {a for n in people for a in known.get(n, frozenset())}
        return bool((people | note.title) & question.owner)  # a note titled "Thistle"
    whose = whose_of(question, note, unit, part, value, known)
    if question.owner == {USER}:
        return whose == {USER}
    if whose == {USER} and question.focus and _plural(question):
        return True  # "When do the kids go back to school?": a family's note naming nobody
    return (
        bool(whose & question.owner)
        or _member_of(question, whose)
        or _of_the_thing(question, note, unit, whose)
        or _titled_possession(question, note)
        or _said_to_be(question, note, whose)
    )


def _owner_in_another_item(
    question: Question, unit: Unit, value: Value, known: dict[str, frozenset[str]]
) -> bool:
    """The owner asked is named in another item of the value's semicolon list, and the
    value's own item neither names nor points back to them ("…; Ola is taking her" is
    still about the cat named before)."""
    start, end = list_item(unit.tokens, value.start, value.end)
    owner = set(question.owner or ())
    owner |= {a for n in owner for a in known.get(n, frozenset())}
    inside = [m for m in unit.mentions if start <= m.start < end]
    here = {n for m in inside for n in m.names}
    there = {n for m in unit.mentions if m not in inside for n in m.names}
    back = any(t.lemma in THIRD_PERSON and t.pos == "PRON" for t in unit.tokens[start:end])
    return bool(there & owner) and not here & owner and not back


def _doer_of_a_sum(question: Question) -> bool:
    """ "How much does Ola charge?": the owner charges (pays, owes) the sum asked; it is
    the sum of a unit naming her, not a sum of her own."""
    tokens = question.tokens
    return any(
        t.lemma in MONEY_VERBS
        and any(
            c.head == k and c.dep == "nsubj" and c.lemma in (question.owner or ()) for c in tokens
        )
        for k, t in enumerate(tokens)
    )


def _said_to_be(question: Question, note: NoteReading, whose: frozenset[str]) -> bool:
    """ "The dog's booster" of a note on Rolo that opens "Rolo (retired racer, rescue
    lurcher, 7)": the note's being, said there to be a kind of what is asked."""
    if not note.owner or not note.owner <= whose or not note.units:
        return False
    kinds = {  # the tagger may call "lurcher" of "rescue lurcher" a name
        t.lemma
        for t in note.units[0].tokens
        if t.pos == "NOUN" or (t.pos == "PROPN" and t.text.islower())
    }
    return any(
        asked in kinds or any(wordnet().is_a(k, asked, senses=1, ancestor_senses=1) for k in kinds)
        for asked in question.owner or ()
        if wordnet().knows(asked) and " " not in asked
    )


def _titled_possession(question: Question, note: NoteReading) -> bool:
    """ "The speech at Odran's wedding" of a note titled "Odran's wedding": the owner has
    the note's subject (the wedding), not what is asked of it (the speech)."""
    tokens = question.tokens
    for token in tokens:
        if token.dep != "poss" or token.lemma not in (question.owner or ()):
            continue
        had = tokens[token.head].lemma if 0 <= token.head < len(tokens) else ""
        if had and had != question.head and {token.lemma, had} <= note.title:
            return True
    return False


def _of_the_thing(question: Question, note: NoteReading, unit: Unit, whose: frozenset[str]) -> bool:
    """ "The boiler engineer's number" of a note on the boiler saying "the engineer's
    number"; "the boiler man's" of one naming a person by a word for what they do there."""
    context = note.title | unit.label | unit.words
    for owner in question.owner or ():
        *thing, head = owner.split()
        if not thing or not set(thing) <= context or USER in whose:
            continue
        if head in whose or (
            head in PEOPLE and any("noun.person" in wordnet().lexnames(w) for w in whose)
        ):
            return True
    return False


def _plural(question: Question) -> set[str]:
    """The plural person words the owner is said by ("the kids", "my parents")."""
    return {
        t.lemma
        for t in question.tokens
        if t.lemma in (question.owner or ()) and t.pos == "NOUN" and t.text.lower() != t.lemma
    }


def _member_of(question: Question, whose: frozenset[str]) -> bool:
    """ "my parents' place" of a note about Mum: a plural person word is had by each
    person it covers (WordNet: a mum is a parent)."""
    plural = _plural(question)
    return any(
        wordnet().is_a(name, word, depth=3, senses=3)
        for name in whose
        if " " not in name
        for word in plural
    )


def _has_it(question: Question, tokens: tuple[Token, ...], possessor: Mention) -> bool:
    """The possessor is written on the thing asked ("my check-up", "Ada's bike"): the noun
    it possesses, with the words compounded onto it, names the question's focus."""
    k = tokens[possessor.end - 1].head
    seen = set()
    while 0 <= k < len(tokens) and tokens[k].dep == "compound" and k not in seen:
        seen.add(k)
        k = tokens[k].head
    if not possessor.end <= k < len(tokens):
        return False
    said = set(content_words(tokens, possessor.end, k + 1))
    return bool(said & (question.focus | {question.head}))


def _role_labelled(
    tokens: tuple[Token, ...], mentions: tuple[Mention, ...], named: Mention
) -> frozenset[str]:
    """ "Locksmith: Ivo Brand 07700 900555": the person named right after a label that
    says what someone does is the one who does it, so the number is the locksmith's too."""
    if named.start < 2 or tokens[named.start - 1].text != ":":
        return frozenset()
    role = next((m for m in mentions if m.role == "label" and m.end == named.start - 1), None)
    if role is None or not all(is_person_word(n) for n in role.names):
        return frozenset()
    return role.names


def _in_a_later_clause(tokens: tuple[Token, ...], m: Mention, value: Value) -> bool:
    """ "Completion moved … to Fri 22 Jan, buyer's chain slipped": a person who opens
    what comes after the value's comma (their own subject, or whose it is) is not whose
    the value is."""
    between = range(value.end, m.start)
    return (
        m.start >= value.end
        and m.role in ("possessor", "subject")
        and any(tokens[k].text in (",", ";") for k in between)
    )


def whose_of(
    question: Question,
    note: NoteReading,
    unit: Unit,
    part: Part,
    value: Value,
    known: dict[str, frozenset[str]],
) -> frozenset[str]:
    """Whose the value is, with all the names the notes give that person."""
    whose = _whose(question, note, unit, part, value)
    return frozenset(whose).union(*(known.get(n, frozenset()) for n in whose))


def _whose(
    question: Question, note: NoteReading, unit: Unit, part: Part, value: Value
) -> frozenset[str]:
    related = [m for m in unit.mentions if m.of and m.start < value.end and value.start < m.end]
    if related:  # "His son Kwame is seven" asked of Radu's boy: the son is Radu's
        return related[0].of
    asked_of = [
        m
        for m in unit.mentions
        if m.of and m.names & question.focus and part.start <= m.start < part.end
    ]
    if asked_of:  # "Tuva's parents' evening is at 17:40": the parents' of the question's
        return asked_of[0].of

    start, end = list_item(unit.tokens, value.start, value.end)
    tokens = unit.tokens
    alone = not any(
        start <= m.start < end and not aside(tokens, m.start, value.start) for m in unit.mentions
    ) and not any(
        tokens[k].dep in ("nsubj", "nsubjpass") and not aside(tokens, k, value.start)
        for k in range(start, end)
    )  # "The fee is paid on the first", after "The coach is Ola": a subject of its own
    if alone and unit.before and USER not in unit.before and not unit.before & question.focus:
        return unit.before  # "Vet check on Wednesday; … Ola is taking her": Juniper's

    def usable(m: Mention) -> bool:
        overlaps = m.start < value.end and value.start < m.end
        return (
            not overlaps
            and not (m.names & question.focus)
            and not aside(tokens, m.start, value.start)
        )

    first = next(
        (k for k in range(part.start, part.end) if unit.tokens[k].pos not in ("PUNCT", "CCONJ")),
        part.start,
    )
    inside = [
        m
        for m in unit.mentions
        if part.start <= m.start < part.end
        and usable(m)
        and (m.role in ("possessor", "subject", "label") or m.start == first)
        and not _in_a_later_clause(tokens, m, value)
    ]
    beside = [  # "his wife Jess 07700 900222": the number right after her name is hers
        m
        for m in unit.mentions
        if part.start <= m.start
        and m.end == value.start
        and usable(m)
        and tokens[m.end - 1].pos == "PROPN"  # a name, not "lent me his stove"
        and tokens[m.end - 1].dep not in ("dobj", "pobj", "iobj", "dative")  # "met Ola 3 May"
    ]
    if beside:
        return beside[0].names | _role_labelled(tokens, unit.mentions, beside[0])
    on_the_thing = [m for m in inside if m.role == "possessor" and _has_it(question, tokens, m)]
    if on_the_thing:  # "The dentist moved my check-up to …": the check-up is mine
        return on_the_thing[0].names
    if inside:
        return inside[0].names
    opening = next((k for k in range(start, end) if tokens[k].pos != "PUNCT"), start)
    item = [m for m in unit.mentions if m.start == opening < value.start and usable(m)]
    if (start, end) != (0, len(tokens)) and item:  # a list's item opening with a name:
        return item[0].names  # "…; Ann & Rob moved from Sat 5 May to Sat 12 May, 2pm; …"

    colon = label_end(tokens)
    own_label = label_end(tokens[start:end]) is not None

    def here(m: Mention) -> bool:  # "Chair: Ola; vice-chair: Ren": each its own label
        if m.role != "label" or start <= m.start < end:
            return True
        # "Ada: swim Mon 4pm; piano with Mrs Lee, £18": the line's label heads each item
        # that has no label of its own
        return colon is not None and m.end <= colon and not own_label

    label = [m for m in unit.mentions if m.role == "label" and usable(m) and here(m)]
    if label:
        return label[0].names
    owner = [
        m
        for m in unit.mentions
        if m.names == unit.owner
        and usable(m)
        and here(m)
        and not _in_a_later_clause(tokens, m, value)
    ]
    inherited = not any(m.names == unit.owner for m in unit.mentions)  # a sentence before's
    if unit.owner and (owner or inherited) and not unit.owner & question.focus:
        return unit.owner
    if note.owner and not note.owner & question.focus:
        asked = question.focus | {question.head} | set(question.kinds)
        if question.owner != {USER} or asked & ATTRIBUTES:
            return note.owner  # "# Mum / Birthday: 18 May" is Mum's birthday
    return frozenset({USER})  # "# Dentist / Check-up on Thursday" is the user's check-up
