"""A question read once by the parser: the kind of value it asks for, what it is about
(its focus), whose (its owner), and the words that pick one of two (its qualifiers).

"When is Zuzana's birthday?" asks for a date; its focus is *birthday*, owned by *Zuzana*.
"What time does our flight back from Tallinn leave?" asks for a time; its focus is
*flight* (and *Tallinn*), the user's own, qualified *back* and *leave*. "What colour are
the bathroom tiles?" asks for a kind of *colour*; its focus is *tiles* with *bathroom*.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from voice_assistant.language.asking import (
    LIGHT,
    WH,
    WRAPPING,
    asked_for,
    by_noun,
    doer,
    governor_of,
    opens,
)
from voice_assistant.language.choice import Side, offered, sides_of
from voice_assistant.language.days import CALENDAR
from voice_assistant.language.lexicon import LEXICON, qualifier_words, words
from voice_assistant.language.people import FIRST_PERSON, mentions
from voice_assistant.language.question_parts import (
    PERIODS,
    adjective,
    asked_of,
    days_asked,
    gerund,
    name_of,
    nominal,
    qualifiers_of,
    said_as_when,
)
from voice_assistant.language.reading import USER, Token
from voice_assistant.language.tokens import CONTENT, content_words, hyphened, tokens_of
from voice_assistant.language.whose import named, owner_of
from voice_assistant.language.wordnet import wordnet
from voice_assistant.language.written import rewritten

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from voice_assistant.language.parser import Parser

UNSAID = words("questions", "unsaid")
NOT_PICKING = words("questions", "not_picking")
CURRENT = words("questions", "current")
NAMING = words("questions", "naming_verbs")
NOMINAL = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "acomp", "poss"})
FRACTIONS = frozenset(LEXICON["numbers"]["fractions"])
GENERIC = words("kinds", "generic_heads")
KIND_NOUNS = frozenset(LEXICON["questions"]["nouns"])
"""Nouns that name the kind of value asked ("address", "price"): a note may not say them."""
REMINDING = words("questions", "reminding")
QUALIFIERS = qualifier_words()


@dataclass(frozen=True)
class Question:
    text: str
    tokens: tuple[Token, ...]
    wh: tuple[int, int]
    """The question phrase's span ("what time", "how much"); (0, 0) when there is none."""
    kinds: tuple[str, ...]
    """The kinds of value asked for; () for an open question (an account, a yes or no)."""
    asked: str = ""
    """The noun of "what X" / "which X" when X names no kind of value ("colour",
    "airline"): the answer is a kind of X."""
    head: str = ""
    focus: frozenset[str] = frozenset()
    """The words the answer's sentence must be about (nouns, names and their compounds)."""
    extra: frozenset[str] = frozenset()
    """Other content words (verbs, adjectives): they may, not must, be there."""
    owner: frozenset[str] | None = None
    """Whose: names, ``{USER}`` for "my"/"our", None when the question does not say."""
    qualifiers: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    """The names it says (lower case): a name no note mentions is declined as heard."""
    possessors: frozenset[str] = frozenset()
    """The names it says something of ("Bram's birthday"): someone's, not the world's."""
    days: tuple[frozenset[str], ...] = ()
    """The days it names ("on Christmas Day", "on Saturday"), as ``values.date_key``s: a
    rota's row for another day is no answer."""
    sides: tuple[Side, ...] = ()
    """The answers a question offers ("the front or the back"): kinds ``("choice",)``."""
    governor: tuple[str, str] = ("", "")
    """For "what" as an object ("What did Radu lend me?", "What am I allergic to?"): the
    verb or adjective that takes it, and how (``dobj`` or its preposition)."""

    @property
    def single(self) -> bool:
        """One value asked for, which code can find and say."""
        return bool(self.kinds) and "open" not in self.kinds


def read_question(parser: Parser, text: str) -> Question:
    doc = parser(rewritten(text, parser.date_order))  # typed "What's on 3/10?", as notes are
    opened = _contracted_be(doc)
    if opened is not None:  # "What time's …" read again as "What time is …"
        doc = parser(opened)
    sentence = next((s for s in doc.sents if any(t.lower_ in WH for t in s)), doc[:])
    return reading_of(text, tokens_of(sentence))


def _contracted_be(doc: Doc) -> str | None:
    """The question with the "'s" after its question word spelled "is" ("When's",
    "What time's"), which the small model otherwise reads as a possessive."""
    for i, t in enumerate(doc[:3]):
        if t.lower_ not in WH:
            continue
        k = i + 1 if i + 1 < len(doc) and doc[i + 1].pos_ == "NOUN" else i
        if k + 1 < len(doc) and doc[k + 1].text in ("'s", "’s"):
            said = doc[k + 1]
            return doc.text[: said.idx] + " is" + doc.text[said.idx + len(said.text) :]
        return None
    return None


