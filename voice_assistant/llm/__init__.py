"""Language models: the interface, and one file per backend."""
