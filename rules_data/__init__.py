"""Every game fact as TOML data files; a package only so the files install and load with importlib.resources."""
