"""Endpointing: where an utterance ends, by silence or, sooner, by the end-of-turn model."""

from __future__ import annotations

from pydantic import Field

from voice_assistant.config.section import Section


class EndpointConfig(Section):
    """Voice activity endpointing; times in seconds."""

    threshold: float = Field(0.5, gt=0, lt=1, description="Speech probability for speech.")
    min_speech_s: float = Field(0.25, ge=0, description="Less speech than this is no speech.")
    silence_timeout_s: float = Field(1.0, gt=0, description="Silence that ends an utterance.")
    max_utterance_s: float = Field(30.0, gt=0, description="An utterance is cut here.")
    pre_roll_s: float = Field(0.3, ge=0, description="Audio kept before speech starts.")
    post_roll_s: float = Field(0.2, ge=0, description="Audio kept after speech ends.")
    turn_end_pause_s: float = Field(
        0.2,
        ge=0,
        description="A pause this long asks the end-of-turn model whether the user is done: "
        "yes starts the turn's read-only work on what was said so far, while "
        "silence_timeout_s confirms the end before anything is done or said (0: never).",
    )
    turn_end_late_pause_s: float = Field(
        0.5,
        ge=0,
        description="A pause this long starts the turn's read-only work on what was said so "
        "far even when the end-of-turn model did not call it the end (its endings are "
        "not always right); silence_timeout_s still confirms it (0: never).",
    )
    turn_end_threshold: float = Field(
        0.5, gt=0, lt=1, description="The end-of-turn model's probability that starts a turn early."
    )
    turn_end_sure_threshold: float = Field(
        0.0,
        ge=0,
        lt=1,
        description="The end-of-turn model's probability at a pause that counts as sure: the "
        "turn is then confirmed after turn_end_sure_silence_s of silence instead of "
        "silence_timeout_s (0: off; what it would cut: BENCHMARKS.md).",
    )
    turn_end_sure_silence_s: float = Field(
        0.5, ge=0, description="The silence that confirms a turn the model is sure has ended."
    )
    whole_command_silence_s: float = Field(
        0.0,
        ge=0,
        description="A turn started early whose words code reads as whole commands with every "
        "value said (a timer, the time) is confirmed after this much silence instead of "
        "silence_timeout_s (0: off; a longer pause right after such a command then ends the "
        "request: BENCHMARKS.md).",
    )
    max_input_s: float = Field(
        600.0,
        gt=0,
        description="A batch WAV longer than this is refused (error too-long) from its "
        "header, before any audio is decoded.",
    )
