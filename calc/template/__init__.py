"""Reading calculator templates into the model: one section of a template at a time, every
key checked on the way in, read YAML kept in a cache, and the registry of cited documents."""
