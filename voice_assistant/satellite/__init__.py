"""Wyoming satellites driven by the daemon (``wyoming.satellites``): a microphone and a
speaker in another room, our wake word, endpointing and turns (``link``, ``speaker``),
the household's timers reported to them (``timers``), all started beside the daemon
(``hub``)."""
