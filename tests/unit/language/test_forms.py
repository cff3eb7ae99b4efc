"""Whole commands as Matcher forms: a form covers the whole clause or reads nothing, and
each value is the words its slot tokens matched."""

from voice_assistant.language.forms import _forms, _variants, said, strip, whole


def test_a_clause_is_its_words_with_the_users_own_text_kept():
    words = said("Remember that the Gate code is 4-4-2, not 2-4-4.")
    assert words.words[:3] == ("remember", "that", "the") and "," not in words.words
    assert words.own(2) == "the Gate code is 4-4-2, not 2-4-4"


def test_courtesy_words_go_from_both_ends_only():
    words = strip("polite_start", "polite_end", said("Could you please just set it, thank you"))
    assert words.words == ("set", "it")
    kept = strip("polite_start", "polite_end", said("say please"))
    assert kept.words == ("say",)
    assert strip("polite_start", "polite_end", said("please")).words == ("please",)


def test_a_form_covers_the_whole_clause_or_nothing():
    assert whole("timer", said("set a timer for ten minutes")) is not None
    assert whole("timer", said("set a timer for ten minutes and a coffee")) is None
    assert whole("timer", said("set a timer for tomorrow")) is None


def test_the_values_are_the_slot_words():
    found = whole("timer", said("start a timer for 3 minutes for the bread"))
    assert found is not None
    assert (found.lower("for"), found.lower("label2"), found.lower("label")) == (
        "3 minutes",
        "bread",
        "",
    )
    cancel = whole("cancel_alarm", said("cancel the 7 o'clock alarm"))
    assert cancel is not None and cancel.lower("which") == "7 o'clock"


def test_an_optional_run_is_tried_first_and_any_keeps_its_order():
    variants = _variants(["$x", {"OPT": [{"LOWER": "b"}]}], {"x": {"ANY": [[{"LOWER": "a"}], []]}})
    assert variants == [[{"LOWER": "a"}, {"LOWER": "b"}], [{"LOWER": "a"}], [{"LOWER": "b"}], []]
    found = whole("remember", said("remember that the bins go out"))
    assert found is not None and found.lower("text") == "the bins go out"  # "that" is the form's


def test_every_form_names_lexicon_lists_that_exist():
    for group, forms in _forms().items():
        for tokens, slots in forms:
            assert len(tokens) == len(slots) and tokens, group
            for token in tokens:
                assert "SLOT" not in token
                assert all(not str(v).startswith("@") for v in token.values()), (group, token)