def reading_of(text: str, tokens: tuple[Token, ...]) -> Question:
    """The question's reading from its parsed tokens (pure: tests give tokens)."""
    wh_start = next(
        (
            i
            for i, t in enumerate(tokens)
            if t.lemma in WH and t.pos in ("PRON", "DET", "ADV", "SCONJ")
        ),
        None,
    )
    if wh_start is None:
        return _open(text, tokens)
    wh_end, kinds, asked = asked_for(tokens, wh_start)
    sides = {  # "the visitors' wifi": which of two wifis, not whose
        i
        for i, t in enumerate(tokens)
        if t.dep == "poss" and t.pos == "NOUN" and t.lemma in QUALIFIERS
    }
    people = [
        m
        for m in mentions(tokens, frozenset())
        if not (m.start < wh_end and m.end > wh_start)
        and not any(m.start <= i < m.end for i in sides)
        and not asked_of(tokens, m)
    ]
    outside = [i for i in range(len(tokens)) if not wh_start <= i < wh_end]
    nouns = [
        i for i in outside if tokens[i].pos in ("NOUN", "PROPN") and tokens[i].lemma not in CALENDAR
    ]
    head = _head(tokens, nouns)
    owner, owned = owner_of(tokens, people, head, kinds)
    skip = set(range(wh_start, wh_end)) | owned
    written = hyphened(tokens)  # "non-members": one word, not "non" and "members"
    joined = {k + d for k in written for d in (-1, 0, 1)}
    qualifiers = qualifiers_of(tokens, skip)
    focus: set[str] = set()
    extra: set[str] = set()
    for i in outside:
        t = tokens[i]
        if (
            i in skip
            or t.pos not in CONTENT
            or t.lemma in qualifiers
            or t.entity in ("date", "time")
            or i in joined
            or not t.text[:1].isalnum()
            or said_as_when(tokens, i)
        ):
            continue
        if adjective(t):
            continue
        if (t.pos in ("NOUN", "PROPN") or nominal(t)) and t.lemma not in LIGHT | WRAPPING:
            focus.add(t.lemma)  # not "need", read as a noun
        elif gerund(tokens, i, (wh_start, wh_end)):
            focus.add(t.text.lower())
        elif t.lemma not in UNSAID and t.lemma not in WRAPPING and t.lemma not in REMINDING:
            extra.add(t.lemma)
    extra |= {t.lemma for t in tokens if t.dep == "prt"}  # "come out", "go in"
    extra |= {t.lemma for t in tokens if t.lemma in FRACTIONS}  # "for half an hour"
    extra |= {  # "for half an hour", "on Saturday": words that pick a row
        t.lemma
        for i, t in enumerate(tokens)
        if t.entity in ("date", "time")
        and not wh_start <= i < wh_end
        and t.lemma.isalpha()
        and t.lemma not in NOT_PICKING
        and not (t.lemma in PERIODS and i and tokens[i - 1].lemma in CURRENT)  # "this year"
    }
    focus |= {w for w in content_words(tokens) if " " in w and w.split()[0] in focus}
    hyphened_nouns = {  # "vice-captain": one noun, as a note's words hold it
        k: w.replace("-", "")
        for k, w in written.items()
        if w not in QUALIFIERS
        and (tokens[k + 1].pos in ("NOUN", "PROPN") or _a_noun(w))  # "set-up" as a noun
        and k + 1 not in skip
        and not {k - 2, k + 2} & set(written)  # "sister-in-law" is read as it was
    }
    focus |= set(hyphened_nouns.values())
    head_word = next(
        (w for k, w in hyphened_nouns.items() if head is not None and k - 1 <= head <= k + 1),
        tokens[head].lemma if head is not None else "",
    )
    if focus - GENERIC - KIND_NOUNS:  # "the address of the clinic": the clinic's
        focus -= (GENERIC | KIND_NOUNS) & {tokens[head].lemma} if head is not None else set()
    governor = governor_of(tokens, wh_start, wh_end) if not kinds else doer(tokens, wh_start, kinds)
    if kinds and not governor[0] and tokens[wh_start].dep == "pobj":
        governor = governor_of(tokens, wh_start)  # "Who are we flying with?": with whom
    naming = name_of(tokens, head)
    if naming:  # "the name of the place we're staying": a place's name
        kinds, governor = naming, ("", "")
    if opens(tokens, wh_start, kinds, focus | extra):
        kinds = ("open",)
    elif governor[0] in NAMING and governor[1] in ("dobj", "oprd"):
        kinds = tuple(LEXICON["questions"]["nouns"]["name"])  # "what the guy's called"
        extra.discard(governor[0])
    elif governor[0] and governor[1] != "nsubj" and not kinds:
        kinds = ("object",)
        extra.discard(governor[0])
    if not kinds:
        kinds = by_noun(tokens[head].lemma) if head is not None else ("attribute",)
    return Question(
        text=text,
        tokens=tokens,
        wh=(wh_start, wh_end),
        kinds=kinds,
        asked=asked,
        head=head_word,
        focus=frozenset(focus),
        extra=frozenset(extra),
        owner=owner,
        qualifiers=qualifiers,
        names=frozenset(n for m in people for n in m.names if n != USER and named(tokens, m)),
        possessors=frozenset(
            n
            for m in people
            for n in (m.names if m.role == "possessor" else m.of)
            if n != USER and (m.role != "possessor" or named(tokens, m))
        ),
        governor=governor,
        days=days_asked(tokens, wh_start, wh_end),
    )


