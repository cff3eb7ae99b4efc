"""Each note is read once, when it is written, and its reading kept beside it."""

from __future__ import annotations

from typing import Any

from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore


class CountingReader:
    def __init__(self, version: str = "v1") -> None:
        self.version = version
        self.read_texts: list[str] = []

    def read(self, title: str, text: str, fields: dict[str, str]) -> dict[str, Any]:
        self.read_texts.append(text)
        return {"title": title, "text": text, "kind": fields.get("kind", "")}

    def read_many(self, notes: list[tuple[str, str, dict[str, str]]]) -> list[dict[str, Any]]:
        return [self.read(*note) for note in notes]


def test_a_note_is_read_when_written_and_never_again(tmp_path):
    reader = CountingReader()
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), reader=reader)
    memory_id = store.add("The boiler was serviced on 3 March.", title="Boiler")
    assert reader.read_texts == ["The boiler was serviced on 3 March."]
    memory = store.get(memory_id)
    assert memory is not None
    assert store.reading(memory) == {
        "title": "Boiler",
        "text": "The boiler was serviced on 3 March.",
        "kind": "",
    }
    store.reading(memory)
    assert len(reader.read_texts) == 1  # kept, not read again
    store.update(memory_id, "Boiler", "The boiler was serviced on 3 March.")
    assert len(reader.read_texts) == 1  # the same words: the same reading
    store.update(memory_id, "Boiler", "The boiler was serviced on 9 April.")
    assert reader.read_texts[-1] == "The boiler was serviced on 9 April."


def test_a_new_parser_version_reads_the_note_again(tmp_path):
    path = tmp_path / "m.sqlite3"
    memory_id = MemoryStore(connect(path), reader=CountingReader("v1")).add("Bins on Tuesday.")
    newer = CountingReader("v2")
    store = MemoryStore(connect(path), reader=newer)
    memory = store.get(memory_id)
    assert memory is not None and newer.read_texts == []
    assert store.reading(memory) is not None and newer.read_texts == ["Bins on Tuesday."]
    store.reading(memory)
    assert newer.read_texts == ["Bins on Tuesday."]


def test_the_reading_goes_with_its_note(tmp_path):
    db = connect(tmp_path / "m.sqlite3")
    store = MemoryStore(db, reader=CountingReader())
    memory_id = store.add("The spare key is with the neighbour.")
    assert store.forget(memory_id)
    assert db.execute("SELECT count(*) FROM note_readings").fetchone()[0] == 0


def test_without_a_reader_nothing_is_read(tmp_path):
    store = MemoryStore(connect(tmp_path / "m.sqlite3"))
    memory = store.get(store.add("Plain note."))
    assert memory is not None and store.reading(memory) is None


def test_an_import_reads_what_it_writes_once_and_an_unchanged_file_not_at_all(tmp_path):
    from voice_assistant.memory.importer import import_paths

    notes = tmp_path / "notes.md"
    notes.write_text("# Boiler\nServiced on 3 March.\n\n# Bins\nBlack bin on Friday.\n")
    reader = CountingReader()
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), reader=reader)
    import_paths(store, [notes])
    assert sorted(reader.read_texts) == ["Black bin on Friday.", "Serviced on 3 March."]
    import_paths(store, [notes])
    assert len(reader.read_texts) == 2
    notes.write_text("# Boiler\nServiced on 9 April.\n\n# Bins\nBlack bin on Friday.\n")
    import_paths(store, [notes])
    assert reader.read_texts[2:] == ["Serviced on 9 April."]
