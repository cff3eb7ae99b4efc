"""The Wyoming protocol (Home Assistant's voice protocol) as we speak it: events on the
wire, addresses, PCM, a client for remote engines. The server we run is
``voice_assistant.wyoming_server``."""
