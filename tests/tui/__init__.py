"""The terminal calculator (tui/): driven through Textual's Pilot, pictured, and run under a real terminal."""
