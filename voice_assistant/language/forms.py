"""Whole commands as data: spaCy Matcher patterns (``data/forms.toml``) over a clause's words.

A command is read by code only when one form covers the whole clause, so a phrasing no
form knows goes to the understanding call and is never half read. The values of the act
(a timer's label, an alarm's time words, a text to remember) are the tokens the form's
``SLOT`` tokens matched, found from the Matcher's alignments. Only spaCy's tokenizer runs
(no statistical model): the same words always read the same way, in microseconds.
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from voice_assistant.language.lexicon import DATA, expand, words

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.matcher import Matcher

COUNTS = words("commands", "counts")
DURATION_WORDS = COUNTS | words("commands", "duration_glue") | words("commands", "duration_units")


@dataclass(frozen=True)
class Said:
    """A clause's words: lower case, punctuation left out, each with its place in ``text``."""

    text: str
    words: tuple[str, ...]
    places: tuple[tuple[int, int], ...] = field(repr=False)

    def __len__(self) -> int:
        return len(self.words)

    def lower(self, start: int = 0, end: int | None = None) -> str:
        return " ".join(self.words[start:end])

    def own(self, start: int = 0, end: int | None = None) -> str:
        """The user's own text from word ``start`` to before ``end``: case and punctuation kept."""
        end = len(self.words) if end is None else end
        if start >= end:
            return ""
        return self.text[self.places[start][0] : self.places[end - 1][1]]

    def part(self, start: int, end: int | None = None) -> Said:
        end = len(self.words) if end is None else end
        return Said(self.text, self.words[start:end], self.places[start:end])


@dataclass(frozen=True)
class Found:
    """A form that covers the whole clause: which one, and the word range of each value."""

    said: Said
    form: int
    slots: dict[str, tuple[int, int]]

    def lower(self, slot: str) -> str:
        start, end = self.slots.get(slot, (0, 0))
        return self.said.lower(start, end)

    def own(self, slot: str) -> str:
        start, end = self.slots.get(slot, (0, 0))
        return self.said.own(start, end)


def said(text: str, punctuation: bool = False) -> Said:
    """``text``'s words by spaCy's tokenizer ("what's" is "what" "'s"); its punctuation
    marks too when asked (where one part of an utterance ends)."""
    doc = _nlp().tokenizer(text)
    kept = [t for t in doc if not (t.is_space or (t.is_punct and not punctuation))]
    return Said(
        text,
        tuple(t.lower_ for t in kept),
        tuple((t.idx, t.idx + len(t.text)) for t in kept),
    )


def whole(group: str, words_said: Said) -> Found | None:
    """The first form of ``group`` that covers all of ``words_said``."""
    found = [m for m in _matches(group, words_said) if m[1] == 0 and m[2] == len(words_said)]
    if not found:
        return None
    key, _, _, alignment = min(found, key=lambda m: m[0])
    slots: dict[str, tuple[int, int]] = {}
    for position, token in enumerate(alignment):
        name = _forms()[group][key][1][token]
        if name:
            start, _ = slots.get(name, (position, position))
            slots[name] = (start, position + 1)
    return Found(words_said, key, slots)


def starts(group: str, words_said: Said) -> set[int]:
    """Where in ``words_said`` a form of ``group`` begins."""
    return {m[1] for m in _matches(group, words_said)}


def begins(group: str, words_said: Said, at: int = 0) -> int | None:
    """The end of the longest form of ``group`` that begins at word ``at`` (a token with
    ``SLOT = "after"`` must follow, but is not part of it); None when none does."""
    ends = []
    for key, start, end, alignment in _matches(group, words_said.part(at)):
        if start == 0:
            slots = _forms()[group][key][1]
            after = [i for i, token in enumerate(alignment) if slots[token] == "after"]
            ends.append(at + (after[0] if after else end))
    return max(ends) if ends else None


def strip(group_start: str, group_end: str, words_said: Said, everything: bool = False) -> Said:
    """``words_said`` without the runs of ``group_start`` forms before it and of
    ``group_end`` forms after it ("could you please …", "… thank you"); a clause of such
    words alone ("please") is kept unless ``everything`` ("Hey," before a command)."""
    start, end = 0, len(words_said)
    while start < end:
        part = words_said.part(start, end)
        run = [
            m[2]
            for m in _matches(group_start, part)
            if m[1] == 0 and (everything or m[2] < len(part))
        ]
        if not run:
            break
        start += max(run)
    while start < end:
        part = words_said.part(start, end)
        run = [m[1] for m in _matches(group_end, part) if m[2] == len(part) and m[1] > 0]
        if not run:
            break
        end = start + min(run)
    return words_said.part(start, end)


def _matches(group: str, words_said: Said) -> list[tuple[int, int, int, list[int]]]:
    from spacy.tokens import Doc

    if not words_said.words:
        return []
    vocab = _nlp().vocab
    doc = Doc(vocab, words=list(words_said.words))
    found: list[Any] = _matcher(group)(doc, with_alignments=True)
    return [
        (int(vocab.strings[key].split("/")[1]), start, end, list(alignment))
        for key, start, end, alignment in found
    ]


@cache
def _nlp() -> Language:
    import spacy
    from spacy.tokens import Token

    for name, wanted in (("count", COUNTS), ("duration", DURATION_WORDS)):
        if not Token.has_extension(name):
            Token.set_extension(name, getter=_getter(wanted))
    return spacy.blank("en")


def _getter(wanted: frozenset[str]) -> Any:
    def getter(token: Any) -> bool:
        return bool(token.like_num or token.lower_ in wanted)

    return getter


@cache
def _forms() -> dict[str, list[tuple[list[dict[str, Any]], list[str | None]]]]:
    """Every group's forms, each as (Matcher pattern, slot name of each pattern token)."""
    data = tomllib.loads(DATA.joinpath("forms.toml").read_text(encoding="utf-8"))
    macros = data.pop("macros", {})
    forms: dict[str, list[tuple[list[dict[str, Any]], list[str | None]]]] = {}
    for group, entries in data.items():
        forms[group] = []
        for entry in entries:
            for variant in _variants(entry["form"], macros):
                tokens = [expand({k: v for k, v in t.items() if k != "SLOT"}) for t in variant]
                forms[group].append((tokens, [t.get("SLOT") for t in variant]))
    return forms


def _variants(elements: list[Any], macros: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The plain token sequences a form stands for, ``OPT`` runs present before absent."""
    options: list[list[list[dict[str, Any]]]] = []
    for element in elements:
        if isinstance(element, str):
            element = macros[element.removeprefix("$")]
        if isinstance(element, list):
            options.append(_variants(element, macros))
        elif "OPT" in element:
            options.append([*_variants(element["OPT"], macros), []])
        elif "ANY" in element:
            options.append([v for run in element["ANY"] for v in _variants(run, macros)])
        else:
            options.append([[element]])
    return [[t for run in chosen for t in run] for chosen in itertools.product(*options)]


@cache
def _matcher(group: str) -> Matcher:
    from spacy.matcher import Matcher

    matcher = Matcher(_nlp().vocab)
    for number, (tokens, _) in enumerate(_forms()[group]):
        matcher.add(f"{group}/{number}", [tokens])
    return matcher
