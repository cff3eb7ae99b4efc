"""The first condition of a note's value: its unit is about what the question asks (its
focus said as written, by a synonym, a derived word or a narrower one), and not about
another thing beside it in the same sentence; and a day the question names."""

from __future__ import annotations

from voice_assistant.language.changes import change_of, was_before
from voice_assistant.language.days import CALENDAR, date_key, same_day
from voice_assistant.language.items import (
    a_fraction_of_it,
    in_another_item,
    in_the_item_asked,
    numbered,
    opens_with_and,
    respectively,
)
from voice_assistant.language.lexicon import LEXICON, qualifier_words, words
from voice_assistant.language.question import KIND_NOUNS, Question
from voice_assistant.language.reading import USER, Part, Token, Unit
from voice_assistant.language.tokens import content_words, label_end
from voice_assistant.language.values import street_address
from voice_assistant.language.wordnet import wordnet

GENERIC = words("kinds", "generic_heads")
QUALIFIERS = qualifier_words()
EVENTS = frozenset({"noun.act", "noun.event"})
"""WordNet classes of undertakings ("conversion", "refit"): named by their thing too."""
IMPLIED: dict[str, set[str]] = {k: set(v) for k, v in LEXICON["implied"].items()}


def focus_found(question: Question, context: frozenset[str], relaxed: bool = False) -> float | None:
    """None when a focus word is missing from the unit and its title; else a score: words
    found as written count more than synonyms. ``relaxed``: a focus of words that only
    name a kind of value ("number") need not be said (``named_only_by_kind``)."""
    needed = {w for w in question.focus if " " not in w}
    if not needed - GENERIC - KIND_NOUNS:  # "the key safe code at …": the key safe's
        needed |= _modifiers(question, needed)
    if needed - GENERIC - KIND_NOUNS:
        needed -= GENERIC | KIND_NOUNS  # "dentist appointment": the note says dentist
    elif relaxed:
        needed = set()  # "Oona's number": what is hers of the kind asked, however named
    score = 0.0
    for word in needed:
        found = focus_found_word(word, context)
        if found is None and _event_by_its_thing(question, word, context):
            found = 0.5
        if found is None:
            return None
        if found < 1 and any(
            focus_found_word(m, context) is None for m in _modifiers(question, {word})
        ):
            return None  # "my mic lock" is no "gym locker": in other words, and another one
        score += found
    return score


def _event_by_its_thing(question: Question, word: str, context: frozenset[str]) -> bool:
    """An undertaking named by its thing, doing what the question asks of it: "the loft
    now starts on 5 October" for when the loft conversion starts (a conversion is an act;
    the loft and "start" are said)."""
    if not wordnet().lexnames(word) & EVENTS:
        return False
    tokens = question.tokens
    things = {
        t.lemma
        for t in tokens
        if t.dep == "compound" and 0 <= t.head < len(tokens) and tokens[t.head].lemma == word
    }
    verbs = {t.lemma for t in tokens if t.pos == "VERB" or t.dep == "ROOT"} - {word} - things
    return bool(things) and things <= context and bool(verbs & context)  # ROOT: "start" a noun


def named_only_by_kind(question: Question) -> bool:
    """The question names its thing only by the kind of value and whose it is ("Oona's
    number"): a note may give it under another word ("Phone list: Oona 4460"). Not a
    vaguer word ("the cat's appointment" is no flea treatment)."""
    needed = {w for w in question.focus if " " not in w}
    owner = question.owner or frozenset()
    return bool(needed) and bool(owner) and USER not in owner and not needed - KIND_NOUNS


def _modifiers(question: Question, nouns: set[str]) -> set[str]:
    """The words the tagger made adjectives before a noun that says only a kind of value
    ("key safe" of "the key safe code"): what the code is of."""
    tokens = question.tokens
    return {
        t.lemma
        for t in tokens
        if t.dep in ("amod", "compound")
        and 0 <= t.head < len(tokens)
        and tokens[t.head].lemma in nouns
        and t.lemma in question.extra
    }


def focus_found_word(word: str, context: frozenset[str]) -> float | None:
    """1 for a word said as written, half for one said in other words, None for none."""
    if word in context:
        return 1.0
    if wordnet().synonyms(word) & context or IMPLIED.get(word, set()) & context:
        return 0.5  # a synonym, or a verb that says it ("Mum turns 70 on 18 May")
    if wordnet().derived(word) & context or _narrower(word, context):
        return 0.5  # "renewal": "renews"; "the contract": "the lease" (a contract)
    if any(" " not in w and wordnet().within(w, word) for w in context):
        return 0.5  # "flying to Japan": "Trip to Kyoto"
    return None


