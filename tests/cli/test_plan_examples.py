"""The example plans an installed mqcalc ships (issue 42): listed with what each shows,
evaluated as the plan file itself is, copied out to edit, never over a file; every refusal one
line, exit 2."""
from __future__ import annotations

import json

import pytest

from calc.cli import main
from calc.inputs.plan_examples import example_names
from tests.conftest import REPO

EXAMPLES = sorted(path.stem for path in (REPO / "examples").glob("*.yaml"))


def test_every_example_in_the_folder_is_shipped_and_listed_with_what_it_shows(capsys):
    assert list(example_names()) == EXAMPLES == ["measured_today", "z16_encryption_ams"]
    assert main(["plan", "--example"]) == 0
    listed = capsys.readouterr().out
    assert listed.split("\n")[0].split()[0] == "measured_today"
    assert "one queue manager today, and after the changes proposed for it." in " ".join(
        listed.split())


@pytest.mark.parametrize("name", EXAMPLES)
def test_an_example_evaluates_as_its_file_does(name, capsys):
    assert main(["plan", str(REPO / "examples" / f"{name}.yaml"), "--json"]) == 0
    from_file = json.loads(capsys.readouterr().out)
    assert main(["plan", "--example", name, "--json"]) == 0
    shipped = json.loads(capsys.readouterr().out)
    assert shipped.pop("plan") == f"{name}, an example shipped with mqcalc"
    from_file.pop("plan")
    assert shipped == from_file


def test_out_writes_the_example_as_shipped_and_never_over_a_file(tmp_path, capsys):
    out = tmp_path / "mine.yaml"
    assert main(["plan", "--example", "z16_encryption_ams", "--out", str(out)]) == 0
    assert out.read_bytes() == (REPO / "examples" / "z16_encryption_ams.yaml").read_bytes()
    assert capsys.readouterr().out == (f"Wrote the example z16_encryption_ams to {out}: edit "
                                       f"it, then mqcalc plan {out}\n")
    out.write_text("my own plan")
    assert main(["plan", "--example", "measured_today", "--out", str(out)]) == 2
    assert out.read_text() == "my own plan"
    assert capsys.readouterr().err == (f"mqcalc: plan --out {out}: exists; the example is not "
                                       "written over a file (name another, or remove it "
                                       "first)\n")


@pytest.mark.parametrize(("arguments", "said"), [
    (["--example", "nope"], "--example: no example plan named 'nope'; accepts one of "
                            "measured_today, z16_encryption_ams"),
    (["--example", "nope", "--out", "x.yaml"], "--example: no example plan named 'nope'"),
    (["plan.yaml", "--out", "x.yaml"], "plan: --out is for --example NAME"),
    (["plan.yaml", "--example", "measured_today"], "plan takes one of a plan FILE, "
                                                   "--from-workbook FILE or --example NAME"),
    ([], "plan takes one of a plan FILE"),
])
def test_a_wrong_example_request_is_one_line_exit_2(arguments, said, tmp_path, capsys,
                                                    monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["plan", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"mqcalc: {said}") and error.count("\n") == 1, error
    assert not (tmp_path / "x.yaml").exists()
