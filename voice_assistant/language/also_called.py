"""A thing a note names two ways: "Hive B (the poly hive)", "Shed 2 (the blue one)". The
bracket's words are another name of the thing before it ("the poly hive", "the blue
shed"), so a later line about "Hive B" answers a question about "the poly hive". Only a
bracket that is itself a noun phrase of the same noun (or "one") is read so: "(the cat,
11)" says what a name is, not another name for it."""

from __future__ import annotations

from voice_assistant.language.lexicon import words
from voice_assistant.language.reading import Token
from voice_assistant.language.wordnet import wordnet

ARTICLES = words("grammar", "articles")
PHRASE = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "X"})


def also_called(tokens: tuple[Token, ...]) -> list[frozenset[str]]:
    """Each thing the sentence names twice, as its two names (lemmas, lower case)."""
    found = []
    for o, t in enumerate(tokens):
        if t.text != "(" or o == 0:
            continue
        close = next(
            (k for k in range(o + 1, min(o + 7, len(tokens))) if tokens[k].text == ")"), None
        )
        if close is None:
            continue
        inside = [x for x in tokens[o + 1 : close] if x.lemma not in ARTICLES]
        before = _phrase_before(tokens, o)
        if len(inside) < 2 or not before or any(x.pos not in PHRASE for x in inside):
            continue
        noun = next(
            (x.lemma for x in before if len(x.lemma) > 1 and wordnet().synsets(x.lemma)), ""
        )
        if not noun or inside[-1].lemma not in (noun, "one"):
            continue
        first = " ".join(x.lemma for x in before[-2:])
        other = " ".join([*(x.lemma for x in inside[:-1]), noun])
        if first != other:
            found.append(frozenset({first, other}))
    return found


def _phrase_before(tokens: tuple[Token, ...], o: int) -> list[Token]:
    """The noun phrase that ends right before the bracket ("Hive B")."""
    start = o
    while start > 0 and tokens[start - 1].pos in PHRASE and o - start < 3:
        start -= 1
    return [t for t in tokens[start:o]] if start < o and tokens[o - 1].pos != "ADJ" else []


def expanded(words: frozenset[str], names: dict[str, frozenset[str]]) -> frozenset[str]:
    """``words`` with the other names of the things they name, and those names' words."""
    more = {w for p in words & names.keys() for q in names[p] for w in (q, *q.split())}
    return words | more