def _narrower(word: str, context: frozenset[str]) -> bool:
    """A word of the note that is a kind of the question's ("lease" of "contract"),
    within two steps of WordNet's tree: the question may name a thing more broadly."""
    return word not in GENERIC and any(
        " " not in w
        and w != word
        and "noun.time" not in wordnet().lexnames(w)  # "three weeks" is no interval asked
        and wordnet().is_a(w, word, depth=3, senses=2, ancestor_senses=2)
        for w in context
    )


def another(question: Question, unit: Unit, part: Part) -> bool:
    """A part about another thing of the unit: it names less of what is asked than
    another part does ("Bisque firing goes to 1000 degrees; glaze firing to 1240 degrees"
    asked about the glaze firing), or names a thing of its own where another part names
    the thing asked ("Warm-up at 18:15, the concert starts at 19:00"). A part naming
    nothing ("Ama's is 9 June") is the same thing, said again."""
    same_number = numbered(question, unit, part)
    if same_number is not None:
        return not same_number
    if question.head == "address" and any(street_address(unit.tokens, v) for v in part.values):
        return False  # "Otter Pond cabin, …; 12 Fernwood Trl": the cabin's street
    focus = {w for w in question.focus if " " not in w}
    counts = [focus_said(focus, p.words - unit.label) for p in unit.parts]
    said = focus_said(focus, part.words - unit.label)
    if said >= max(counts):
        return a_fraction_of_it(question, unit, part, counts)
    if said:  # a word said as written and nothing of its own: the same thing, said shorter
        return not focus & part.words or _named_otherwise(question, unit, part)
    if respectively(unit, part, counts):
        return True
    tokens = unit.tokens
    continues = any(  # "… went in on 1 September and came out on 27 October": the same
        t.pos == "VERB"
        and t.dep == "conj"
        and not any(c.head == k and c.dep == "nsubj" for c in tokens)
        and opens_with_and(tokens, part)  # not "…, blow-dry £25", "wash and cut £40"
        for k, t in enumerate(tokens[part.start : part.end], part.start)
    )
    if continues or _other_side_of(unit, part, counts) or _whose_is(tokens, part):
        return False
    if max(counts) >= 2 and not in_the_item_asked(unit, part, counts):
        return True
    if _an_item_of_its_own(question, unit, part) or in_another_item(question, unit, part):
        return True
    colon = label_end(tokens)
    listed = (  # "Quotes for the roof: Ace £4,200, Skyline £3,850": each is the roof's
        colon is not None
        and part.start > colon
        and focus_said(focus, frozenset(content_words(tokens, 0, colon))) > 0
    )
    own = [
        t
        for k, t in enumerate(unit.tokens[part.start : part.end], part.start)
        if (
            t.pos == "NOUN"
            or (t.pos == "PROPN" and t.dep == "nsubjpass")
            or (t.pos == "VERB" and any(c.head == k and c.dep == "amod" for c in tokens))
        )  # "long run on Sundays": a verb with an adjective is a noun misread
        and (
            t.dep in ("nsubj", "nsubjpass", "ROOT")
            or (t.pos == "NOUN" and not part.start <= t.head < part.end and not listed)
        )  # "MOT due 3 Nov, service due January": the part's own head, however parsed
        and not any(m.start <= k < m.end for m in unit.mentions)
        and not any(
            v.start <= k < v.end for v in part.values if v.kind not in ("attribute", "person")
        )
        and t.lemma not in unit.label
    ]
    return bool(own)


def _whose_is(tokens: tuple[Token, ...], part: Part) -> bool:
    """ "…; Theo's is 29 April": a name's possessive standing for the thing said before."""
    return any(
        t.dep == "case"
        and k > part.start
        and tokens[k - 1].dep in ("nsubj", "poss")
        and tokens[tokens[k - 1].head].lemma == "be"
        for k, t in enumerate(tokens[part.start : part.end], part.start)
    )


def _an_item_of_its_own(question: Question, unit: Unit, part: Part) -> bool:
    """Items that each name their thing before its value ("wash and cut £40, blow-dry
    £25, fringe trim £8"): the part's own name says nothing asked, and another part's
    name says it. Days, and words the question says beside its thing, pick a row of one
    thing ("Drop-off 8:40, wednesdays 9:30"; "juniors race 10:15, open 13:30" asked the
    open race): they name no other thing. The tagger often reads such names as verbs, so
    only the order of words and values counts."""
    focus = {w for w in question.focus if " " not in w}
    focus = focus - GENERIC - KIND_NOUNS or focus  # "Tom's number …, his wife Jess …"
    names = [_item_name(unit, p) for p in unit.parts]
    mine = names[unit.parts.index(part)]
    asked = question.extra | question.qualifiers  # "vets race 11:20, mixed 14:40"
    return (
        bool(mine - question.qualifiers - {question.head})  # "…; copay $12": the fee asked
        and not mine & asked
        and focus_said(focus, frozenset(mine)) == 0
        and any(focus_said(focus, frozenset(n)) for n in names)
    )


