"""The benchmarks behind BENCHMARKS.md: one module per suite, run from a checkout."""
