"""Per-op interpreter rules."""
