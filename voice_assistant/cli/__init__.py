"""The command line: every ``voice-assistant`` command's entry point."""
