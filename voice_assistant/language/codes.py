"""Codes in a note: runs of digits and letters written together ("tawny-owl-2291",
"KL 26 MRT"), digit groups ("07700 900123"), and what tells them from prices per measure
and days; a percentage the recogniser missed is a rate."""

from __future__ import annotations

from voice_assistant.language.days import a_day
from voice_assistant.language.lexicon import words
from voice_assistant.language.reading import Token, Value
from voice_assistant.language.tokens import text_of

MONEY_SIGNS = words("money", "signs")
ORDINAL_ENDS = words("numbers", "ordinal_suffixes")


def codes(tokens: tuple[Token, ...], covered: set[int]) -> list[Value]:
    """Written-together runs holding digits ("4411", "tawny-owl-2291", "Kestrel-5G"), and
    digit groups ("07700 900123"): codes, numbers, passwords; and a percentage the
    recogniser missed."""
    out = []
    i = 0
    while i < len(tokens):
        if i in covered or not any(c.isdigit() for c in tokens[i].text):
            i += 1
            continue
        if i + 1 < len(tokens) and tokens[i + 1].text == "%" and tokens[i].joined:
            out.append(Value("rate", text_of(tokens, i, i + 2), i, i + 2))  # "3.9%"
            i += 2
            continue
        start, end = i, i + 1
        while start > 0 and start - 1 not in covered and _code_part(tokens, start - 1, True):
            start -= 1
        while end < len(tokens) and end not in covered and _code_part(tokens, end, False):
            end += 1
        digits = sum(c.isdigit() for t in tokens[start:end] for c in t.text)
        mixed = any(c.isalpha() for t in tokens[start:end] for c in t.text)
        if (digits >= 3 or mixed) and not _ordinal(tokens, start, end):
            named = named_by(tokens, start)  # "asset tag 88213", "plot 17B"
            out.append(Value("code", text_of(tokens, start, end), start, end, named))
        i = end
    return out


def _ordinal(tokens: tuple[Token, ...], start: int, end: int) -> bool:
    """ "the 3rd of each month", "22nd": a day's number, not a code."""
    text = text_of(tokens, start, end).lower()
    return text[-2:] in ORDINAL_ENDS and text[:-2].isdigit() and len(text) <= 4


def digit_groups(tokens: tuple[Token, ...], code: Value) -> bool:
    """Groups of digits written apart, as a phone number is ("07831 402 196"), or joined
    by hyphens, as a combination is ("4-1-9-2"; a day "12-03-2026" stays a day)."""
    said = tokens[code.start : code.end]
    digits = sum(len(t.text) for t in said)
    if len(said) > 1 and all(t.text.isdigit() for t in said) and digits >= 7:
        return True
    groups = [t for t in said if t.text != "-"]
    return (
        (len(groups) >= 3 or (len(groups) == 2 and digits >= 6))  # "payroll 55-2301"
        and all(t.text.isdigit() for t in groups)
        and all(t.joined for t in said[:-1])
        and not any(t.entity == "time" for t in said)
        and not (any(t.entity == "date" for t in said) and a_day([int(t.text) for t in groups]))
    )


def per_measure(tokens: tuple[Token, ...], code: Value) -> bool:
    """ "£2.40/m", "£12.50/month": a price per measure, not a code."""
    slash = next((k for k in range(code.start, code.end) if tokens[k].text == "/"), None)
    return slash is not None and all(
        tokens[k].entity == "money" or tokens[k].text in MONEY_SIGNS
        for k in range(code.start, slash)
    )


def named_by(tokens: tuple[Token, ...], start: int) -> tuple[str, ...]:
    """The nouns right before a code, which say what it is ("asset tag 88213")."""
    k = start
    while k > 0 and tokens[k - 1].pos in ("NOUN", "PROPN") and not tokens[k - 1].entity:
        k -= 1
    return tuple(sorted({t.lemma for t in tokens[k:start]}))


def _code_part(tokens: tuple[Token, ...], k: int, before: bool) -> bool:
    """Whether token ``k`` belongs to the code beside it: written together with it
    ("tawny-owl-2291"), digits ("07700 900123"), or short capitals ("KL 26 MRT")."""
    t = tokens[k]
    if t.text in (",", ";", ".", ":", ")", "(", "%"):
        return False  # "ISA 3.9%": a rate, not a code
    together = t.joined if before else tokens[k - 1].joined
    short_caps = t.text.isalnum() and t.text.isupper() and len(t.text) <= 4
    return together or any(c.isdigit() for c in t.text) or short_caps
