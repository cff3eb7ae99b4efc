"""A change's two sides: the from and the to of "moved from Thursday to Friday", and a
value an aside says it was ("Tue 14 May (was Mon 13 May)")."""

from __future__ import annotations

from voice_assistant.language.lexicon import words
from voice_assistant.language.reading import Token, Value
from voice_assistant.language.tokens import list_item

CHANGE_VERBS = words("changes", "verbs")
OLD = words("changes", "old")
NEW = words("changes", "new")
WAS = words("changes", "was")
DAY_PARTS = frozenset({"appos", "compound", "nummod"})
"""How a day's words hang on each other ("Sat 12 May"): the to may hang on any."""


def change_of(tokens: tuple[Token, ...], value: Value) -> str:
    """``old`` or ``new`` when the value is the from or the to of a change ("moved from
    Thursday to Friday"), ``old`` in an aside saying what it was ("Tue 14 May (was Mon 13
    May)"); "" for any other value of the sentence ("moved to 14 Linden Lane last year":
    last year is no new day)."""
    if was_before(tokens, value.start):
        return "old"
    k, seen = tokens[value.start].head, {value.start}
    while 0 <= k < len(tokens) and k not in seen:  # the nearest "from" or "to" above it
        t = tokens[k]
        if t.pos == "ADP" and t.lemma in OLD | NEW:
            of_one = of_a_change(tokens, k) or _on_a_from(tokens, k)
            if list_item(tokens, k) != list_item(tokens, value.start):
                return ""  # "…; Ann & Rob on Sat 3 Oct", hung by the parser on a from before
            return ("old" if t.lemma in OLD else "new") if of_one else ""
        seen.add(k)
        k = t.head
    return ""


def was_before(tokens: tuple[Token, ...], start: int) -> bool:
    """The value opens an aside after "was" ("(was Mon 13 May)", "- was 5 Mill Lane")."""
    k = start - 1
    while k >= 0 and tokens[k].text.lower() in WAS:
        k -= 1
    return k < start - 1 and k >= 0 and tokens[k].text in ("(", "-", "–", ",", ";")


def _on_a_from(tokens: tuple[Token, ...], k: int) -> bool:
    """The "to" at ``k`` hangs, as the parser reads it, on a change's "from" or on the
    from's day ("moved from Sat 5 May | to Sat 12 May")."""
    head = tokens[k].head
    seen = {k}
    while 0 <= head < len(tokens) and tokens[head].dep in DAY_PARTS and head not in seen:
        seen.add(head)  # "from Sat 12 May | to …": the to hung on the day's month
        head = tokens[head].head
    if 0 <= head < len(tokens) and tokens[head].dep == "pobj":
        head = tokens[head].head
    return 0 <= head < len(tokens) and tokens[head].pos == "ADP" and of_a_change(tokens, head)


def of_a_change(tokens: tuple[Token, ...], k: int) -> bool:
    """The preposition at ``k`` says a change's from or to: it hangs on a change verb, or
    on the thing the verb moves ("moved my check-up to Tuesday", as the parser reads it)."""
    head = tokens[k].head
    if not 0 <= head < len(tokens):
        return False
    if tokens[head].lemma in CHANGE_VERBS:
        return True
    verb = tokens[head].head
    return (
        tokens[head].dep == "dobj"
        and 0 <= verb < len(tokens)
        and tokens[verb].lemma in CHANGE_VERBS
    )
