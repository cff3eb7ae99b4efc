"""Who does what, and what it is done to, by the parse: the subject (or a passive's agent,
or a converse verb's object) of a verb a question asks who does, and the object a verb or
adjective takes ("allergic to penicillin")."""

from __future__ import annotations

from voice_assistant.language.lexicon import LEXICON
from voice_assistant.language.reading import Token, Value
from voice_assistant.language.tokens import subtree, text_of

CONVERSES: dict[str, tuple[str, str]] = {
    verb: (said.partition(" ")[0], said.partition(" ")[2])
    for verb, said in LEXICON["questions"]["converses"].items()
}


def subjects(tokens: tuple[Token, ...], verb: str) -> list[Value]:
    """Who does what a question asks who does: the subject of the same verb ("The
    billing team owns the gateway" asked "Who owns the gateway?"), or a passive's agent
    ("The boiler was serviced by Nordwind"), or a converse's ("… belongs to the billing team")."""
    out = []
    converse, by = CONVERSES.get(verb, ("", ""))
    for i, t in enumerate(tokens):
        if t.lemma == converse and t.pos == "VERB":  # "belongs to the ledger team"
            preps = [p for p, c in enumerate(tokens) if c.head == i and c.lemma == by]
            for k in (k for k, g in enumerate(tokens) if g.head in preps and g.dep == "pobj"):
                span = subtree(tokens, k)
                start, end = min(span), max(span) + 1
                out.append(Value("person", text_of(tokens, start, end), start, end))
        if t.lemma != verb or t.pos not in ("VERB", "AUX"):
            continue
        for k, child in enumerate(tokens):
            if child.head != i:
                continue
            if child.dep == "agent":  # "serviced by Nordwind": the doer of a passive
                k = next((j for j, g in enumerate(tokens) if g.head == k and g.dep == "pobj"), -1)
            elif child.dep != "nsubj" or child.pos == "PRON":
                continue
            if k >= 0:
                span = subtree(tokens, k)
                start, end = min(span), max(span) + 1
                out.append(Value("person", text_of(tokens, start, end), start, end))
    return out


def objects(tokens: tuple[Token, ...], governor: str, via: str) -> list[Value]:
    """What a verb or adjective takes: its direct object (``via`` "dobj") or the object of
    its preposition ``via`` ("allergic to penicillin")."""
    out = []
    for i, t in enumerate(tokens):
        if t.lemma != governor:
            continue
        for k, child in enumerate(tokens):
            if child.head != i or k == i:
                continue
            target = None
            if via == "dobj" and child.dep in ("dobj", "attr", "oprd"):
                target = k
            elif child.dep == "prep" and child.lemma == via:
                target = next(
                    (j for j, g in enumerate(tokens) if g.head == k and g.dep == "pobj"), None
                )
            if target is not None:
                span = subtree(tokens, target)
                out.append(
                    Value(
                        "object",
                        text_of(tokens, min(span), max(span) + 1),
                        min(span),
                        max(span) + 1,
                    )
                )
    return out
