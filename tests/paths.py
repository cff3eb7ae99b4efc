"""Where the tests' recordings, memories and data are, from wherever a test file sits."""

from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
DATA = CHECKOUT / "tests" / "data"
DEMO = CHECKOUT / "demo" / "questions"
MEMORIES = CHECKOUT / "demo" / "memories"
LIBRIVOX = DATA / "librivox"
