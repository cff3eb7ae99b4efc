"""voice-assistant: a private, local voice assistant (faster-whisper, llama.cpp, piper)."""

__version__ = "0.1.0"
