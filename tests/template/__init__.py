"""Templates read into the model (calc/template): checks, hostile templates, the cache, the cited documents and every figure against its source."""
