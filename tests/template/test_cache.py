"""The cache of read templates (calc/template/cache.py): what it gives is what reading the file gives,
and an entry that is stale, damaged, hostile or not the user's own is never used."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from calc import engine
from calc.core.errors import TemplateError
from calc.template import cache
from calc.template.folders import document_registries, parts_dir, template_files, templates_dir
from calc.template.loader import load
from calc.template.reader import parsed_template, read_yaml

TEMPLATES = [*template_files(), parts_dir() / "machine.yaml",
             *document_registries()]
"""Every YAML file a command reads: the templates, the machine part, the documents' registry."""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The cache in a folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(cache.SWITCH, raising=False)
    return tmp_path / "cache" / "mqcalc"


def entries(folder) -> list:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: path.name)
def test_a_cached_document_is_the_document_read(folder, path):
    fresh = parsed_template(path)
    stored = cache.document(path, parsed_template)  # fills the cache
    assert len(entries(folder)) == 1
    cached = cache.document(path, lambda _: pytest.fail("read again"))
    assert cached == fresh == stored
    assert repr(cached) == repr(fresh)  # 1 stays 1, not 1.0, True or "1"


def test_results_are_the_same_with_and_without_the_cache(folder, tmp_path):
    commands = [[sys.executable, "-m", "calc", "eval", calculator_id, "--json"]
                for calculator_id in engine.ids()] + [[sys.executable, "-m", "calc", "list",
                                                       "--json"]]
    off = {**os.environ, cache.SWITCH: "off"}
    without = [subprocess.run(command, env=off, capture_output=True, text=True, check=True)
               .stdout for command in commands]
    assert not entries(folder)
    for _ in range(2):  # the first run fills the cache, the second reads it
        assert [subprocess.run(command, capture_output=True, text=True, check=True).stdout
                for command in commands] == without
    assert len(entries(folder)) == len(TEMPLATES)


def test_a_changed_template_is_read_anew(folder, tmp_path):
    path = tmp_path / "connect.yaml"
    original = (templates_dir() / "connect.yaml").read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    cache.document(path, parsed_template)
    path.write_text(original.replace("title: Client connect", "title: Changed connect", 1),
                    encoding="utf-8")
    assert read_yaml(path).data["title"].startswith("Changed connect")
    assert len(entries(folder)) == 2



def test_the_folder_keeps_the_newest_entries_and_nothing_else_is_touched(folder, tmp_path,
                                                                          monkeypatch):
    """Each change of a template, and each version of mqcalc, wrote another entry, and none
    was ever deleted: a day of test runs left 18,573 entries, 475 MB. Writing an entry now
    deletes the oldest beyond KEPT, and only entries."""
    monkeypatch.setattr(cache, "KEPT", 3)
    original = CONNECT.read_text(encoding="utf-8")
    folder.mkdir(parents=True)
    strangers = [folder / "notes.txt", folder / ("a" * 64 + ".yaml"), folder / ".partial.json"]
    for stranger in strangers:
        stranger.write_text("not an entry")
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    link = folder / ("b" * 64 + ".json")
    link.symlink_to(outside)
    written = []
    for number in range(5):
        path = tmp_path / f"connect{number}.yaml"
        path.write_text(original.replace("title: Client connect", f"title: T{number}", 1),
                        encoding="utf-8")
        cache.document(path, parsed_template)
        [entry] = set(entries(folder)) - {*written, *strangers, link}
        os.utime(entry, ns=(number * 10**9, number * 10**9))  # written one second apart
        written.append(entry)
    assert [entry.exists() for entry in written] == [False, False, True, True, True]
    assert all(stranger.read_text() == "not an entry" for stranger in strangers)
    assert outside.read_text() == "{}" and link.is_symlink()
    kept = cache.document(tmp_path / "connect4.yaml", lambda _: pytest.fail("read again"))
    assert kept.data["title"].startswith("T4")

def _damaged(folder, path, text: str | None = None, mode: int | None = None):
    """The entry of ``path``, written by the cache and then given ``text`` and ``mode``."""
    cache.document(path, parsed_template)
    [entry] = entries(folder)
    if text is not None:
        entry.write_text(text, encoding="utf-8")
    if mode is not None:
        entry.chmod(mode)
    return entry


CONNECT = templates_dir() / "connect.yaml"


def _stored(folder) -> str:
    cache.document(CONNECT, parsed_template)
    return entries(folder)[0].read_text(encoding="utf-8")


