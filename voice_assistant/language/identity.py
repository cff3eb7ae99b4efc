"""Names a sentence says are one person, read from its dependencies rather than from
which words stand side by side: "Ruben is my partner", "Mum is Halina, 'Granny Jo' to the
kids" (a subject and what "be" says it is), and "the kids call Halina 'Granny Jo'",
"everyone calls him Pip" (the names a naming verb's object holds).

A person word said of someone other than the user ("Ruben's mum is Halina") names no
alias: "mum" is the user's word for the user's mother, so it is left out."""

from __future__ import annotations

from voice_assistant.language.lexicon import words
from voice_assistant.language.people import FIRST_PERSON
from voice_assistant.language.reading import USER, Mention, Token

NAMING = words("questions", "naming_verbs")


def same_people(tokens: tuple[Token, ...], found: list[Mention]) -> list[frozenset[str]]:
    """Groups of names the sentence says are one person (each with two or more names)."""
    groups: list[frozenset[str]] = []
    for h, verb in enumerate(tokens):
        if verb.lemma == "be":
            subjects = _children(tokens, h, ("nsubj",))
            said = [k for k in _children(tokens, h, ("attr",)) if not _indefinite(tokens, k)]
            if len(subjects) == 1 and not _coordinated(tokens, subjects[0]):
                groups += [_one(tokens, found, subjects[0], s) for s in said]
        elif verb.lemma in NAMING and verb.pos == "VERB":
            named = [k for k in range(len(tokens)) if _under(tokens, k, h, ("dobj", "oprd"))]
            people = [m for m in found if any(m.start <= k < m.end for k in named)]
            if len(people) >= 2:
                groups.append(_merged(tokens, people))
    return [g for g in groups if len(g) > 1]


def _one(tokens: tuple[Token, ...], found: list[Mention], a: int, b: int) -> frozenset[str]:
    pair = [m for k in (a, b) for m in found if m.start <= k < m.end]
    return _merged(tokens, pair) if len(pair) == 2 and pair[0] is not pair[1] else frozenset()


def _merged(tokens: tuple[Token, ...], people: list[Mention]) -> frozenset[str]:
    if any(USER in m.names or _someone_elses(tokens, m) for m in people):
        return frozenset()
    return frozenset().union(*(m.names for m in people))


def _someone_elses(tokens: tuple[Token, ...], m: Mention) -> bool:
    """A person word another person has ("Ruben's mum"): not a name of the user's."""
    return any(
        t.head in range(m.start, m.end) and t.dep == "poss" and t.lemma not in FIRST_PERSON
        for t in tokens
    )


def _indefinite(tokens: tuple[Token, ...], k: int) -> bool:
    """ "Mum is a teacher" says what she is, not who: no other name of hers."""
    return any(t.head == k and t.dep == "det" and t.lemma in ("a", "an") for t in tokens)


def _children(tokens: tuple[Token, ...], head: int, deps: tuple[str, ...]) -> list[int]:
    return [k for k, t in enumerate(tokens) if t.head == head and k != head and t.dep in deps]


def _coordinated(tokens: tuple[Token, ...], k: int) -> bool:
    return any(t.head == k and t.dep == "conj" for t in tokens)


def _under(tokens: tuple[Token, ...], k: int, verb: int, deps: tuple[str, ...]) -> bool:
    """Token ``k`` stands in a ``deps`` dependent of ``verb`` (its subtree)."""
    seen = set()
    while k != verb and k not in seen and 0 <= k < len(tokens):
        seen.add(k)
        if tokens[k].head == verb:
            return tokens[k].dep in deps
        k = tokens[k].head
    return False
