"""The installed dof's version, for `dof --version` and the language server's
hello; looked up only when asked (reading the package metadata costs more
than the rest of `dof --help`)."""

from importlib import metadata


def version() -> str:
    try:
        return metadata.version("dof")
    except metadata.PackageNotFoundError:
        return "unknown"
