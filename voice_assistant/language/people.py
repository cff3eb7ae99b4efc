"""The people a unit names (and pets, and named things): names, person words, the user,
and pronouns standing for the person named before. Word classes come from WordNet."""

from __future__ import annotations

from dataclasses import replace

from voice_assistant.language.days import CALENDAR
from voice_assistant.language.lexicon import LEXICON, words
from voice_assistant.language.reading import USER, Mention, Token
from voice_assistant.language.tokens import label_end
from voice_assistant.language.wordnet import wordnet

FIRST_PERSON = words("person", "first")

THIRD_PERSON = words("person", "third")
ONE_BEING = words("person", "one_being")

TITLES = words("person", "titles")

PERSON_CLASSES = frozenset(LEXICON["kinds"]["person"]) | {"noun.animal"}


def is_person_word(word: str) -> bool:
    """A noun that names a person or an animal: most of its senses do ("dentist", "dog";
    not "router", whose first sense is a worker), or one is a relative ("mum" is first a
    chrysanthemum)."""
    senses = wordnet().synsets(word)
    people = sum(s.lexname in PERSON_CLASSES for s in senses)
    return people > len(senses) - people or wordnet().is_a(word, "relative")


def is_name(token: Token, title: bool = False) -> bool:
    """A word that may name someone: a capitalised word WordNet does not know (the tagger
    calls "Tuva" in "Tuva: 14 February" a noun, "Kwame" an adjective), or a proper noun
    outside a title, where every word is capitalised ("Family"). The small model often
    calls a name an organisation or a nationality, so that is no bar."""
    if token.lemma in CALENDAR or not token.text[:1].isupper() or not token.text.isalpha():
        return False
    if len(token.text) < 2 or token.text.isupper():
        return False  # "my bond ISA", "the PIN": a name is not written in capitals
    if token.entity not in ("", "person", "organisation", "group", "place"):
        return False
    if token.entity == "place" and token.dep != "poss":
        return False  # "in Gdansk"; but "Zuzana's birthday" is a person's, whatever the model
    if token.entity == "person" and not title:
        return True  # "How old is Bracken?", the name read as a verb
    if not (wordnet().knows(token.lemma) or wordnet().knows(token.text.lower())):
        return token.pos not in ("PRON", "DET", "ADP", "AUX", "CCONJ", "SCONJ", "PART")
    if token.pos != "PROPN" or token.entity == "group":
        return False
    if wordnet().lexnames(token.lemma) == {"noun.location"}:
        return False  # "Leeds to Bergen", which the recogniser calls a firm: a city
    return not title or token.entity == "person"


