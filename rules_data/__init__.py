"""Every game fact as TOML data files; a package only so the files install beside it (scorer.catalog.data_file)."""
