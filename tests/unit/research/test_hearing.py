"""A transcript's near miss read as the word the memories use."""

from voice_assistant.research.hearing import distance, readings, vocabulary

MEMORIES = [
    ("Kiln", "Bisque firing goes to 1000 degrees, glaze firing to 1240."),
    ("Pepperpot", "Pepperpot is our cat. Her flea treatment is due on 30 October."),
    ("Felix", "His son Oskar is seven. Biscuit sees the vet on Thursday."),
    ("My brother", "My brother Tomás lives in Porto."),
    ("Electrician", "An electrician is coming on Tuesday."),
]
WORDS = vocabulary(MEMORIES)


def test_edit_distance_counts_swaps_as_one():
    assert distance("blaze", "glaze") == 1
    assert distance("form", "from") == 1
    assert distance("plummer", "plumber") == 1
    assert distance("kitten", "sitting", limit=2) == 3  # stops past the limit


def test_a_near_miss_is_read_as_the_memories_word():
    assert readings("How hot do the blaze firings go?", WORDS) == [
        ("How hot do the glaze firings go?", 0.05)
    ]
    assert readings("How old is Felix's sun?", WORDS) == [("How old is Felix's son?", 0.05)]
    assert readings("When does Biscuit see the bet?", WORDS) == [
        ("When does Biscuit see the vet?", 0.05)  # b and v sound alike
    ]
    assert readings("Where does Thomas live?", WORDS) == [("Where does Tomás live?", 0.05)]


def test_two_words_the_memories_write_as_one_are_joined_needing_no_gain():
    assert readings("When is Pepper Pot's flea treatment?", WORDS) == [
        ("When is Pepperpot's flea treatment?", 0.0)
    ]
    assert readings("When is the elect trician coming?", WORDS) == [
        ("When is the electrician coming?", 0.0)
    ]


def test_words_the_memories_use_or_far_from_any_are_left_alone():
    assert readings("When is the electrician coming?", WORDS) == []
    assert readings("What is the capital of Australia?", WORDS) == []  # nothing near
    assert readings("When does the run start?", WORDS) == []  # "run" is no "sun": r, s differ


def test_a_name_heard_as_a_small_word_and_another_is_read_as_the_name():
    ingrid = vocabulary([("Neighbours", "The spare key is with Ingrid. Her number is saved.")])
    assert readings("Where's in grid's number saved?", ingrid) == [
        ("Where's ingrid's number saved?", 0.05)
    ]
    assert readings("Is it in the grid?", ingrid) == []  # "in the" is no name


def test_one_word_made_of_two_of_the_memories_words_is_split():
    laptop = vocabulary([("Work laptop", "The work laptop has asset tag 88213.")])
    assert readings("What is the Assetag of my work laptop?", laptop) == [
        ("What is the asset tag of my work laptop?", 0.05)  # the "t" they share said once
    ]
    assert readings("What is the assettag of my work laptop?", laptop) == [
        ("What is the asset tag of my work laptop?", 0.05)
    ]


def test_a_hyphenated_word_the_memories_write_whole_is_joined():
    words = vocabulary([("Home wifi", "The main wifi network is called Larkspur.")])
    assert readings("What is the main Wi-Fi network called?", words) == [
        ("What is the main wifi network called?", 0.0)
    ]


def test_accents_and_spellings_fold_alike():
    from voice_assistant.research.fold import fold

    assert fold("Where does Tomas live?") == fold("Where does Tomás live?")
    assert fold("the Wi-Fi password") == ["the", "wifi", "password"]


def test_a_question_heard_as_general_is_read_again_only_one_letter_a_word():
    assert readings("Where does Tomus live?", WORDS, most=1) == [("Where does Tomás live?", 0.05)]
    assert readings("How hot do the blaize firings go?", WORDS, most=1) == []  # two letters
    assert readings("How hot do the blaize firings go?", WORDS) != []


def test_a_name_may_be_two_letters_off():
    assert readings("Where does Tamus live?", WORDS, most=1) == [("Where does Tomás live?", 0.05)]
    assert readings("Where does tamus live?", WORDS, most=1) == []  # no name: one letter


def test_names_equally_near_a_misheard_one_are_each_read_the_likeliest_first():
    people = vocabulary(
        [("Payments team", "Marek is the tech lead."), ("Window cleaner", "Marco comes in March.")]
    )
    assert readings("What does Merck do for a living?", people) == [
        ("What does Marek do for a living?", 0.05),  # ends as "Merck" ends
        ("What does March do for a living?", 0.05),
        ("What does Marco do for a living?", 0.05),
    ]
    # heard as a question about the world, a name two letters off must sound the same
    assert readings("What does Merck do for a living?", people, 1) == [
        ("What does Marek do for a living?", 0.05),
        ("What does Marco do for a living?", 0.05),
    ]
    hotel = vocabulary([("Kyoto trip", "We stay at Hotel Kanra.")])
    assert readings("What is the capital of Kenya?", hotel, 1) == []
    assert readings("What is the capital of Kenya?", hotel) != []  # a personal question
    # a word that is no name is read only when one word is nearest
    assert readings("When does the merck come?", people, 2) == []


