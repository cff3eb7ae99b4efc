"""Personal or general, from what the question says and how close the memories come."""

from voice_assistant.research.notes import Note
from voice_assistant.research.routing import Evidence, lifts, names_asked, route, user_names

WIFI = Note(
    "Guest wifi",
    "file, home; written 2026-08-20",
    "The guest network is called Garden. The password is on the fridge.",
    day="2026-08-20",
)
MEMORIES = [
    ("Biscuit", "Biscuit is our dog, a border terrier. His vet is Greenway Vets."),
    ("Guest wifi", "The guest network is called Garden. A garden party is planned."),
    ("Landlord", "The landlord is Mr. Okafor."),
    ("My own laptop", "My own laptop is a MacBook Air from 2021."),
]


def test_the_user_s_names_come_from_the_memories_but_not_everyday_words():
    names = user_names(MEMORIES)
    assert {"biscuit", "greenway", "okafor"} <= names
    assert "garden" not in names  # also written in lower case: an everyday word too
    assert "border" not in names and "the" not in names
    assert "macbook" in names and "air" not in names  # the end of a longer name


def test_a_name_of_the_user_s_makes_a_question_personal_in_any_case():
    names = user_names(MEMORIES)
    heard = "How much does biscuit weigh?"  # whisper wrote the pet's name in lower case
    assert names_asked(heard, names) == {"biscuit"}
    assert route(heard, [], Evidence(0.2, names_asked(heard, names))) == "personal"


def test_a_memory_that_comes_close_makes_a_misheard_question_personal():
    heard = "What the password for the get wifi?"
    assert route(heard, [], Evidence(closeness=0.61)) == "personal"
    # nothing close, no name, no "my": the world's knowledge
    assert route("What is the capital of Australia?", [], Evidence(0.14)) == "general"
    assert route("How many minutes are there in a day?", [], Evidence(0.28)) == "general"


def test_what_the_question_says_still_decides_first():
    assert route("When is my dentist appointment?", [], Evidence(0.1)) == "personal"
    # without vectors, the word rules decide: most of what it asks about is in one note
    assert route("What is the guest wifi called?", [WIFI], Evidence(None)) == "personal"
    assert route("How many hours are there in a week?", [WIFI], Evidence(0.26)) == "general"


def test_a_near_miss_reading_turns_a_general_question_personal_only_with_strong_evidence():
    heard = Evidence(closeness=0.22)
    assert lifts(heard, Evidence(closeness=0.24, names=frozenset({"ingrid"})))  # a name
    assert lifts(heard, Evidence(closeness=0.41))  # a memory comes close
    assert not lifts(heard, Evidence(closeness=0.30))  # closer, not close
    assert not lifts(Evidence(closeness=0.33), Evidence(closeness=0.36))  # too small a lift
    assert not lifts(Evidence(), Evidence())  # no vectors: nothing to measure


PLUMBER = Note(
    "Plumber",
    "file, household; written 2026-10-01",
    "The plumber is coming on Monday to fix the leaking kitchen tap.",
    day="2026-10-01",
)
KILN = Note("Kiln", "file, pottery", "Glaze firing goes to 1240 degrees.", day="2026-09-01")


def test_between_the_two_closenesses_the_words_decide_over_the_notes_found():
    # a note's whole title: the user's own plumber, though "plumber" is an everyday word
    assert route("How much will the plumber charge?", [PLUMBER], Evidence(0.39)) == "personal"
    # a word or two shared with a note: a question about the world
    assert route("What is 350 degrees Fahrenheit in Celsius?", [KILN], Evidence(0.38)) == "general"
    # not searched yet: cannot tell, so personal
    assert route("What is 350 degrees Fahrenheit in Celsius?", None, Evidence(0.38)) == "personal"
    # close enough: personal whatever the words
    assert route("What is 350 degrees Fahrenheit in Celsius?", [KILN], Evidence(0.46)) == "personal"


def test_a_question_read_as_the_memories_words_is_personal():
    heard = "How hot do the glaze firings go?"
    assert route(heard, [KILN], Evidence(0.2, read_again=True)) == "personal"


def test_a_person_named_with_a_title_is_the_user_s_own():
    assert route("Who is Mr. Akeffer?", [], Evidence(0.2)) == "personal"
    assert route("When is my check-up with Dr Alveris?", [], Evidence(0.3)) == "personal"
    assert route("Who is the mister of ceremonies?", [], Evidence(0.2)) == "general"


def test_a_code_or_a_password_is_only_ever_in_the_user_s_notes():
    assert route("What's the code for the Mac door?", [], Evidence(0.3)) == "personal"
    assert route("What is the password for the get wifi?", [], Evidence(0.3)) == "personal"


def test_an_appointment_or_a_booking_is_only_ever_in_the_user_s_notes():
    heard = "when this kit is met appointment is"  # "when Biscuit's vet appointment is"
    assert route(heard, [], Evidence(0.2)) == "personal"
    assert route("When is the booking for dinner?", [], Evidence(0.2)) == "personal"
    assert route("When was the Berlin Wall built?", [], Evidence(0.2)) == "general"
    assert route("What does Merrick do for a living?", [], Evidence(0.2)) == "personal"


def test_one_word_heard_in_doubt_makes_a_question_personal():
    assert route("What is the capital of Bostrelia?", [], Evidence(0.14, least_sure=-2.8)) == (
        "personal"
    )
    assert route("What is the capital of Australia?", [], Evidence(0.14, least_sure=-0.3)) == (
        "general"
    )


def test_a_question_asked_again_is_about_what_the_user_was_told():
    assert route("How hot does the beast go again?", [], Evidence(0.2)) == "personal"
    assert route("How hot does the sun get?", [], Evidence(0.2)) == "general"


def test_two_words_side_by_side_as_a_note_writes_them_make_a_question_personal():
    release = Note(
        "Transaction gateway decision",
        "file, work; written 2026-11-02",
        "We keep the transaction gateway on the old queue until the March release.",
        day="2026-11-02",
    )
    far = Evidence(closeness=0.33)  # the note is about the gateway: little meaning shared
    assert route("What date's the March release going out?", [release], far) == "personal"
    # one word of the note, or two apart, or a general question: as before
    assert route("How many days are there in March?", [release], far) == "general"
    assert route("When is the next release of Python?", [release], far) == "general"
    assert route("What is the capital of Australia?", [release, WIFI], far) == "general"


def test_the_and_a_note_s_whole_title_is_the_user_s_own_thing():
    car = Note("Car", "file, household", "The car is a blue estate.", day="2026-11-02")
    far = Evidence(closeness=0.30)
    assert route("How many miles are on the car?", [car], far) == "personal"
    assert route("How many wheels does a car have?", [car], far) == "general"
    assert route("Who invented the car radio?", [car], far) == "general"
    assert route("When is the car's service?", [car], far) == "personal"


def test_how_many_of_one_unit_make_another_is_the_world_s_measure():
    clay = Note("Clay supplier", "file", "Clay comes in 12.5 kg bags.", day="2026-11-02")
    near = Evidence(closeness=0.46)  # weights in a note come close
    assert route("How many pounds are there in a stone?", [clay], near) == "general"
    assert route("How many kilos are in a bag?", [clay], near) == "personal"
    assert route("How many grams are in my bag?", [clay], near) == "personal"
