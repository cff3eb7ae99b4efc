"""Folding text for comparison: what a quote, a note and an answer have in common.

Case, whitespace, punctuation, thousands separators, ordinals, currency signs and number
words are folded away, so "the twentieth of March at 11:15" and "20 March, 11.15" share
the tokens 20, march, 11 and 15. Pure functions; the answer review compares tokens.
"""

from __future__ import annotations

import re
import unicodedata

from voice_assistant.language.lexicon import LEXICON, SMALL_NUMBERS, TENS
from voice_assistant.language.lexicon import ORDINALS as LEXICON_ORDINALS

ORDINALS = {w: n for w, n in LEXICON_ORDINALS.items() if w != "second"}
""""second" is left out: "a second" is a unit of time far more often than a date."""
SCALES = {w: n for w, n in LEXICON["numbers"]["scales"].items() if n < 1_000_000}
"""Hundreds and thousands: "a million" stays a word ("two million" folds to "2 million",
as notes write it)."""
SIGNS = {sign: f" {word} " for sign, word in LEXICON["symbols"]["said"].items()}
CONTRACTED = re.compile(r"\b(i|you|he|she|it|we|they|who|that|there)['’](?:d|ll|re|ve|m)\b")
"""A pronoun's short verb: "she'd like" is "she like" to compare, never "shed like"."""
_TOKEN = re.compile(r"[a-z0-9\u00c0-\u024f]+")


def _number_value(word: str) -> int | None:
    if word in SMALL_NUMBERS:
        return SMALL_NUMBERS[word]
    if word in TENS:
        return TENS[word]
    if word in ORDINALS:
        return ORDINALS[word]
    return None


def _join_numbers(words: list[str]) -> list[str]:
    """Runs of number words become one number: "twenty four" -> "24",
    "one hundred and forty" -> "140", "twelve hundred" -> "1200", "five six" -> "5 6"."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if _number_value(words[i]) is None:
            out.append(words[i])
            i += 1
            continue
        total = current = 0
        last = ""
        while i < len(words):
            word = words[i]
            value = _number_value(word)
            if word in TENS:
                if last in ("unit", "teen", "tens"):
                    break
                current += TENS[word]
                last = "tens"
            elif value is not None:
                if last in ("unit", "teen") or (last == "tens" and value >= 10):
                    break
                current += value
                last = "teen" if value >= 10 else "unit"
            elif word in SCALES and last and last != "scale":
                current *= SCALES[word]
                if SCALES[word] >= 1000:
                    total, current = total + current, 0
                last = "scale"
            elif not (
                word == "and"
                and last == "scale"
                and i + 1 < len(words)
                and _number_value(words[i + 1]) is not None
            ):
                break
            i += 1
        out.append(str(total + current))
    return out


def plain(text: str) -> str:
    """Lower case without accents: "Tomás" and "tomas" are one word to the ear."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(text: str) -> list[str]:
    """The text as comparable tokens ("Tomás" and "Tomas", "Wi-Fi" and "wifi" alike)."""
    text = plain(text)
    text = re.sub(r"\b(wi)-?(fi)\b|\b(e)-(mail)\b", r"\1\2\3\4", text)
    for sign, word in SIGNS.items():
        text = text.replace(sign, word)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)  # 1,240 -> 1240
    text = re.sub(r"\b(\d+)(?:st|nd|rd|th)\b", r"\1", text)  # 20th -> 20
    text = re.sub(r"(?<=\d)\s*[x×*]\s*(?=\d)", " times ", text)  # 7x8 -> 7 times 8
    text = CONTRACTED.sub(r"\1", text)  # she'd -> she (not "shed")
    text = re.sub(r"['’]s\b", "", text)  # sister's -> sister
    text = re.sub(r"['’]", "", text)  # don't -> dont
    text = text.replace("o clock", "").replace("oclock", "")
    words = _TOKEN.findall(text.replace("-", " "))
    return _join_numbers(words)


IRREGULAR: dict[str, str] = dict(LEXICON["verbs"]["irregular_past"])
"""Past forms to their verb: "is paid 30 euros" answers "how much do you pay"."""


def stem(token: str) -> str:
    """A rough singular, so "settlements" and "settlement" compare equal, and a verb's
    irregular past its present ("paid", "pay"); both sides of a comparison go through
    it, so consistency matters more than grammar."""
    if token in IRREGULAR:
        return IRREGULAR[token]
    if len(token) <= 3 or token.isdigit() or token.endswith(("ss", "us", "is", "as", "os")):
        return token
    if token.endswith("ies"):
        return token[:-3] + "y"
    return token[:-1] if token.endswith("s") else token


def stems(text: str) -> set[str]:
    return {stem(token) for token in fold(text)}


SHORT_FORMS: dict[str, str] = LEXICON["notes"]["short_forms"]
"""Words notes shorten ("Next check-up with Dr. Brandt" is about a doctor)."""


def root(word: str) -> str:
    """A word without its ending of a verb, an adjective or a noun made of a verb
    ("renewed", "renewal" -> "renew"; "flying" -> "fly"; "insured", "insurance" -> "insur";
    "putting" -> "put"), or in full ("Dr" -> "doctor"), for comparing what a question and
    a note speak of; never for values."""
    if word in SHORT_FORMS:
        return SHORT_FORMS[word]
    for ending, least in (("ing", 3), ("ed", 4), ("al", 4), ("ance", 4), ("ence", 4), ("ment", 4)):
        base = word[: -len(ending)]
        if word.endswith(ending) and len(base) >= least and not base.isdigit():
            if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # "putting" -> "put", "wedding" -> "wed"
            return base
    return word


def held(words: set[str], text: str) -> set[str]:
    """Of ``words`` (stems), those ``text`` holds: the same word, the same root
    ("renewed" and "renewal", "flying" and "fly") or, of a long word, the same first six
    letters ("serviced" holds "service")."""
    said = stems(text)
    roots = {root(w) for w in said}
    prefixes = {w[:6] for w in said if len(w) >= 6}
    return {
        w for w in words if w in said or root(w) in roots or (len(w) >= 6 and w[:6] in prefixes)
    }


def contains(haystack: list[str], needle: list[str]) -> bool:
    """Whether ``needle`` occurs in ``haystack`` as a contiguous run of tokens."""
    if not needle:
        return False
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def is_number(token: str) -> bool:
    return token.isdigit()
