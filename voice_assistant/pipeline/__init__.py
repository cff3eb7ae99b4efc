"""One turn's stages, the speaking of its reply, and its progress cues."""
