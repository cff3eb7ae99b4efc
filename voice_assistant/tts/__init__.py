"""Text to speech: the interface, and one file per backend."""
