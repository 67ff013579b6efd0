"""Dialects hlopt knows by name only: their ops are kept and printed
generically, and verified structurally (no op-specific rules)."""
