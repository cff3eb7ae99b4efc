"""Audio in and out. Only audio/device.py (the live daemon's) may import sounddevice."""
