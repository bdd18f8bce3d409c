"""pyflakes finds nothing in the code: no unused import or variable, no undefined name, no
import shadowed by another (what a change leaves behind most often)."""
from __future__ import annotations

import ast
import subprocess
import sys

from tests.conftest import CALCULATOR_IDS, REPO


def test_pyflakes_finds_nothing():
    found = subprocess.run([sys.executable, "-m", "pyflakes", "calc", "tui", "tests"],
                           cwd=REPO, capture_output=True, text=True, timeout=300)
    assert (found.returncode, found.stdout, found.stderr) == (0, "", "")


PROJECT = ("calc", "tui", "tests")
"""The project's own packages."""


def private_imports(root) -> list[str]:
    """Each name with a leading underscore imported from the project's own modules in calc,
    tui and tests: such a name is its module's own business."""
    found = []
    for path in sorted(path for folder in PROJECT for path in (root / folder).rglob("*.py")):
        for line, module in imported_modules(path, root):
            name = module.rpartition(".")[2]
            if (module.partition(".")[0] in PROJECT and name.startswith("_")
                    and not name.startswith("__")):
                found.append(f"{path.relative_to(root)}:{line} {name}")
    return found


def test_no_private_name_is_imported_from_another_module(tmp_path):
    assert private_imports(REPO) == []
    (tmp_path / "calc").mkdir()
    (tmp_path / "calc" / "a.py").write_text("from .b import _hidden, shown\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "c.py").write_text("from calc.b import _x\nfrom os import _exit\n")
    (tmp_path / "tui").mkdir()
    assert private_imports(tmp_path) == ["calc/a.py:1 _hidden", "tests/c.py:1 _x"]


def classes_of_several_bases(root) -> list[str]:
    """Each class in calc and tui made of more than one base: a mixin shares its state with
    classes it cannot see, so each part of a reader or a screen is an object of its own."""
    return [f"{path.relative_to(root)}:{node.lineno} {node.name}"
            for folder in ("calc", "tui") for path in sorted((root / folder).rglob("*.py"))
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef) and len(node.bases) > 1]


def test_no_class_is_made_of_mixins(tmp_path):
    assert classes_of_several_bases(REPO) == []
    for folder in ("calc", "tui"):
        (tmp_path / folder).mkdir()
    (tmp_path / "tui" / "app.py").write_text("class App:\n    pass\n\n\n"
                                             "class Mixed(Plans, App):\n    pass\n")
    assert classes_of_several_bases(tmp_path) == ["tui/app.py:5 Mixed"]


def test_every_calculator_has_its_own_test_file():
    """Each template's calculator is tested in tests/calculators/test_ID.py (its source's
    figures and its properties), beside the checks every calculator shares."""
    own = REPO / "tests" / "calculators"
    assert [i for i in CALCULATOR_IDS if not (own / f"test_{i}.py").is_file()] == []


LAYERS = ("core", "files", "formula", "template", "engine", "inputs", "workbook", "cli")
"""calc's sub-packages from the bottom up: each imports only from its own layer and those
before it. core: the model, errors, values and how they are written; files: the doors to the
file system; formula: the expression language and its back-ends; template: templates read
into the model; engine: the catalogue, evaluation, sweeps, charts, explanations; inputs: the
planner's files read and evaluated; workbook: the writer; cli: the command line."""
FACE_ENTRIES = {"calc/cli/cmd_tui.py": "tui"}
"""The one module of calc that imports the terminal calculator: the command that starts it."""


def imported_modules(path, root) -> list[tuple[int, str]]:
    """Each module ``path`` (under ``root``) imports, at its top or inside a function, with
    the line, as an absolute dotted name; ``from X import y`` counts as X.y, which is X's own
    when y is a name inside X."""
    package = path.parent.relative_to(root).parts
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join([*package[:len(package) - node.level + 1], node.module or ""]
                            if node.level else [node.module])
            found += [(node.lineno, f"{base.strip('.')}.{alias.name}") for alias in node.names]
    return found


def layer_breaches(root) -> list[str]:
    """Each import in calc of a layer above the importing module's, or of the terminal
    calculator outside :data:`FACE_ENTRIES`; and each module of calc outside a layer."""
    found = []
    for path in sorted((root / "calc").rglob("*.py")):
        name = path.relative_to(root).as_posix()
        parts = path.relative_to(root / "calc").parts
        if len(parts) == 1:
            continue  # calc/__init__.py and __main__.py: the package's face
        if parts[0] not in LAYERS:
            found.append(f"{name} is in no layer")
            continue
        own = LAYERS.index(parts[0])
        for line, module in imported_modules(path, root):
            top, _, rest = module.partition(".")
            layer = rest.partition(".")[0]
            if top == "tui" and FACE_ENTRIES.get(name) != "tui":
                found.append(f"{name}:{line} imports {module}")
            elif top == "calc" and layer in LAYERS and LAYERS.index(layer) > own:
                found.append(f"{name}:{line} imports {module}")
    return found


def test_each_layer_of_calc_imports_only_from_itself_and_those_below():
    assert layer_breaches(REPO) == []


def test_an_upward_import_is_found(tmp_path):
    for folder, text in (("core", "from calc.engine import run\n"),
                         ("engine", "from calc.core.model import Input\n"),
                         ("inputs", "def f():\n    from tui.app import run_app\n"),
                         ("extra", "")):
        (tmp_path / "calc" / folder).mkdir(parents=True)
        (tmp_path / "calc" / folder / "a.py").write_text(text)
    assert layer_breaches(tmp_path) == ["calc/core/a.py:1 imports calc.engine.run",
                                        "calc/extra/a.py is in no layer",
                                        "calc/inputs/a.py:2 imports tui.app.run_app"]


def test_tui_imports_no_other_face():
    """The terminal calculator asks the engine and the layers below; it borrows nothing
    from the command line (the workbook writer it calls to export, as the command does)."""
    found = [f"{path.relative_to(REPO)}:{line} {module}"
             for path in sorted((REPO / "tui").rglob("*.py"))
             for line, module in imported_modules(path, REPO) if module.startswith("calc.cli")]
    assert found == []
