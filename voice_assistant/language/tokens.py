"""A parsed span as plain tokens (what a note's reading stores), and the word-level
reading every module shares: lemmas, content words, a line's label, a phrase's text."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from voice_assistant.language.lexicon import LEXICON, ORDINALS, words
from voice_assistant.language.reading import Token

if TYPE_CHECKING:
    from spacy.tokens import Span
    from spacy.tokens import Token as SpacyToken

ENTITY_KINDS: dict[str, str] = dict(LEXICON["kinds"]["entities"])
CONTENT = frozenset({"NOUN", "PROPN", "ADJ", "VERB", "ADV", "NUM", "X"})
NOMINAL_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "compound"})
"""Roles only a noun (or a name) plays: a word in one is content, whatever its tag."""

NEGATION = words("negation", "words")


SHORT_FORMS: dict[str, str] = dict(LEXICON["tokens"]["short_forms"]) | {
    f"{day}s": day for day in LEXICON["calendar"]["weekdays"]
}


_BEFORE_A_NUMBER: dict[str, str] = dict(LEXICON["tokens"]["short_forms_before_a_number"])
_A_NUMBER = words("tokens", "number_signs")
_BEFORE_A_TIME: dict[str, str] = dict(LEXICON["tokens"]["short_forms_before_a_time"])


def lemma(token: object) -> str:
    """Lower-case lemma without accents ("Tomás" and "Tomas", as whisper may write it,
    are one name); a proper noun, and a capitalised word English does not know, keeps its
    own text; a word as people jot it is the word it stands for ("op", "hrs")."""
    text = str(getattr(token, "text", ""))
    short = text.lower().rstrip(".")
    if short in _BEFORE_A_NUMBER and _next_text(token) in _A_NUMBER:
        return _BEFORE_A_NUMBER[short]
    if short in _BEFORE_A_TIME and _a_clock_time(_next_text(token)):
        return _BEFORE_A_TIME[short]
    if short in SHORT_FORMS:
        return SHORT_FORMS[short]
    if len(text) > 2 and text.endswith("s") and text[:-1].isupper():
        return text[:-1].lower()  # "ISAs": the plural of a word written in capitals
    said = text if getattr(token, "pos_", "") == "PROPN" else getattr(token, "lemma_", text)
    if said != text and text[:1].isupper() and text.isalpha() and _unknown(said):
        said = text  # a name the tagger took for a plural ("Ynys: 30 April", not "Yny")
    return _unaccented(str(said).lower())


def _next_text(token: object) -> str:
    doc, i = getattr(token, "doc", None), getattr(token, "i", -1)
    return str(doc[i + 1].text).lower() if doc is not None and 0 <= i < len(doc) - 1 else ""


def _a_clock_time(text: str) -> bool:
    """ "6:05am", "14.30", "7pm": a time on a clock, not a sum or a count."""
    digits = text.removesuffix("am").removesuffix("pm")
    return text[:1].isdigit() and (digits != text or (":" in text or "." in text))


def _unknown(word: str) -> bool:
    from voice_assistant.language.wordnet import wordnet

    return not wordnet().knows(word.lower())


def _unaccented(word: str) -> str:
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def tokens_of(span: Span) -> tuple[Token, ...]:
    start = span.start
    kinds = {}
    for ent in span.ents:
        kind = ENTITY_KINDS.get(ent.label_, "")
        if kind in ("date", "time") and len(ent) == 1 and _names_a_thing(ent[0]):
            continue  # "the Christmas craft fair", "the parents' evening": a thing
        for t in ent:
            kinds[t.i] = kind
    return tuple(
        Token(
            text=t.text,
            lemma="number" if _number_sign(t) else lemma(t),
            pos=t.pos_,
            dep=t.dep_,
            head=(t.head.i - start) if span.start <= t.head.i < span.end else -1,
            entity=kinds.get(t.i, ""),
            joined=not t.whitespace_,
        )
        for t in span
    )


def _number_sign(token: SpacyToken) -> bool:
    """ "no." before a number ("membership no. 44817"): the word "number", not "no"."""
    doc = token.doc
    return (
        token.lower_ == "no"
        and token.i + 2 < len(doc)
        and doc[token.i + 1].text == "."
        and doc[token.i + 2].like_num
    )


def _names_a_thing(token: SpacyToken) -> bool:
    """A one-word day or time that modifies a thing ("the Christmas craft fair", "the
    winter tyres") or is one ("the parents' evening"); not one of a time ("Tuesday
    evenings")."""
    from voice_assistant.language.wordnet import wordnet

    if token.dep_ in ("compound", "amod"):
        if token.head.ent_type_ in ("TIME", "DATE"):
            return False  # "Wed 6:30pm": the day of a time
        return "noun.time" not in wordnet().lexnames(token.head.lemma_.lower())
    return any(c.dep_ == "poss" for c in token.children)


def negated(tokens: tuple[Token, ...], i: int) -> bool:
    """ "not back yet": a word a negation governs or directly follows."""
    before = tokens[i - 1].lemma if i > 0 else ""
    return before in NEGATION or any(t.head == i and t.lemma in NEGATION for t in tokens)


def content_words(tokens: tuple[Token, ...], start: int = 0, end: int | None = None) -> set[str]:
    """The content lemmas of a stretch (not those negated), with hyphenated words also
    joined ("check-up") and compounds as one ("window cleaner")."""
    end = len(tokens) if end is None else end
    said = [
        t
        for i, t in enumerate(tokens[start:end], start)
        if (t.pos in CONTENT or (t.dep in NOMINAL_ROLES and t.text.isalpha()))
        and not negated(tokens, i)
    ]  # "this year's renewal quote is £468": "quote" tagged as an interjection
    found = {t.lemma for t in said} | {t.text.lower() for t in said}  # the tagger may be wrong
    found |= {o for t in said if (o := _ordinal_said_otherwise(t.text.lower()))}
    for i in range(start + 1, end - 1):
        if tokens[i].text == "-":
            found.add(f"{tokens[i - 1].lemma}{tokens[i + 1].lemma}")
    for i in range(start, end - 1):  # "window cleaner": the compound as one word too
        if tokens[i].dep == "compound" and tokens[i].head == i + 1:
            found.add(f"{tokens[i].lemma} {tokens[i + 1].lemma}")
    return found


SUFFIXES = words("numbers", "ordinal_suffixes")
BY_NUMBER = {n: w for w, n in ORDINALS.items()}


def _ordinal_said_otherwise(word: str) -> str:
    """ "ninetieth" as "90th", and "90th" as "ninetieth": one word however it is written."""
    if word in ORDINALS:
        n = ORDINALS[word]
        return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    if word[-2:] in SUFFIXES and word[:-2].isdigit():
        return BY_NUMBER.get(int(word[:-2]), "")
    return ""


def aside(tokens: tuple[Token, ...], k: int, at: int) -> bool:
    """Token ``k`` stands in brackets that token ``at`` is outside of: an aside, whose
    people and words say nothing of what is outside ("Drinks from 3pm (the kids arrive at
    2:30)": the drinks are not the kids', nor do they arrive)."""
    opened = -1
    for j, t in enumerate(tokens):
        if t.text == "(":
            opened = j
        elif t.text == ")" and opened >= 0:
            if opened < k < j and not opened < at < j:
                return True
            opened = -1
    return False


def label_end(tokens: tuple[Token, ...]) -> int | None:
    """The colon that ends a line's label ("Flight out: …"), if the line has one early and
    what comes before it names something rather than says it ("Clay comes from X: …" is a
    sentence)."""
    for k, t in enumerate(tokens[:7]):
        if t.text in (":", "):", "-:") and k > 0:
            said = any(x.pos in ("VERB", "AUX") for x in tokens[:k])
            return None if said else k
    return None


def subtree(tokens: tuple[Token, ...], root: int) -> list[int]:
    found = [root]
    frontier = [root]
    while frontier:
        here = frontier.pop()
        for k, t in enumerate(tokens):
            if t.head == here and k != here and k not in found:
                found.append(k)
                frontier.append(k)
    return sorted(found)


def text_of(tokens: tuple[Token, ...], start: int, end: int) -> str:
    """The words of a span as written."""
    out = "".join(t.text + ("" if t.joined else " ") for t in tokens[start:end])
    return out.strip(" ,;:.")


def hyphened(tokens: tuple[Token, ...]) -> dict[int, str]:
    """Words written with a hyphen ("non-members", "check-up"), by the hyphen's index."""
    return {
        k: f"{tokens[k - 1].lemma}-{tokens[k + 1].lemma}"
        for k in range(1, len(tokens) - 1)
        if tokens[k].text == "-" and tokens[k - 1].joined and tokens[k].joined
    }


def list_item(tokens: tuple[Token, ...], start: int, end: int | None = None) -> tuple[int, int]:
    """The item of a semicolon list that tokens ``start`` to ``end`` stand in: from the
    token after the last semicolon before them to the first semicolon after them."""
    end = start + 1 if end is None else end
    before = (k + 1 for k in range(start) if tokens[k].text == ";")
    after = (k for k in range(end, len(tokens)) if tokens[k].text == ";")
    return max(before, default=0), next(after, len(tokens))


def clause_of(tokens: tuple[Token, ...], k: int) -> int:
    """The verb (or the root) whose clause token ``k`` is in."""
    seen = set()
    while 0 <= k < len(tokens) and k not in seen:
        seen.add(k)
        t = tokens[k]
        if t.pos in ("VERB", "AUX") or t.dep == "ROOT" or t.head < 0:
            return k
        k = t.head
    return k
