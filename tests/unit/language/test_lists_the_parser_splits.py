"""The parser splits a long list where no sentence ends ("… Edie 30 | Apr, Wilf 2 Jul"):
the pieces are one unit again, so each date keeps its own name and day."""

from __future__ import annotations

import pytest

from tests.unit.language.matching import read_all, value_of

LIST = (
    "Birthdays: Tomasz 3 Mar, Ines 19 Aug, Rafe 11 Nov, Mum 27 Jan (60 next year!), Dad 8 "
    "Jun, Bruno 14 Sept, Edie 30 Apr, Wilf 2 Jul, Lotte 21 Oct, Hugo 5 Dec, Nan 16 May."
)


@pytest.fixture(scope="module")
def candidates(parser):
    return read_all(parser, [("Birthdays", LIST)])


def test_the_split_list_is_one_unit(candidates):
    assert next(u.text for u in candidates[0].reading.units if "Edie" in u.text).endswith("May.")


@pytest.mark.parametrize(("name", "day"), [("Edie", "30 Apr"), ("Wilf", "2 Jul")])
def test_each_birthday_across_the_split(parser, candidates, name, day):
    assert value_of(parser, candidates, f"When is {name}'s birthday?") == day
