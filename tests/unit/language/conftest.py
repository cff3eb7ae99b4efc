"""The real parser (spaCy's small English pipeline, as set-up assembles it): loaded once."""

from __future__ import annotations

import pytest

from tests.paths import PARSER_MODEL
from voice_assistant.language.parser import Parser


@pytest.fixture(scope="session")
def parser() -> Parser:
    return Parser(PARSER_MODEL)
