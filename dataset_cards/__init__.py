"""Dataset card templates, one per published Hub repo (`<repo_name>.md`), filled at build time."""
