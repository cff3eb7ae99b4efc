"""The value asked, not its neighbour: the question's qualifiers in the answer's sentence."""

from voice_assistant.research.qualifiers import wrong_qualifier

HOME_WIFI = (
    "The main network is called Larkspur; its password lives only in the password manager. "
    "The guest network password is tulip42."
)


def test_the_neighbour_s_value_is_refused():
    question = "What's the password for the main wifi network?"
    found = wrong_qualifier(question, "The guest network password is tulip42.", "Wifi", HOME_WIFI)
    assert found == "it is about the guest, not the main asked"
    # a note about the guest network only, named so in its title
    guest = "The guest network is called Garden. The password is on the fridge."
    assert wrong_qualifier(question, "The password is on the fridge.", "Guest wifi", guest)


def test_the_value_asked_passes():
    question = "What's the password for the guest wifi?"
    sentence = "The guest network password is tulip42."
    assert wrong_qualifier(question, sentence, "Wifi", HOME_WIFI) is None
    # both values in one sentence: the values check weighs them, not this one
    mugs = "retail price 32 euros, wholesale price 18 euros"
    assert wrong_qualifier("What's the wholesale price of my mugs?", mugs, "Mugs", mugs) is None


def test_a_sentence_silent_on_the_qualifier_fails_only_where_its_note_tells_them_apart():
    books = "I took the books out on 3 November. They are due back on 2 December."
    question = "When are my library books due back?"
    assert wrong_qualifier(question, "I took the books out on 3 November.", "Library", books)
    assert wrong_qualifier(question, "They are due back on 2 December.", "Library", books) is None
    plain = "The password is on the fridge."
    assert wrong_qualifier("What is the main password?", plain, "Router", plain) is None
    keys = "The back door key is brass. The front door key is silver. Both hang by the door."
    silent = "Both hang by the door."
    assert wrong_qualifier("Where is the back door key?", silent, "Door keys", keys)
    # books "got out" are the ones borrowed: their "due back" sentence answers
    due = "Three library books are due back on 2 December: the crime novel and the atlas."
    got = "Which library books have I got out at the moment?"
    assert wrong_qualifier(got, due, "Library books", due) is None


def test_of_a_two_sentence_quote_the_sentence_holding_the_value_is_checked():
    from voice_assistant.research.answer_review import review
    from voice_assistant.research.notes import Note
    from voice_assistant.research.support import Draft, Fact

    keys = Note(
        "Door keys",
        "file, home; written 2026-10-02",
        "The back door key is the small brass one on the red fob. The front door key is the "
        "long silver one on the blue fob.",
        day="2026-10-02",
    )
    quote = keys.excerpt  # both sentences quoted: the value is the front door key's
    wrong = Fact(1, quote, "The back door key is the long silver one on the blue fob.")
    verdict = review("Which one is the back door key?", Draft((wrong,)), [keys])
    assert not verdict.passed and "qualifier" in {f.check for f in verdict.findings}
    right = Fact(1, quote, "The back door key is the small brass one on the red fob.")
    assert review("Which one is the back door key?", Draft((right,)), [keys]).passed


def test_the_sentence_holding_the_value_is_found_by_the_value():
    from voice_assistant.research.answer_review import review
    from voice_assistant.research.notes import Note
    from voice_assistant.research.support import Draft, Fact

    kiln = Note(
        "Kiln",
        "file, pottery; written 2026-10-01",
        "Bisque firing goes to 1000 degrees; glaze firing to 1240 degrees (cone 6).",
        day="2026-10-01",
    )
    question = "What temperature does my glaze firing go to?"
    right = Fact(1, "glaze firing to 1240 degrees (cone 6).", "Glaze goes to 1240 degrees.")
    assert review(question, Draft((right,)), [kiln]).passed
    wrong = Fact(1, kiln.excerpt, "Your glaze firing goes to 1000 degrees.")
    assert not review(question, Draft((wrong,)), [kiln]).passed
