"""The assistant on the Wyoming protocol (Home Assistant's voice protocol): a server with
speech to text, text to speech and the whole turn (``handle``)."""
