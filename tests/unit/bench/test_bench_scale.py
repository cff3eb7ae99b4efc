"""The scale bench's generated notes: the same first notes at every size, a different
made-up name for each, and each question's right value (and only it) in its note."""

from __future__ import annotations

import re

from bench.scale import made_up, notes, write_notes


def test_the_first_notes_are_the_same_at_every_size():
    assert list(notes(200)) == list(notes(1000))[:200]


def test_made_up_names_differ_over_the_largest_store():
    names = {made_up(i, 1) for i in range(50_000)}
    assert len(names) == 50_000


def test_each_note_holds_its_right_value_and_its_neighbour_apart():
    for generated in notes(50):
        assert re.search(generated.expect, generated.text, re.I), generated
        if generated.forbid != r"(?!)":
            assert re.search(generated.forbid, generated.text, re.I), generated
            right = re.search(generated.expect, generated.text, re.I)
            wrong = re.search(generated.forbid, generated.text, re.I)
            assert right and wrong and right.start() != wrong.start()


def test_the_notes_are_written_as_markdown_sections(tmp_path):
    made = write_notes(tmp_path, 1200)
    files = sorted(tmp_path.glob("*.md"))
    assert len(files) == 3 and len(made) == 1200
    assert sum(f.read_text().count("\n# ") + 1 for f in files) == 1200
