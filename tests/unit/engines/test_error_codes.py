"""One catalogue of error codes: every code the package raises is listed with its meaning,
every listed code is raised somewhere, and an unlisted code is refused."""

import ast

import pytest

from tests.paths import CHECKOUT
from voice_assistant.error_codes import CODES
from voice_assistant.errors import AssistantError, StageFailure

PACKAGE = CHECKOUT / "voice_assistant"


def raised_codes() -> dict[str, list[str]]:
    """The code of every error constructed in the package's source, by where."""
    classes = [
        node
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    ]
    errors = {"AssistantError"}
    for _ in range(3):  # subclasses of subclasses
        errors |= {c.name for c in classes if {getattr(b, "id", None) for b in c.bases} & errors}
    found: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in errors:
                continue
            at = 1 if name == "StageFailure" else 0
            assert len(node.args) > at, f"{path}:{node.lineno}: {name} without a code"
            code = node.args[at]
            assert isinstance(code, ast.Constant), f"{path}:{node.lineno}: a computed code"
            assert isinstance(code.value, str), f"{path}:{node.lineno}: a code that is not a string"
            found.setdefault(code.value, []).append(f"{path.name}:{node.lineno}")
    return found


def test_every_code_raised_is_in_the_catalogue_and_every_listed_code_is_raised():
    raised = raised_codes()
    assert len(raised) >= 40
    assert sorted(set(raised) - set(CODES)) == []
    assert sorted(set(CODES) - set(raised)) == []


def test_each_code_has_a_meaning():
    assert all(code == code.lower() and " " not in code for code in CODES)
    assert all(len(meaning.split()) >= 4 for meaning in CODES.values())


def test_an_unlisted_code_is_refused():
    with pytest.raises(ValueError, match=r"not in voice_assistant/error_codes\.py"):
        AssistantError("made-up", "a message")
    with pytest.raises(ValueError):
        StageFailure("stt", "made-up", "a message")
    assert StageFailure("tts", "synthesis-failed", "m").code == "synthesis-failed"
