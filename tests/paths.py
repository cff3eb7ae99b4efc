"""Where the tests' recordings, memories and data are, from wherever a test file sits."""

from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
DATA = CHECKOUT / "tests" / "data"
DEMO = CHECKOUT / "demo" / "questions"
MEMORIES = CHECKOUT / "demo" / "memories"
LIBRIVOX = DATA / "librivox"
PARSER_MODEL = CHECKOUT / "models" / "en-core-web-sm"
"""spaCy's English pipeline as set-up assembles it: the parser is a real component in
every test (it is small and fast), never a fake."""