def _item_name(unit: Unit, part: Part) -> set[str]:
    """The words of a part before its first number, past the line's label; not its
    people's ("Ace Builds £4,200, Skyline £3,850": whose quote, not what), unless they
    are a side ("(students £3)")."""
    tokens = unit.tokens
    start = max(part.start, (label_end(tokens) or -1) + 1)
    first = next((k for k in range(start, part.end) if tokens[k].pos in ("NUM", "SYM")), start)
    return {
        t.lemma
        for k, t in enumerate(tokens[start:first], start)
        if t.text.isalpha()
        and t.pos != "PROPN"
        and (t.lemma in QUALIFIERS or not any(m.start <= k < m.end for m in unit.mentions))
        and t.pos not in ("ADP", "DET", "CCONJ", "PRON", "AUX", "PART", "ADV")
        and t.entity not in ("date", "time")
        and t.lemma not in CALENDAR
    }


def _named_otherwise(question: Question, unit: Unit, part: Part) -> bool:
    """A part saying less of the thing asked names it otherwise: a word of its own on the
    noun ("Bisque firing goes to 1000 degrees" for the glaze firing, "home insurance" for
    the car's), or says its word of another thing ("Dock gate 3391" for the dock's
    shower block). "Next service due March" is the same service: "next" only picks one."""
    tokens = unit.tokens
    asked = question.focus | question.extra | question.qualifiers | {question.head}
    return any(
        t.dep in ("compound", "amod", "nmod", "poss")
        and t.pos in ("NOUN", "PROPN", "ADJ")
        and k < t.head < len(tokens)  # before it: "service due March" names no service
        and (
            (tokens[t.head].lemma in question.focus and t.lemma not in asked | QUALIFIERS)
            or (t.lemma in question.focus and tokens[t.head].lemma not in asked)
        )  # "Dock gate 3391" asked the dock's shower block code: the gate's
        for k, t in enumerate(tokens[part.start : part.end], part.start)
    )


def _other_side_of(unit: Unit, part: Part, counts: list[int]) -> bool:
    """The part is the to (or the from) of a change whose other side stands in the part
    that names the thing asked: "Darts practice moved from Monday 3 March | to Wednesday 5
    March": the same practice's new day."""
    mine = {change_of(unit.tokens, v) for v in part.values} - {""}
    at = unit.parts.index(part)
    if (
        at
        and counts[at - 1] == max(counts)
        and any(was_before(unit.tokens, v.start) for v in part.values)
    ):
        return True  # "subs £60/yr (was £52)": what the same subs were
    return any(
        counts[n] == max(counts)
        and {change_of(unit.tokens, v) for v in p.values} & ({"old", "new"} - mine)
        for n, p in enumerate(unit.parts)
        if p is not part and mine
    )


def focus_said(focus: set[str] | frozenset[str], words: frozenset[str]) -> int:
    """How many focus words a part says, as written or in other words."""
    return sum(1 for w in focus if w in words or focus_found_word(w, words) is not None)


def picked(question: Question, unit: Unit, part: Part) -> bool:
    """The part says two words or more of what is asked, more than every other part of
    its unit ("£5.20 wholesale to the farm shop" asked what the farm shop pays): the
    question picks it out by its own words (one word, "password", picks no row)."""
    focus = {w for w in question.focus if " " not in w}
    said = focus_said(focus, part.words - unit.label)
    return said > 1 and all(
        focus_said(focus, p.words - unit.label) < said for p in unit.parts if p is not part
    )


def on_the_day(question: Question, unit: Unit) -> bool:
    """A question naming a day ("on Saturday") is answered from that day's row: a unit
    that names other days only is another day's."""
    if not question.days:
        return True
    days = [
        date_key(unit.tokens, v.start, v.end)
        for part in unit.parts
        for v in part.values
        if v.kind == "date"
    ]
    days = [d for d in days if d]
    if not days:
        return True
    return all(any(same_day(asked, said) for said in days) for asked in question.days)


def only_one_says_it(question: Question, part: Part, other: Part) -> bool:
    """Of one person's two values, only ``part`` says the thing asked ("Ray: 14 Elm St,
    Apt 3C; home 555-0172" asked his home number: the flat's "3C" is his too)."""
    whole = {w for w in question.focus if " " not in w}
    return bool(whole & part.words) and not whole & other.words
