// Placeholder; the module is being written.
