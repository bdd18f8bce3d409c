"""The calculator templates, one YAML file each: the single place a calculator is written.

This folder is installed as the package ``calc.templates`` (pyproject.toml maps it there),
so a wheel, a zip and an editable install read the templates alike, through
``importlib.resources``; nothing here is Python but this line of documentation.
"""
