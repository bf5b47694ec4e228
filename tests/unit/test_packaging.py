"""Every data file the packages read must be declared as package data, or a plain `pip install .` breaks."""

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_data_file_is_declared_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package in config["packages"]:
        folder = ROOT / package.replace(".", "/")
        patterns = config.get("package-data", {}).get(package, [])
        subpackages = {ROOT / other.replace(".", "/") for other in config["packages"]} - {folder}
        for path in folder.rglob("*"):
            if any(path.is_relative_to(sub) for sub in subpackages) or "__pycache__" in path.parts:
                continue  # checked as its own package
            name = path.relative_to(folder).as_posix()
            if path.is_file() and path.suffix not in (".py", ".pyc"):
                assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), (
                    f"{path.relative_to(ROOT)} is not declared in [tool.setuptools.package-data] {package}"
                )


def test_every_package_folder_is_installed():
    """A package missing from [tool.setuptools] packages is left out of a plain `pip install .` (the editable
    install the tests use still finds it): the app then fails the first time a screen imports it."""
    packages = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    )
    folders = {
        init.parent.relative_to(ROOT).as_posix().replace("/", ".")
        for top in ("scorer", "widgets", "rules_data")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert sorted(folders - packages) == []
