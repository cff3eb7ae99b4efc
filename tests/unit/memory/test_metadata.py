"""Metadata lines of imported files become fields of the memory, not its text."""

from pathlib import Path

from voice_assistant.memory.importer import import_paths
from voice_assistant.memory.metadata import front_matter, leading_metadata, metadata_line
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.research.notes import build_notes
from voice_assistant.research.tools import ToolCall, Tools


def test_front_matter_and_metadata_lines_are_parsed():
    fields, rest = front_matter(
        "---\nkind: health\nwritten: 2026-02-10\ntags:\n- a\n---\n# Dentist\n"
    )
    assert fields == {"kind": "health", "written": "2026-02-10"}
    assert rest == "# Dentist\n"
    assert front_matter("---\nnot metadata at all\n---\ntext") == (
        {},
        "---\nnot metadata at all\n---\ntext",
    )
    assert metadata_line("source: notebook | kind: business | written: 2026-11-02") == {
        "source": "notebook",
        "kind": "business",
        "written": "2026-11-02",
    }
    assert metadata_line("Note: bring the card") is None  # one pair with an unknown key is text
    assert metadata_line("written: 2026-11-02") == {"written": "2026-11-02"}
    fields, text = leading_metadata(
        "project: pottery | written: 2026-11-02\nOatmeal mugs: 32 euros."
    )
    assert fields == {"project": "pottery", "written": "2026-11-02"}
    assert text == "Oatmeal mugs: 32 euros."  # a later "key: value" line stays text


def test_imported_metadata_becomes_fields_and_never_reaches_the_notes(tmp_path: Path):
    notes_dir = tmp_path / "notes"
    notes_dir.mkdir()
    (notes_dir / "pottery.md").write_text(
        "# Oatmeal mugs\n"
        "source: notebook | kind: business | project: pottery | written: 2026-11-02\n"
        "Oatmeal mugs: retail price 32 euros, wholesale price 18 euros.\n",
        encoding="utf-8",
    )
    (notes_dir / "dentist.md").write_text(
        "---\nwritten: 2026-03-04\nkind: health\n---\n# Dentist moved\nIt moved to 20 March.\n",
        encoding="utf-8",
    )
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), device="test")
    report = import_paths(store, [notes_dir])
    assert (report.added, report.skipped) == (2, [])
    mugs, dentist = sorted(store.recent(), key=lambda m: m.title, reverse=True)
    assert mugs.text == "Oatmeal mugs: retail price 32 euros, wholesale price 18 euros."
    assert mugs.fields["written"] == "2026-11-02" and mugs.project == "pottery"
    assert dentist.project == "notes"  # the folder, as before
    assert dentist.fields == {"written": "2026-03-04", "kind": "health"}
    assert dentist.text == "It moved to 20 March."  # no front matter memory either
    notes = build_notes([_search(store, "oatmeal mugs dentist")])
    for note in notes:
        assert "source:" not in note.excerpt and "---" not in note.excerpt
    labels = {note.subject: (note.label, note.day) for note in notes}
    assert labels["Oatmeal mugs"] == ("file, business, pottery; written 2026-11-02", "2026-11-02")
    assert labels["Dentist moved"][1] == "2026-03-04"
    again = import_paths(store, [notes_dir])
    assert (again.unchanged, again.updated) == (2, 0)
    (notes_dir / "dentist.md").write_text(
        "---\nwritten: 2026-03-05\n---\n# Dentist moved\nIt moved to 20 March.\n", encoding="utf-8"
    )
    assert import_paths(store, [notes_dir]).updated == 1  # only its metadata changed


def test_a_database_from_before_fields_gets_the_column(tmp_path: Path):
    db = connect(tmp_path / "old.sqlite3")
    db.executescript(
        "CREATE TABLE memories (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '',"
        " text TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL, project TEXT NOT NULL"
        " DEFAULT '', created REAL NOT NULL, updated REAL NOT NULL, content_hash TEXT NOT NULL,"
        " device TEXT NOT NULL, path TEXT, section TEXT);"
        "INSERT INTO memories VALUES (1, 'Old', 'An old memory.', 'cli', 'note', '', 1, 1,"
        " 'h', 'd', NULL, NULL);"
    )
    store = MemoryStore(db, device="test")
    old = store.get(1)
    assert old is not None and old.fields == {} and old.text == "An old memory."


def _search(store, query):
    from voice_assistant.research.notes import Exchange

    call = ToolCall(tool="search_memories", argument=query)
    return Exchange(call, Tools(store).run(call))