def test_a_name_far_in_letters_is_read_as_the_memories_name_that_sounds_the_same():
    from voice_assistant.research.hearing import sound

    assert sound("Alveress") == sound("Alvarez") and sound("Akeffer") == sound("Okafor")
    assert sound("Merrick") == sound("Marek") != sound("March")
    people = vocabulary([("Dentist", "Check-up with Dr. Alvarez."), ("Neighbour", "Mr. Okafor")])
    assert readings("Who is Mr. Akeffer?", people) == [("Who is Mr. Okafor?", 0.05)]
    assert readings("Where is Dr. Alveress?", people) == [("Where is Dr. Alvarez?", 0.05)]
    assert readings("Who is Mr. Acafé?", people) == []  # a consonant short: no guess
    cleaners = vocabulary([("Window cleaner", "Marco comes monthly."), ("Team", "Marek leads.")])
    assert readings("Does Mark O do the windows?", cleaners, 1) == [
        ("Does Marco do the windows?", 0.05),  # two names heard for one, ending as it ends
        ("Does Marek do the windows?", 0.05),
    ]
    assert readings("Who is the akeffer?", people) == []  # no name: letters only


def test_the_words_that_say_what_is_asked_are_never_read_as_the_notes_words():
    kiln = vocabulary([("Kiln", "Glaze firing goes to 1240 degrees.")])
    assert readings("What does he do for a living?", kiln, 2) == []  # not "for a firing"


def test_an_opening_once_is_read_as_when_s():
    from voice_assistant.research.hearing import question_word

    assert question_word("Once the house insurance up for renewal.") == (
        "When's the house insurance up for renewal?"
    )
    assert question_word("Once it's safe to plant the tomatoes out.") == (
        "When's it safe to plant the tomatoes out?"
    )
    assert question_word("Once the bread is done, tell me.") == "Once the bread is done, tell me."
    assert question_word("When is it?") == "When is it?"


def test_a_note_found_only_through_the_changed_word_is_no_answer():
    from voice_assistant.research.hearing import held_beyond_reading
    from voice_assistant.research.notes import Note

    library = Note(
        "Library books", "file", "The library books are due back on 2 December.", day="d"
    )
    kiln = Note("Kiln", "file", MEMORIES[0][1], day="d")
    clock = Note("clock: the current date and time", "tool clock", "Monday 30 November")
    heard = "How long am I supposed to talk for a coffee's dude?"
    reading = "How long am I supposed to talk for a coffee's due?"
    assert held_beyond_reading(heard, reading, [library, clock]) == [clock]
    # what the reading left as it was ("firings") is in the note: it stands
    glaze = ("How hot do the blaze firings go?", "How hot do the glaze firings go?")
    assert held_beyond_reading(*glaze, [kiln]) == [kiln]
    # a question of the changed word alone keeps its notes
    okafor = Note("Landlord", "file", "The landlord is Mr. Okafor.", day="d")
    assert held_beyond_reading("Who is Mr. Akeffer?", "Who is Mr. Okafor?", [okafor]) == [okafor]
    # a reading to one of the user's names is evidence enough
    ingrid = Note("Ingrid", "file", "Our neighbour Ingrid at number 12 keeps our key.", day="d")
    ingred = ("What number does Ingred live at?", "What number does Ingrid live at?")
    assert held_beyond_reading(*ingred, [ingrid]) == []
    assert held_beyond_reading(*ingred, [ingrid], frozenset({"ingrid"})) == [ingrid]


def test_the_compiled_distance_is_the_same_as_the_written_one():
    from rapidfuzz.distance import OSA

    pairs = [("glaze", "blaze"), ("firings", "firnigs"), ("vet", "bet"), ("berek", "birck")]
    pairs += [("assetag", "asset"), ("velaskess", "velasquez"), ("a", "abc"), ("kiln", "")]
    for a, b in pairs:
        for limit in (1, 2):
            assert min(distance(a, b, limit), limit + 1) == OSA.distance(
                a, b, score_cutoff=limit
            ), (a, b, limit)


def test_a_vocabulary_makes_its_indexes_once_and_reads_as_a_plain_one():
    memories = [("Kiln", "The glaze firings go to 1240 degrees with Velasquez.")]
    words = vocabulary(memories)
    assert readings("How hot do the blaze firings go?", words) == readings(
        "How hot do the blaze firings go?", dict(words)
    )
    stems = words.stems
    readings("When is Velaskess coming?", words)
    assert words.stems is stems