def mentions(
    tokens: tuple[Token, ...],
    resolve: frozenset[str],
    title: bool = False,
    known: frozenset[str] = frozenset(),
) -> list[Mention]:
    """The people (and pets, and named things) a unit names: names, person nouns, the
    user ("I", "my", "we"), and pronouns standing for ``resolve`` (the last person).
    ``known``: words the note shows to be a name though WordNet knows them ("Bramble")."""
    colon = label_end(tokens)
    out: list[Mention] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.lemma in FIRST_PERSON and t.pos == "PRON":
            out.append(Mention(frozenset({USER}), i, i + 1, _role(tokens, i, colon)))
            i += 1
            continue
        if t.lemma in THIRD_PERSON and t.pos == "PRON" and resolve:
            out.append(Mention(resolve, i, i + 1, _role(tokens, i, colon)))
            i += 1
            continue
        possessive = i + 1 < len(tokens) and tokens[i + 1].dep == "case"  # "Cal's is …"
        opening = i == 0 or tokens[i - 1].text == ";"  # "…; Cal 11/23; …"
        as_owner = (possessive or opening) and t.dep != "pobj"
        named = (
            (t.lemma in known and t.text[:1].isupper())
            or is_name(replace(t, dep="poss") if as_owner else t, title or i == 0)
            or (i == 0 and _said_to_be_someone(tokens, i))
        )
        heads = t.dep not in ("compound", "amod", "nmod") or t.dep == "poss"
        compound = (
            f"{tokens[i - 1].lemma} {t.lemma}" if i and tokens[i - 1].dep == "compound" else ""
        )
        noun = (
            (t.pos == "NOUN" or (t.pos == "PROPN" and (title or i == 0)))  # "Decorator moved"
            and heads
            and (is_person_word(t.lemma) or (bool(compound) and is_person_word(compound)))
        )
        if not (named or noun):
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and named and is_name(tokens[j], title or i == 0):
            j += 1
        words_ = " ".join(tok.lemma for tok in tokens[i:j])
        if noun and i > 0 and tokens[i - 1].dep == "compound" and tokens[i - 1].pos == "NOUN":
            words_ = f"{tokens[i - 1].lemma} {words_}"  # "window cleaner"
        names = {words_} | ({tokens[i].lemma, tokens[j - 1].lemma} if named else set())
        if named and j - i > 2:  # "Tutor Ola Reyes": Ola Reyes, and Ola
            names |= {" ".join(x.lemma for x in tokens[i + 1 : j]), tokens[i + 1].lemma}
        names -= TITLES
        start = i - 1 if noun and " " in words_ else i
        hyphen = i >= 2 and tokens[i - 1].text == "-" and tokens[i - 2].joined
        longer = (i >= 3 and tokens[i - 3].text == "-") or (
            j < len(tokens) and tokens[j].text == "-"
        )
        if noun and hyphen and tokens[i - 1].joined and not longer:  # "vice-captain"
            names, start = {f"{tokens[i - 2].lemma}{words_}"}, i - 2
        out.append(Mention(frozenset(n for n in names if n), start, j, _role(tokens, j - 1, colon)))
        i = j
    return _unpossessed(tokens, _joined(tokens, out))


def _unpossessed(tokens: tuple[Token, ...], found: list[Mention]) -> list[Mention]:
    """ "My brother", "his son Kwame": the person is the brother or the son, theirs is
    whose relation they are (``Mention.of``), not whose their things are."""
    people = [i for i, m in enumerate(found) if not _pronoun(tokens, m)]
    out: list[Mention | None] = list(found)
    for i, m in enumerate(found):
        head = tokens[m.start].head if m.end - m.start == 1 else -1
        if tokens[m.start].dep != "poss":
            continue
        related = [p for p in people if p != i and found[p].start <= head < found[p].end]
        if related:  # "my brother's son": the brother is mine, the son my brother's
            whose = out[i] or m
            out[i] = None
            person = out[related[0]] or found[related[0]]
            out[related[0]] = replace(person, of=person.of | whose.names)
    return [m for m in out if m is not None]


def _pronoun(tokens: tuple[Token, ...], m: Mention) -> bool:
    return m.end - m.start == 1 and tokens[m.start].pos == "PRON"


def _joined(tokens: tuple[Token, ...], found: list[Mention]) -> list[Mention]:
    """ "Dad (Henrik)", "my brother Bartek", "Henrik, my dad": one person, several names."""
    out: list[Mention] = []
    for m in found:
        joinable = [k for k, o in enumerate(out) if not _another_persons(tokens, o)]
        if joinable and _another_persons(tokens, m):
            joinable = []  # "Aurel (Mum's dad)": Mum is not Aurel
        at = joinable[-1] if joinable else -1
        if joinable and USER not in m.names and USER not in out[at].names:
            last = out[at]
            between = [tokens[k].text for k in range(last.end, m.start)]
            apposed = any(tokens[k].dep == "appos" for k in range(m.start, m.end)) or any(
                tokens[k].dep == "appos" for k in range(last.start, last.end)
            )
            adjacent = not between and _noun_and_name(tokens, last, m)
            aside = _inside_brackets_after(tokens, last, m)  # 'Mum (Halina, "Granny Jo")'
            if aside or (
                (not between or between in (["("], [","]))
                and (apposed or adjacent or between == ["("])
            ):
                out[at] = Mention(last.names | m.names, last.start, m.end, last.role, last.of)
                continue
        out.append(m)
    return out


