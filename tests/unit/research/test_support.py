"""Answers that carry their support: the constrained shapes, parsing, salvaging."""

import json

from voice_assistant.research.support import (
    Draft,
    Fact,
    parse_spoken,
    parse_written,
    salvage_written,
    spoken_grammar,
    written_schema,
)


def test_a_fact_can_only_cite_a_real_note():
    grammar = spoken_grammar(3)
    assert 'number ::= "1" | "2" | "3"' in grammar
    assert 'root ::= "none" | fact (" " fact)?' in grammar  # at most two facts
    assert spoken_grammar(0) == 'root ::= "none"\n'
    point = written_schema(2)["properties"]["points"]["items"]
    assert point["properties"]["note"]["enum"] == [1, 2]
    assert written_schema(2)["properties"]["points"]["minItems"] == 1  # a point quotes a note
    assert written_schema(0)["properties"]["points"]["maxItems"] == 0


def test_a_spoken_fact_rests_on_its_notes_passage():
    passages = ["Race day is 26 April.", "Long runs on Sundays."]
    draft = parse_spoken("It is on 26 April. (note 1) You run long on Sundays. (note 2)", passages)
    assert draft == Draft(
        (
            Fact(1, "Race day is 26 April.", "It is on 26 April."),
            Fact(2, "Long runs on Sundays.", "You run long on Sundays."),
        )
    )
    assert parse_spoken("Out of range. (note 9) Kept. (note 1)", passages) == Draft(
        (Fact(1, passages[0], "Kept."),)
    )
    assert parse_spoken("none", passages) == Draft(())
    assert parse_spoken("It is on 26 April.", passages) is None  # cites nothing


def test_a_spoken_fact_rests_on_its_value_s_sentence_and_the_one_with_the_rest_of_it():
    from voice_assistant.research.support import resting_on

    marco = (
        "Marco the window cleaner comes on the first Friday of every month. "
        "He does the outside windows only and is paid 30 euros in cash."
    )
    assert resting_on("Marco wants paying in cash.", marco) == marco
    assert resting_on("Marco comes on the first Friday.", marco) == marco.split(". ")[0] + "."


def test_a_sentence_cut_off_before_its_citation_is_left_out():
    passages = ["Race day is 26 April.", "Long runs on Sundays."]
    cut = "It is on 26 April. (note 1) You run long on Sun"
    assert parse_spoken(cut, passages) == Draft((Fact(1, passages[0], "It is on 26 April."),))


def test_parsing_keeps_well_formed_points_only():
    text = json.dumps(
        {
            "answer": "Friday.",
            "points": [
                {"note": 1, "quote": "Race day is 26 April", "fact": "It is on 26 April."},
                {"note": 9, "quote": "x", "fact": "Out of range."},
                {"note": 2, "quote": "y", "fact": ""},
                "not an object",
            ],
            "open": "Time.",
        }
    )
    draft = parse_written(text, 2)
    assert draft == Draft(
        (Fact(1, "Race day is 26 April", "It is on 26 April."),), "Friday.", "Time."
    )
    assert parse_written("not json", 2) is None
    assert parse_written('{"points": "no"}', 2) is None


def test_an_answer_cut_off_mid_json_keeps_its_whole_points():
    whole = '{"note": 1, "quote": "Race day is 26 April", "fact": "It is on \\"26\\" April."}'
    cut = f'{{"answer": "Friday.", "points": [{whole}, {{"note": 2, "quote": "long run on Sun'
    assert salvage_written(cut, 2) == Draft(
        (Fact(1, "Race day is 26 April", 'It is on "26" April.'),), "Friday."
    )
    assert salvage_written('{"answer": "Fri', 2) == Draft(())
