"""hhtool's version, as installed (`hhtool --version`, the SARIF tool record)."""

from __future__ import annotations


def hhtool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hhtool")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"
