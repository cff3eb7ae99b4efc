"""The user's memories: a SQLite store with full-text search, and importing files into it."""
