"""The memories' tables (one row per memory, an FTS5 index kept by triggers, vectors) and
the words search leaves out."""

from voice_assistant.language.lexicon import words

SCHEMA = """
CREATE TABLE IF NOT EXISTS memories (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL,
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    project TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    content_hash TEXT NOT NULL,
    device TEXT NOT NULL,
    path TEXT,
    section TEXT,
    fields TEXT NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX IF NOT EXISTS memories_origin ON memories(path, section);
CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(
    title, text, content='memories', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER IF NOT EXISTS memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER IF NOT EXISTS memories_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, title, text)
    VALUES ('delete', old.id, old.title, old.text);
END;
CREATE TABLE IF NOT EXISTS memory_vectors (
    memory_id INTEGER PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
    vector BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS note_readings (
    memory_id INTEGER PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
    content_hash TEXT NOT NULL,
    version TEXT NOT NULL,
    reading TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS memories_changes (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    changes INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS memories_changes_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_changes(id, changes) VALUES (0, 1)
    ON CONFLICT(id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS memories_changes_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_changes(id, changes) VALUES (0, 1)
    ON CONFLICT(id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS memories_changes_au AFTER UPDATE ON memories BEGIN
    INSERT INTO memories_changes(id, changes) VALUES (0, 1)
    ON CONFLICT(id) DO UPDATE SET changes = changes + 1;
END;
CREATE TRIGGER IF NOT EXISTS memories_au AFTER UPDATE ON memories BEGIN
    INSERT INTO memories_fts(memories_fts, rowid, title, text)
    VALUES ('delete', old.id, old.title, old.text);
    INSERT INTO memories_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
"""

STOPWORDS = words("search", "stopwords")
"""Question words that would make every memory match; content words are what we search."""
