"""What a question asks for: the kind of value its question phrase asks ("what time": a
time; "how much does it cost": money; "which colour": a kind of colour), and the verb it
asks the object or the doer of ("What did Radu lend me?", "Who owns the gateway?")."""

from __future__ import annotations

from voice_assistant.language.lexicon import LEXICON, words
from voice_assistant.language.reading import Token
from voice_assistant.language.wordnet import wordnet

WH = words("questions", "wh")
GENERIC = words("kinds", "generic_heads")
HOW: dict[str, list[str]] = LEXICON["questions"]["how"]
NOUNS: dict[str, list[str]] = LEXICON["questions"]["nouns"]
MONEY_VERBS = words("questions", "money_verbs")
MONEY_THINGS = words("questions", "money_things")
CODE_THINGS = words("questions", "code_things")
MONEY_PHRASES: list[tuple[str, str]] = [tuple(p) for p in LEXICON["questions"]["money_phrases"]]
WRAPPING = words("questions", "wrapping")
LIGHT = words("questions", "light")
OPEN_VERBS = words("questions", "open_verbs")
OPEN_NOUNS = words("questions", "open_nouns")
BY_WH: dict[str, list[str]] = LEXICON["questions"]["asks"]
KIND_OF = words("questions", "kind_of")
DAY_OF = words("questions", "day_of")


def asked_for(tokens: tuple[Token, ...], i: int) -> tuple[int, tuple[str, ...], str]:
    """The end of the question phrase, the kinds it asks for, and a noun it asks a kind of."""
    word = tokens[i].lemma
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    if word == "how":
        if after is not None and after.lemma == "much" and {t.lemma for t in tokens} & MONEY_VERBS:
            return i + 2, ("money",), ""  # "How much does the farm shop pay for a jar?"
        if after is not None and after.lemma in HOW:
            end = i + 2
            if after.lemma in ("many", "much") and end < len(tokens) and tokens[end].pos == "NOUN":
                return end, tuple(HOW[after.lemma]), ""  # the counted noun is the focus
            return end, tuple(HOW[after.lemma]), ""
        return i + 1, ("open",), ""  # "how do I …": an account
    if word == "why":
        return i + 1, ("open",), ""
    noun = noun_of(after) if word in ("what", "which") and after is not None else ""
    if noun:
        if noun in KIND_OF and i + 3 < len(tokens) and tokens[i + 2].lemma == "of":
            return i + 4, ("attribute",), tokens[i + 3].lemma
        if noun in GENERIC and noun not in NOUNS:  # "which one is …", "what part do I sing"
            return i + 2, (), ""  # the kind comes from the verb or the head noun
        if noun in NOUNS:
            end = i + 2
            if (
                end + 2 < len(tokens)
                and tokens[end].lemma == "of"
                and tokens[end + 2].lemma in DAY_OF
            ):
                end += 3  # "what day of the week": one question phrase
            return end, tuple(NOUNS[noun]), ""
        return i + 2, ("attribute",), noun
    if word in ("what", "which"):
        verbs = {t.lemma for t in tokens}
        if verbs & MONEY_VERBS or _priced(tokens):
            return i + 1, ("money",), ""
        return i + 1, (), ""  # the kind comes from the head noun
    return i + 1, tuple(BY_WH.get(word, ())), ""


def _priced(tokens: tuple[Token, ...]) -> bool:
    """ "What do the bowls go for?": a verb and a preposition that together say a price."""
    said = [t.lemma for t in tokens if t.pos != "PUNCT"]
    for first, last in MONEY_PHRASES:  # "set us back": a word may stand between
        for k, word in enumerate(said):
            if word == first and last in said[k + 1 : k + 3]:
                return True
    return False


def noun_of(token: Token) -> str:
    """The noun a question word asks about, though the tagger took it for a verb ("which
    dates", "which vet"): a word WordNet knows as a noun, before a verb or an auxiliary."""
    if token.pos == "NOUN":
        return token.lemma
    if token.pos not in ("VERB", "ADJ", "PROPN") or not token.text.isalpha():
        return ""
    word = token.text.lower()
    for form in (word, word[:-1] if word.endswith("s") else word):
        if form in NOUNS or wordnet().synsets(form):
            return form
    return ""


def doer(tokens: tuple[Token, ...], wh: int, kinds: tuple[str, ...]) -> tuple[str, str]:
    """ "Who owns the gateway?": the verb whose subject is asked for."""
    t = tokens[wh]
    if "person" not in kinds or t.dep not in ("nsubj", "nsubjpass") or t.head < 0:
        return "", ""
    verb = tokens[t.head]
    if verb.lemma == "be" or verb.lemma in WRAPPING or verb.pos not in ("VERB", "AUX"):
        return "", ""
    return verb.lemma, "nsubj"


def governor_of(tokens: tuple[Token, ...], wh: int, wh_end: int = 0) -> tuple[str, str]:
    """What takes "what" as its object: a preposition's object and the word the
    preposition hangs on ("allergic to"), or the verb left without its object ("What did
    Radu lend me?", "What is the plumber coming to fix?")."""
    t = tokens[wh]
    if t.dep in ("nsubj", "nsubjpass"):
        return "", ""
    dangling = [
        k
        for k, p in enumerate(tokens)
        if p.dep == "prep" and k > wh and not any(c.head == k and c.dep == "pobj" for c in tokens)
    ]
    prep: int | None = dangling[-1] if dangling else None
    if t.dep == "pobj" and 0 <= t.head < len(tokens):
        prep = t.head
    if prep is not None and 0 <= tokens[prep].head < len(tokens):
        governor = tokens[tokens[prep].head]
        if governor.lemma not in LIGHT:
            return governor.lemma, tokens[prep].lemma
    verbs = [
        k
        for k, v in enumerate(tokens)
        if v.pos == "VERB"
        and k > wh
        and v.lemma not in LIGHT
        and v.lemma not in WRAPPING
        and not any(
            c.head == k
            and c.dep in ("dobj", "attr", "oprd")
            and not wh <= j < max(wh + 1, wh_end)  # "what part do I sing": the part asked
            and c.pos != "PRON"
            for j, c in enumerate(tokens)
        )
    ]
    return (tokens[verbs[-1]].lemma, "dobj") if verbs else ("", "")


def by_noun(noun: str) -> tuple[str, ...]:
    """ "What is the F?": the kind of value F is, by the lexicon or WordNet's class."""
    if noun in NOUNS:
        return tuple(NOUNS[noun])
    if noun in MONEY_THINGS:
        return ("money",)
    if noun in CODE_THINGS:
        return ("code",)
    kinds = [NOUNS[k] for k in NOUNS if _a_kind_of(noun, k)]
    return tuple(kinds[0]) if len(kinds) == 1 else ("attribute",)


def _a_kind_of(noun: str, known: str) -> bool:
    """ "subscription" is a kind of cost, "mileage" of distance: asked as those are
    (WordNet, first senses only)."""
    return " " not in noun and wordnet().is_a(noun, known, depth=4, senses=1, ancestor_senses=1)


def opens(tokens: tuple[Token, ...], wh: int, kinds: tuple[str, ...], said: set[str]) -> bool:
    """An account asked for: "what did we decide", "what's the plan", "what does she do"."""
    if kinds == ("open",):
        return True
    if said & (OPEN_VERBS - WRAPPING) or said & OPEN_NOUNS:
        return True
    verbs = [t for t in tokens[wh + 1 :] if t.pos == "VERB"]
    return tokens[wh].lemma == "what" and bool(verbs) and verbs[-1].lemma == "do" and not kinds
