"""Whether the user has finished their turn, from the audio: an end-of-turn
model asked at a short pause, so a finished request need not wait out the silence timeout."""