@pytest.mark.parametrize("damage", [
    lambda text: "",
    lambda text: text[:len(text) // 2],  # truncated
    lambda text: "\x00garbage\xff",
    lambda text: "[" * 100_000 + "]" * 100_000,  # nested past the parser's recursion
    lambda text: json.dumps({"format": 1, "data": {}, "lines": {"": "one"}}),
    lambda text: json.dumps({"format": 999, "data": {}, "lines": {}}),
    lambda text: text.replace('"format":1', '"format":1,"more":2'),
    lambda text: text.replace("510", "NaN", 1),
    lambda text: json.dumps({"format": 1, "data": {"\x00pairs": [[[1], 2]]}, "lines": {}}),
    lambda text: json.dumps({"format": 1, "data": {"\x00pairs": [[1, 2, 3]]}, "lines": {}}),
    lambda text: json.dumps({"format": 1, "data": {"\x00pairs": 5}, "lines": {}}),
], ids=["empty", "truncated", "garbage", "deep", "lines-not-numbers", "other-format",
        "other-keys", "nan", "list-key", "triple", "pairs-not-a-list"])
def test_a_damaged_entry_is_ignored_and_written_anew(folder, damage):
    text = _stored(folder)
    entry = _damaged(folder, CONNECT, damage(text))
    assert cache.document(CONNECT, parsed_template) == parsed_template(CONNECT)
    assert entry.read_text(encoding="utf-8") == text


def test_an_entry_others_can_write_is_not_used(folder):
    text = _stored(folder)
    hostile = json.loads(text)
    hostile["data"]["title"] = "Planted title"
    entry = _damaged(folder, CONNECT, json.dumps(hostile), mode=0o666)
    assert cache.document(CONNECT, parsed_template).data["title"] == parsed_template(CONNECT).data["title"]
    assert entry.stat().st_mode & 0o777 == 0o600  # written anew, for the user alone
    entry.write_text(json.dumps(hostile), encoding="utf-8")  # the same, the user's own
    assert cache.document(CONNECT, parsed_template).data["title"] == "Planted title"


def test_a_hostile_entry_goes_through_the_template_checks(folder, tmp_path):
    """An entry can describe only what a template can: a formula that would run code is
    refused by the loader as it is in a template, never run."""
    path = tmp_path / "dse_support.yaml"
    path.write_bytes((templates_dir() / "dse_support.yaml").read_bytes())
    cache.document(path, parsed_template)
    [entry] = entries(folder)
    hostile = json.loads(entry.read_text(encoding="utf-8"))
    name = next(iter(hostile["data"]["outputs"]))
    hostile["data"]["outputs"][name]["formula"] = "__import__('os').system('touch pwned')"
    entry.write_text(json.dumps(hostile), encoding="utf-8")
    with pytest.raises(TemplateError, match="formula"):
        load(path)
    assert not (tmp_path / "pwned").exists()


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    (tmp_path / "cache").write_text("a file where the folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert cache.document(CONNECT, parsed_template) == parsed_template(CONNECT)


def test_the_cache_can_be_turned_off(folder, monkeypatch):
    monkeypatch.setenv(cache.SWITCH, "off")
    assert cache.document(CONNECT, parsed_template) == parsed_template(CONNECT)
    assert not folder.exists()


def test_the_cache_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv(cache.SWITCH, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.folder() == tmp_path / "mqcalc"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/not/allowed")
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.folder() == tmp_path / "home" / ".cache" / "mqcalc"


@pytest.mark.parametrize("home", ["nonexistent/x", "relative"])
def test_no_cache_is_made_where_home_is_missing_or_relative(tmp_path, home):
    """Issue 38: HOME=/nonexistent/x made that path for the cache, and a relative HOME wrote
    the cache under the current folder. Neither is a home to write in: no cache then."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("XDG_CACHE_HOME", cache.SWITCH)}
    environment["HOME"] = str(tmp_path / home) if home.startswith("nonexistent") else home
    work = tmp_path / "work"
    work.mkdir()
    completed = subprocess.run([sys.executable, "-m", "calc", "eval", "connect", "--json"],
                               env=environment, cwd=work, capture_output=True, text=True,
                               timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert not (tmp_path / "nonexistent").exists() and list(work.iterdir()) == []


def test_a_damaged_cache_gives_the_command_s_usual_answer(folder):
    environment = {**os.environ, "XDG_CACHE_HOME": str(folder.parent)}
    command = [sys.executable, "-m", "calc", "eval", "connect", "--json"]
    expected = subprocess.run(command, env={**environment, cache.SWITCH: "off"},
                              capture_output=True, text=True, check=True).stdout
    subprocess.run(command, env=environment, capture_output=True, check=True)
    for entry in entries(folder):
        entry.write_bytes(entry.read_bytes()[:100])
    damaged = subprocess.run(command, env=environment, capture_output=True, text=True)
    assert (damaged.returncode, damaged.stderr, damaged.stdout) == (0, "", expected)
