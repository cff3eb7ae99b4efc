"""The user's own words for whisper: the names in the memories."""

from voice_assistant.stt.vocabulary import names, vocabulary


def test_names_are_words_capitalised_inside_a_sentence():
    text = "Check-up with Dr. Alvarez at the Riverside clinic on Thursday. Bring the card."
    assert [word for word, _ in names(text)] == ["Alvarez", "Riverside"]


def test_a_sentence_s_first_word_counts_only_if_never_written_in_lower_case():
    text = "Marek leads the team. Training is on Sundays. We keep training."
    assert [w for w, opened in names(text, {"training", "we", "keep", "leads"})] == ["Marek"]


def test_the_vocabulary_ranks_names_by_frequency_within_its_limit():
    memories = [
        ("Landlord", "The landlord is Mr. Okafor; pay Okafor on the first."),
        ("Clinic", "The clinic is Riverside."),
    ]
    assert vocabulary(memories) == "Okafor Riverside"
    assert vocabulary(memories, limit=1) == "Okafor"
    assert vocabulary([]) == ""
