"""Speech to text: the interface, and one file per backend."""
