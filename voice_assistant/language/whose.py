"""Whose a question is about: the owner of the thing asked ("Zuzana's birthday" is
Zuzana's, "my dentist" the user's), or the person asked about ("How old is Mum?")."""

from __future__ import annotations

from voice_assistant.language.people import FIRST_PERSON, is_name
from voice_assistant.language.reading import USER, Mention, Token
from voice_assistant.language.wordnet import wordnet


def owner_of(
    tokens: tuple[Token, ...], people: list[Mention], head: int | None, kinds: tuple[str, ...]
) -> tuple[frozenset[str] | None, set[int]]:
    """Whose the thing asked about is, and the tokens that say so. A person asked about
    with nothing possessing them ("How old is Mum?", "Where does my brother live?") is the
    owner; "my dentist" is the user's; "Zuzana's birthday" Zuzana's."""
    of_head = [m for m in people if head is not None and m.start <= head < m.end]
    possessors = [m for m in people if m.role == "possessor"]
    mine = head is not None and any(
        t.dep == "poss" and t.head == head and t.lemma in FIRST_PERSON for t in tokens
    )
    if of_head and mine and _be(tokens) and "person" in kinds:  # "Who is my dentist?"
        return frozenset({USER}), {i for i, t in enumerate(tokens) if t.lemma in FIRST_PERSON}
    if of_head and of_head[0].of and USER not in of_head[0].of:  # "Radu's boy": Radu's
        said = {i for i, t in enumerate(tokens) if t.dep == "poss" and t.head == head}
        return expanded(of_head[0].of), said | {i + 1 for i in said}
    if of_head:
        person = of_head[0]
        return expanded(person.names), set(range(person.start, person.end))
    related = [m for m in people if m.of and USER not in m.of]
    if related:  # "the name of Radu's boy": the boy is Radu's
        said = {i for i, t in enumerate(tokens) if t.dep == "poss" and t.lemma not in FIRST_PERSON}
        return expanded(related[0].of), said | {i + 1 for i in said}
    by_name = [m for m in possessors if USER not in m.names]
    if by_name:
        m = by_name[0]
        coordinated = [  # "Mum and Dad's": both
            p for p in people if p is not m and USER not in p.names and p.end == m.start - 1
        ]
        names = m.names.union(*(p.names for p in coordinated))
        span = set(range(min([m.start] + [p.start for p in coordinated]), m.end + 1))
        return expanded(names), span
    subjects = [m for m in people if m.role == "subject" and USER not in m.names]
    if subjects:
        m = subjects[0]
        return expanded(m.names), set(range(m.start, m.end))
    if any(USER in m.names for m in people):
        return frozenset({USER}), {m.start for m in people if USER in m.names}
    alone = [
        m
        for m in people
        if USER not in m.names
        and named(tokens, m)
        and tokens[m.end - 1].dep not in ("compound", "dobj", "pobj", "attr", "conj")
    ]
    if len(alone) == 1:  # "When's Kwame starting?", the name read as an adjective
        return expanded(alone[0].names), set(range(alone[0].start, alone[0].end))
    return None, set()


def _be(tokens: tuple[Token, ...]) -> bool:
    """A copular question ("Who is my dentist?"): the person is what is asked about."""
    return any(t.lemma == "be" and t.dep in ("ROOT", "ccomp") for t in tokens)


def expanded(names: frozenset[str]) -> frozenset[str]:
    """A relation's other spellings ("mom" for "mum"): the words of its first sense that
    is a person, in WordNet; and a name that is an English plural, without its "s"."""
    more: set[str] = set()
    for name in names:
        if name.endswith("s") and not wordnet().synsets(name) and wordnet().synsets(name[:-1]):
            more.add(name[:-1])  # "Gramps's": a note's "Gramps" may be read as a plural
        person = next((s for s in wordnet().synsets(name) if s.lexname == "noun.person"), None)
        if person is not None and " " not in name:
            more |= {w for w in person.lemmas if "_" not in w}
    return names | frozenset(more)


def named(tokens: tuple[Token, ...], mention: Mention) -> bool:
    return any(is_name(tokens[k]) for k in range(mention.start, mention.end))
