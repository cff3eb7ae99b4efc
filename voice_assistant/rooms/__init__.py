"""The turn service: one worker runs every room's turns, with each room's session and log."""
