"""Listening, one way for the daemon's microphone and every satellite: endpointing
(``endpointer``: speech probabilities to utterances; ``endpointing``: blocks of audio to
utterances), the audio machine (``machine``: the wake word, its window, push-to-talk) and
the room's turn-taking (``turn_taking``: the windows that need no wake word, the early
start, what each thing heard becomes), deciding from the audio and the room's state."""
