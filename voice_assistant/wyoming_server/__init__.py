"""The Wyoming server we run (``serve``, ``run --wyoming``): Home Assistant and peers ask
it for whole turns, speech to text and text to speech. The protocol itself (events on the
wire, addresses, PCM, a client) is ``voice_assistant.wyoming``, below the engines."""
