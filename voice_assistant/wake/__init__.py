"""Wake-word detection: scores per 80 ms frame (a backend) and when they wake us (a rule)."""
