"""Issue 11, item 5: `score FILE` and `import FILE` read only a regular file, at most documents.MAX_BYTES of it,
nested no deeper than a record can be; anything else is a one-line refusal (exit 2), never a hang, a
MemoryError or a RecursionError."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from scorer.cli import main
from tests.refusals import example_record, refused, write_record


@pytest.mark.parametrize("command", [["score"], ["import"]])
def test_deeply_nested_json_is_refused(capsys, tmp_path, command):
    path = tmp_path / "deep.json"
    path.write_text("[" * 5000 + "]" * 5000)
    assert "nested" in refused(capsys, *command, str(path))


@pytest.mark.parametrize("command", [["score"], ["import"]])
def test_nesting_python_can_read_but_no_record_has_is_refused(capsys, tmp_path, command):
    data = example_record()
    data["expansions"] = [json.loads("[" * 900 + "]" * 900), []]
    assert "nested" in refused(capsys, *command, write_record(tmp_path, data))


@pytest.mark.parametrize("command", [["score"], ["import"]])
def test_a_device_is_refused(capsys, command):
    assert "regular file" in refused(capsys, *command, "/dev/zero")


@pytest.mark.parametrize("command", [["score"], ["import"]])
def test_a_fifo_is_refused_without_waiting_for_a_writer(capsys, tmp_path, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result: list[str] = []
    worker = threading.Thread(target=lambda: result.append(refused(capsys, *command, str(fifo))), daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():  # unblock the reader so the test run ends, then fail
        with open(fifo, "wb"):
            pass
        worker.join()
        pytest.fail("reading a FIFO waited for a writer")
    assert "regular file" in result[0]


@pytest.mark.parametrize("command", [["score"], ["import"]])
def test_a_file_past_the_size_bound_is_refused_saying_the_bound(capsys, tmp_path, monkeypatch, command):
    from scorer import documents

    monkeypatch.setattr(documents, "MAX_BYTES", 1024)
    data = example_record()
    data["played_on"] = "2026-11-20"
    path = write_record(tmp_path, {**data, "pad": " " * 2000})
    line = refused(capsys, *command, path)
    assert "1 KiB" in line


def test_stdin_past_the_size_bound_is_refused(capsys, monkeypatch):
    import io
    import sys

    from scorer import documents

    monkeypatch.setattr(documents, "MAX_BYTES", 1024)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b" " * 5000)))
    assert "1 KiB" in refused(capsys, "score", "-")


def test_nesting_is_refused_just_past_the_bound():
    from scorer import documents
    from scorer.errors import InputError

    deepest = "[" * documents.MAX_DEPTH + "]" * documents.MAX_DEPTH
    assert documents.parse(deepest, "file", "f.json") == json.loads(deepest)
    with pytest.raises(InputError, match=f"nested at most {documents.MAX_DEPTH} levels"):
        documents.parse("[" + deepest + "]", "file", "f.json")
    assert documents.parse('{"a": [1, {"b": []}], "c": {}}', "file", "f.json")["c"] == {}


@pytest.mark.parametrize("command", ["score", "import"])
def test_a_number_python_cannot_read_is_refused_saying_the_bound(tmp_path: Path, capsys, command: str):
    """A 5,000-digit coin count: json raised ValueError (Python's 4,300-digit limit), a traceback, exit 1."""
    path = tmp_path / "long.json"
    text = json.dumps(example_record()).replace('"coins": 5', '"coins": ' + "5" * 5000, 1)
    path.write_text(text, encoding="utf-8")
    code = main(["--db", str(tmp_path / "h.json"), command, str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "at most 100 digits" in err and "Traceback" not in err
