"""The language as data: one folder of lexicons and patterns, read by every module, and
no word of the test data in it or in the code that reads it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from spacy.lang.en.stop_words import STOP_WORDS

from tests.paths import CHECKOUT, DATA
from voice_assistant.language.lexicon import DATA as LANGUAGE_DATA
from voice_assistant.language.lexicon import LEXICON
from voice_assistant.language.parser import patterns
from voice_assistant.language.wordnet import wordnet

PACKAGE = CHECKOUT / "voice_assistant"
LEGACY: set[str] = set()
"""The hand-written rule layer that answers from structure replaces: these modules go,
and this set only shrinks (it must be empty when the work is done)."""


def _common(word: str) -> bool:
    """A word of English: WordNet's (content words), a stop word ("These"), or a short
    form the lexicon reads as one ("Thurs")."""
    lower = word.lower()
    if lower in STOP_WORDS or lower in LEXICON["tokens"]["short_forms"]:
        return True
    forms = {lower, lower.rstrip("s"), lower.removesuffix("ed"), lower.removesuffix("ing")}
    return any(wordnet().synsets(f, pos) for f in forms for pos in ("n", "v", "a", "r"))


def data_names() -> set[str]:
    """Names in the test data's memories: capitalised words never written in lower case
    there, and no English word WordNet knows."""
    texts = [p.read_text(encoding="utf-8") for p in DATA.glob("**/memories/*.md")]
    lower = {w for t in texts for w in re.findall(r"\b[a-z][a-z]+\b", t)}
    found = {w for t in texts for w in re.findall(r"\b[A-Z][a-z]{3,}\b", t)}
    return {w for w in found if w.lower() not in lower and not _common(w)}


def _said_in(path: Path, names: set[str]) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return {n for n in names if re.search(rf"\b{n}\b", text)}


def test_no_test_data_name_is_in_the_lexicons_or_the_code():
    names = data_names()
    assert len(names) > 50  # the check reads the test data
    found = {}
    for path in [*PACKAGE.rglob("*.py"), *LANGUAGE_DATA_FILES]:
        rel = str(path.relative_to(PACKAGE))
        if rel in LEGACY:
            continue
        if said := _said_in(path, names):
            found[rel] = sorted(said)
    assert found == {}
    stale = {rel for rel in LEGACY if not _said_in(PACKAGE / rel, names)}
    assert stale == set(), "names gone from these: take them off LEGACY"


LANGUAGE_DATA_FILES = sorted(Path(str(LANGUAGE_DATA)).glob("*.toml"))


def test_every_pattern_list_names_a_lexicon_list():
    data = tomllib.loads(Path(str(LANGUAGE_DATA), "patterns.toml").read_text(encoding="utf-8"))
    assert len(patterns()) == len(data["pattern"])
    for pattern in patterns():
        for token in pattern["pattern"]:
            for attribute in token.values():
                assert not (
                    isinstance(attribute, dict) and str(attribute.get("IN", "")).startswith("@")
                )


def test_a_word_is_on_one_side_of_a_qualifier_only():
    for group in LEXICON["qualifiers"]:
        seen: list[str] = [w for side in group["sides"] for w in side]
        assert len(seen) == len(set(seen)), group
