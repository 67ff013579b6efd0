"""A pass plugin that fails while it is imported (for load-pass-plugin.mlir)."""

raise RuntimeError("plugin setup failed")
