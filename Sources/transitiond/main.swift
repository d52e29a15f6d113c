import TransitionEngine

// Placeholder entry point until the daemon lands: `--demo` prints an engine demo.
