"""Answers that carry their support: the constrained shapes, parsing, salvaging."""

import json

from voice_assistant.research.support import (
    Draft,
    Fact,
    as_json,
    parse,
    salvage,
    spoken_schema,
    written_schema,
)


def test_a_fact_can_only_cite_a_real_note():
    fact = spoken_schema(3)["properties"]["facts"]["items"]
    assert fact["properties"]["note"]["enum"] == [1, 2, 3]
    assert fact["required"] == ["note", "quote", "say"]  # the quote is written before the sentence
    assert spoken_schema(0)["properties"]["facts"]["maxItems"] == 0
    point = written_schema(2)["properties"]["points"]["items"]
    assert point["properties"]["note"]["enum"] == [1, 2]
    assert written_schema(2)["properties"]["points"]["minItems"] == 1  # a point quotes a note
    assert written_schema(0)["properties"]["points"]["maxItems"] == 0


def test_parsing_keeps_well_formed_facts_only():
    text = json.dumps(
        {
            "facts": [
                {"note": 1, "quote": "Race day is 26 April", "say": "It is on 26 April."},
                {"note": 9, "quote": "x", "say": "Out of range."},
                {"note": 2, "quote": "y", "say": ""},
                "not an object",
            ]
        }
    )
    draft = parse(text, 2)
    assert draft == Draft((Fact(1, "Race day is 26 April", "It is on 26 April."),))
    assert parse("not json", 2) is None
    assert parse('{"facts": "no"}', 2) is None
    assert parse('{"facts": []}', 2) == Draft(())


def test_a_written_answer_keeps_its_direct_answer_and_what_is_open():
    text = json.dumps(
        {"answer": "Friday.", "points": [{"note": 1, "quote": "q", "fact": "f"}], "open": "Time."}
    )
    assert parse(text, 1, written=True) == Draft((Fact(1, "q", "f"),), "Friday.", "Time.")
    assert parse(as_json(parse(text, 1, True), written=True), 1, True) == parse(text, 1, True)


def test_an_answer_cut_off_mid_json_keeps_its_whole_facts():
    whole = '{"note": 1, "quote": "Race day is 26 April", "say": "It is on \\"26\\" April."}'
    cut = f'{{"facts": [{whole}, {{"note": 2, "quote": "long run on Sun'
    assert salvage(cut, 2) == Draft((Fact(1, "Race day is 26 April", 'It is on "26" April.'),))
    assert salvage('{"facts": [', 2) == Draft(())
    written = '{"answer": "Friday.", "points": [{"note": 1, "quote": "q", "fact": "f"}, {"no'
    assert salvage(written, 1, written=True) == Draft((Fact(1, "q", "f"),), "Friday.")
