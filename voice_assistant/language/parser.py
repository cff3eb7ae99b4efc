"""spaCy's English pipeline, loaded once: the one parser every utterance and note goes through.

The model is assembled into ``models/`` from a pinned registry package like every other
(``models/manifest.toml``: ``en-core-web-sm``). An EntityRuler with the patterns of
``data/patterns.toml`` runs before the statistical recogniser, for the values the small
model misses in terse lines ("3 May", "18 euros", "9:30").
"""

from __future__ import annotations

import hashlib
import json
import threading
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from voice_assistant.language.lexicon import DATA, LEXICON, expand, words

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

READING_VERSION = 28
"""Bumped whenever what a reading holds changes: stored note readings are then read again."""


def patterns() -> list[dict[str, Any]]:
    data = tomllib.loads(DATA.joinpath("patterns.toml").read_text(encoding="utf-8"))
    return [{"label": p["label"], "pattern": expand(p["pattern"])} for p in data["pattern"]]


class Parser:
    """Reads text into spaCy ``Doc``s; the pipeline loads on first use (a command that
    reads nothing never pays for it) and is thread-safe (one lock, as spaCy is not)."""

    def __init__(self, model: Path, date_order: str = "auto") -> None:
        self.model = model
        self.date_order = date_order
        """How a note's "3/10" is read where the note does not show it (``written``)."""
        self._nlp: Language | None = None
        self._lock = threading.Lock()
        meta = json.loads((model / "meta.json").read_text(encoding="utf-8"))
        data = (
            DATA.joinpath("lexicon.toml").read_bytes() + DATA.joinpath("patterns.toml").read_bytes()
        )
        self.version = (
            f"{meta.get('name', 'model')}-{meta.get('version', '?')}/spacy-{_spacy_version()}"
            f"/reading-{READING_VERSION}/{hashlib.sha256(data).hexdigest()[:8]}"
            f"/dates-{_order_in_force(date_order)}"
        )
        """What a stored reading was made with: any change reads every note again."""

    @property
    def nlp(self) -> Language:
        if self._nlp is None:
            import spacy
            from spacy.symbols import ORTH
            from spacy.util import compile_infix_regex

            nlp = spacy.load(self.model, exclude=["senter"])
            tokenizer: Any = nlp.tokenizer
            unsplit = words("tokens", "unsplit")  # "Wed" is Wednesday in a note, not "We'd"
            tokenizer.rules = {k: v for k, v in tokenizer.rules.items() if k not in unsplit}
            for word in words("tokens", "whole"):  # "brother-in-law" is one word
                for written in (word, word.capitalize()):
                    tokenizer.add_special_case(written, [{ORTH: written}])
            infixes = [*(nlp.Defaults.infixes or ()), *LEXICON["tokens"]["infixes"]]
            tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
            ruler = nlp.add_pipe("entity_ruler", before="ner")
            ruler.add_patterns(patterns())  # type: ignore[attr-defined]
            self._nlp = nlp
        return self._nlp

    def __call__(self, text: str) -> Doc:
        with self._lock:
            return self.nlp(text)

    def many(self, texts: list[str]) -> list[Doc]:
        with self._lock:
            return list(self.nlp.pipe(texts, batch_size=64))


def _order_in_force(date_order: str) -> str:
    """The order a slash date is read in: a change of locale reads every note again."""
    from voice_assistant.language.written import order_month_first

    return "month_first" if order_month_first(date_order) else "day_first"


def _spacy_version() -> str:
    from importlib.metadata import version

    return version("spacy")
