"""Folding text for the answer review: what a quote, a note and an answer share."""

import pytest

from voice_assistant.research.fold import contains, fold, stem, stems


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("the twentieth of March at 11:15", ["the", "20", "of", "march", "at", "11", "15"]),
        ("20th March, 11.15", ["20", "march", "11", "15"]),
        ("one hundred and forty", ["140"]),
        ("twelve hundred", ["1200"]),
        ("twenty-four euros", ["24", "euros"]),
        ("€18", ["euros", "18"]),
        ("1,240 degrees", ["1240", "degrees"]),
        ("five six", ["5", "6"]),
        ("My sister's name", ["my", "sister", "name"]),
        ("twenty first", ["21"]),
        ("eighty eight thousand two hundred thirteen", ["88213"]),
        ("Dr. Alvarez", ["dr", "alvarez"]),
        ("Don't", ["dont"]),
        ("What is 7x8?", ["what", "is", "7", "times", "8"]),
    ],
)
def test_case_punctuation_and_number_words_fold_away(text, tokens):
    assert fold(text) == tokens


def test_a_quote_matches_its_note_however_numbers_are_written():
    note = fold("The clinic called: the check-up moved to Friday 20 March at 11:15.")
    assert contains(note, fold("Friday 20 March"))
    assert contains(note, fold("friday twenty march"))
    assert not contains(note, fold("Friday 21 March"))
    assert not contains(note, [])


def test_plurals_compare_equal():
    assert stem("settlements") == stem("settlement") == "settlement"
    assert stem("libraries") == "library"
    assert stem("address") == "address" and stem("christmas") == "christmas"
    assert stem("2026") == "2026"


def test_an_irregular_past_compares_equal_to_its_verb():
    assert stem("paid") == stem("pay") == "pay"
    assert stem("lent") == stem("lend") and stem("bought") == stem("buy")
    assert stems("He is paid 30 euros in cash.") >= {"pay", "30"}


def test_a_root_joins_a_verb_to_its_other_endings_for_what_is_spoken_of():
    from voice_assistant.research.fold import held, root

    assert root("renewed") == root("renewal") == "renew"
    assert root("flying") == "fly" and root("putting") == "put"
    assert root("feed") == "feed" and root("total") == "total"  # too short to end in one
    assert root("insured") == root("insurance") and root("treated") == root("treatment")
    assert held({"renewed", "flying"}, "The renewal form. We fly with Finnair.") == {
        "renewed",
        "flying",
    }
    assert held({"reading"}, "Book club meets at Ana's.") == set()


def test_a_pronoun_s_short_verb_folds_to_the_pronoun():
    assert fold("She'd like a voucher") == ["she", "like", "a", "voucher"]
    assert fold("Ingrid's shed") == ["ingrid", "shed"]
    assert fold("her seventieth") == ["her", "70"]


def test_a_short_form_is_the_word_in_full_for_what_is_spoken_of():
    from voice_assistant.research.fold import held

    assert held({"doctor", "blood"}, "Blood test: next check-up with Dr. Brandt.") == {
        "doctor",
        "blood",
    }
