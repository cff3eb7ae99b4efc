"""A question whose parsed head is the one it asks about ("Which vet does Pepper go to?":
the parser makes "Pepper" the head and "vet" hang on "to") names no thing by that head:
the sentence saying her name does not win over the others for it."""

from __future__ import annotations

from tests.unit.language.matching import read_all, value_of

NOTES = [
    (
        "Pepper",
        "Pepper (our old black cat, 14) is on Loxicom 2.5 mg twice a day for her joints. "
        "4.2 kg at her last check. She stays with Ms Arden at Fenwick Cat Clinic, not the "
        "big practice. Next check-up 3 March.",
    ),
]


def test_the_medicine_is_not_the_vet(parser):
    said = value_of(parser, read_all(parser, NOTES), "Which vet does Pepper go to?")
    assert said != "Loxicom"
