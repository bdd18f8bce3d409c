"""The engine (calc/engine): the API, evidence, explanations, charts, sweeps, properties over every domain, the sources' worked examples, the machine."""
