"""What a spoken answer reads: strong notes, passages about the question, and when code's
first search settles research."""

from voice_assistant.research.notes import Note
from voice_assistant.research.passages import decisive, focus, passage, strong
from voice_assistant.research.support import Draft, Fact, recited

RACE = "Training for the half marathon: long run on Sundays. Race day is 26 April."
LONG = (
    "The flat has two bedrooms and a small balcony facing the courtyard. "
    "The boiler is in the kitchen cupboard next to the fridge. "
    "Its pressure should stay between 1 and 1.5 bar. "
    "The landlord repainted the hallway in spring and left spare paint in the cellar. "
    "The recycling bins are collected on Monday mornings before eight. "
    "The neighbours upstairs have a piano and practise on Sunday afternoons. "
    "The smoke alarm in the hallway was tested in October."
)


def note(subject, text, best, day="2026-06-30", found=1):
    return Note(subject, f"file, home; written {day}", text[:60], found, best, day, text)


def test_a_short_note_is_one_passage():
    assert passage(RACE, "When is my half marathon?") == RACE


def test_a_long_note_gives_the_sentences_about_the_question_with_the_next_one():
    got = passage(LONG, "Where is the boiler?")
    assert got == (
        "The boiler is in the kitchen cupboard next to the fridge. "
        "Its pressure should stay between 1 and 1.5 bar."
    )
    assert len(got) < len(LONG) / 2
    assert passage(LONG, "What about the weather?") == LONG.split(". ")[0] + "."  # nothing matched


def test_only_notes_sharing_a_word_with_the_question_are_read():
    notes = [
        note("Running plan", RACE, 3.28),
        note("Bike", "The bike lock code is on the fridge.", 1.61),  # found by meaning alone
        note("Race kit", "Bib number 212 for the half marathon.", 3.2),
        Note("clock: the current date and time", "tool clock", "Tuesday 1 December"),
    ]
    question = "When is my half marathon?"
    assert [n.subject for n in strong(notes, question)] == ["Running plan", "Race kit"]
    kept = focus(notes, "When is my half marathon?")
    assert [n.subject for n in kept] == ["Running plan", "Race kit", notes[3].subject]
    assert kept[0].render(1) == f"[1] Running plan: {RACE}"
    assert len(focus(notes * 3, "When is my half marathon?", count=2)) == 2 + 3  # + tool notes


def test_a_note_is_dated_only_beside_a_note_on_the_same_subject():
    old = note("Dentist", "Check-up on 12 March.", 3.2, day="2026-02-01")
    moved = note("Dentist moved", "The check-up moved to 20 March.", 3.2, day="2026-03-04")
    race = note("Running plan", RACE, 3.1)
    kept = focus([old, moved, race], "When is my dentist check-up?")
    assert [n.render(i) for i, n in enumerate(kept, 1)] == [
        "[1] Dentist (2026-02-01): Check-up on 12 March.",
        "[2] Dentist moved (2026-03-04): The check-up moved to 20 March.",
    ]


def test_the_first_search_settles_research_when_strong_notes_hold_the_asked_words():
    found = [note("Running plan", RACE, 3.28), note("Lock", "The lock code is 4411.", 1.6)]
    assert decisive("When is my half marathon?", found)
    assert decisive("When is my half marathon camp?", found)  # all but one word
    assert not decisive("When is my marathon camp in Spain?", found)  # two words are nowhere
    assert not decisive("Where is my passport?", found)  # its only word is nowhere
    assert not decisive("When is my half marathon?", [])


def test_a_spoken_answer_reads_only_the_notes_holding_every_asked_word_when_one_does():
    mugs = note("Oatmeal mugs", "Retail price 32 euros, wholesale price 18 euros.", 3.28)
    bowls = note("Speckled bowls", "No wholesale price has been set yet.", 3.2)
    question = "What's the wholesale price of my oatmeal mugs?"
    assert [n.subject for n in focus([mugs, bowls], question)] == ["Oatmeal mugs"]
    question = "What's the wholesale price of my oatmeal cups?"  # no note holds every word:
    assert len(focus([mugs, bowls], question)) == 2  # the best ones, and those one word short


def test_a_fact_citing_the_wrong_note_moves_to_the_one_holding_its_values():
    subjects, passages = ["Oatmeal mugs", "Kiln"], ["Retail 32 euros.", "Glaze firing to 1240."]
    draft = Draft((Fact(1, passages[0], "Glaze goes to 1240 degrees."),))
    assert recited(draft, subjects, passages) == Draft(
        (Fact(2, passages[1], "Glaze goes to 1240 degrees."),)
    )
    assert recited(Draft((Fact(2, passages[1], "It is 1240."),)), subjects, passages) is None
    assert recited(Draft((Fact(1, passages[0], "It is 99."),)), subjects, passages) is None
