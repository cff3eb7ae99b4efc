"""Who does a thing is never the one it is done to: "Who's got me for the gift swap?" is
not answered by "I've got Marisol" (the question's "me" is the note's "I")."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

NOTES = [
    ("Gift swap", "Gift swap at the studio, £15 limit. I've got Marisol."),
    ("Plants", "Teodor waters the plants while we're away."),
]


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, NOTES)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Who's got me for the gift swap?", None),  # the note says whom I have
        ("Who waters the plants while we're away?", "Teodor"),  # the doer stands
    ],
)
def test_the_doer_asked_is_never_the_one_done_to(parser, candidates, text, value):
    assert value_of(parser, candidates, text) == value