def _open(text: str, tokens: tuple[Token, ...]) -> Question:
    """No question word: a yes/no question, a request ("Tell me about …"): open; unless
    it offers its own answers ("… the front or the back?"): a choice."""
    sides = sides_of(tokens)
    if not sides:
        return _about(Question(text=text, tokens=tokens, wh=(0, 0), kinds=("open",)))
    skip = offered(tokens, sides)
    focus = frozenset(
        t.lemma
        for k, t in enumerate(tokens)
        if k not in skip
        and t.lemma not in LIGHT | WRAPPING
        and (t.pos in ("NOUN", "PROPN") or (t.pos == "ADJ" and t.dep in NOMINAL))
    )  # "Is Spanish in person …", "Does Lena's spare …": adjectives standing as nouns
    return Question(
        text=text, tokens=tokens, wh=(0, 0), kinds=("choice",), focus=focus, sides=sides
    )


def _about(question: Question) -> Question:
    """An open question's focus and owner ("Tell me about Wilhelmina's birthday party"): what
    the model's answer must be about, checked by code (``language.grounding``)."""
    tokens = question.tokens
    nouns = [
        i
        for i, t in enumerate(tokens)
        if t.pos in ("NOUN", "PROPN") and t.lemma not in CALENDAR | LIGHT | WRAPPING | GENERIC
    ]
    head = _head(tokens, nouns)
    people = mentions(tokens, frozenset())
    owner, owned = owner_of(tokens, people, head, ())
    qualifiers = qualifiers_of(tokens, owned)
    focus = frozenset(tokens[i].lemma for i in nouns if i not in owned) - qualifiers
    names = frozenset(n for m in people for n in m.names if n != USER and named(tokens, m))
    return replace(question, focus=focus, owner=owner, names=names, qualifiers=qualifiers)


def _head(tokens: tuple[Token, ...], nouns: list[int]) -> int | None:
    """The noun the question is about: one something possesses ("Mum and Dad's new
    address"), then a subject, complement or object."""
    for i in nouns:
        possessed = any(t.head == i and t.dep == "poss" for t in tokens)
        of = tokens[i].dep == "pobj" and tokens[tokens[i].head].lemma == "of"
        if of:  # "the name of Radu's boy": the name is asked, of the boy
            continue
        in_phrase = tokens[i].dep == "pobj" and tokens[tokens[i].head].head in nouns
        if in_phrase and tokens[i].entity != "date":
            continue  # "the code at my parents' place": the code is asked, at the place
        if possessed and not any(t.head == i and t.lemma in FIRST_PERSON for t in tokens):
            return _phrase_head(tokens, i)
    for deps in (("nsubj", "nsubjpass", "attr"), ("dobj", "pobj", "ROOT", "appos")):
        for i in nouns:
            if tokens[i].dep in deps and tokens[i].lemma not in WRAPPING:
                return _phrase_head(tokens, i)
    return nouns[0] if nouns else None


def _phrase_head(tokens: tuple[Token, ...], i: int) -> int:
    while tokens[i].dep == "compound" and 0 <= tokens[i].head < len(tokens):
        i = tokens[i].head
    return i


def _a_noun(hyphened_word: str) -> bool:
    """ "set-up", "pick-up": a verb and particle joined by a hyphen that English has as a
    noun ("setup"), though the tagger read a verb."""
    joined = hyphened_word.replace("-", "")
    return bool(wordnet().synsets(joined, "n") or wordnet().synsets(hyphened_word, "n"))
