"""One turn with acts and questions (docs/decisions/0003): understand, act with receipts,
the outcome document and its ask, reply tasks and review. Decisions here are pure
functions."""