def _another_persons(tokens: tuple[Token, ...], m: Mention) -> bool:
    """The possessor of a person ("Mum" of "Mum's dad"): someone else than the person
    beside it (but "my brother Bartek's birthday" is Bartek's)."""
    if USER in m.names:
        return False
    heads = [tokens[k].head for k in range(m.start, m.end) if tokens[k].dep == "poss"]
    return any(
        0 <= h < len(tokens) and not m.start <= h < m.end and is_person_word(tokens[h].lemma)
        for h in heads
    )


def _said_to_be_someone(tokens: tuple[Token, ...], i: int) -> bool:
    """A capitalised word the line says is a person or an animal: "Biscuit is our dog",
    "Thistle (the cat, 11) …"."""
    t = tokens[i]
    if not t.text[:1].isupper() or t.pos not in ("PROPN", "NOUN", "VERB", "ADJ"):
        return False  # the tagger makes a name of a plant or a herb a verb ("Juniper (…")
    if i + 1 < len(tokens) and tokens[i + 1].text == "(":
        closing = next((k for k in range(i + 1, len(tokens)) if ")" in tokens[k].text), i + 1)
        return any(c.pos == "NOUN" and _first_a_being(c.lemma) for c in tokens[i + 2 : closing])
    head = t.head
    being = t.pos in ("PROPN", "NOUN") and t.dep == "nsubj" and 0 <= head < len(tokens)
    if being and tokens[head].lemma == "be":
        said = [c for c in tokens if c.head == head and c.dep == "attr" and c.pos == "NOUN"]
        return any(is_person_word(c.lemma) for c in said)
    return False


def _first_a_being(word: str) -> bool:
    """A word said of a name in brackets names a person or an animal when its most common
    sense does ("the cat": a cat is first a feline, whatever its other senses)."""
    senses = wordnet().synsets(word)
    return (bool(senses) and senses[0].lexname in PERSON_CLASSES) or is_person_word(word)


def _inside_brackets_after(tokens: tuple[Token, ...], first: Mention, second: Mention) -> bool:
    """``second`` stands in the brackets that open right after ``first`` (or after the
    first of its names: 'Mum (Halina, "Granny Jo" to the kids)')."""
    opening = next(
        (
            k
            for k in range(first.start + 1, min(first.end + 1, len(tokens)))
            if tokens[k].text == "("
        ),
        None,
    )
    quoted = second.start > 0 and tokens[second.start - 1].text in ('"', "“", "'", "‘")
    named = is_name(tokens[second.start]) or (quoted and tokens[second.start].text[:1].isupper())
    if opening is None or (opening != first.end and not named):
        return False  # a name after the first, not "the kids" it is said to
    closing = next((k for k in range(opening, len(tokens)) if ")" in tokens[k].text), len(tokens))
    return opening < second.start and second.end <= closing


def _noun_and_name(tokens: tuple[Token, ...], first: Mention, second: Mention) -> bool:
    """ "my partner Kwame", "Kwame my partner": a person word beside a name."""
    if any(tokens[m.start].pos == "PRON" for m in (first, second)):
        return False
    named = [is_name(tokens[m.start]) for m in (first, second)]
    return named[0] != named[1]


def _role(tokens: tuple[Token, ...], i: int, colon: int | None) -> str:
    t = tokens[i]
    if colon is not None and i < colon:
        return "label"
    if t.dep == "poss" or (i + 1 < len(tokens) and tokens[i + 1].text in ("'s", "’s", "'")):
        return "possessor"
    if t.dep in ("nsubj", "nsubjpass"):
        return "subject"
    if t.dep == "appos" and 0 <= t.head < len(tokens):
        return _role(tokens, t.head, colon)
    return "other"
