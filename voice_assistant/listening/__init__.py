"""Listening, one way for the daemon's microphone and every satellite: endpointing
(``endpointing``: blocks of audio to utterances) and the state machine (``machine``: the
wake word, a barge-in, a follow-up window, push-to-talk), deciding from the audio alone."""
