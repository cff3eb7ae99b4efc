"""One turn with acts and questions (seed 004): understand, act with receipts, the outcome
document and its ask, reply tasks and review. Decisions here are pure functions."""
