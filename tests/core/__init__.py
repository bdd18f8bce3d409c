"""One layer's tests: what every layer shares (calc/core): values written for a person, stepping, refused values shown shortened."""
