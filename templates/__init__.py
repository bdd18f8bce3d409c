"""The calculator templates, one YAML file each: the single place a calculator is written.

This folder is installed as the package ``calc.templates`` (pyproject.toml maps it there),
so a wheel, a zip and an editable install find the templates alike: as the package's folder,
or through ``importlib.resources`` inside a zip (see ``calc.engine.templates_dir``). Nothing
here is Python but this documentation.
"""
