"""Reading: files, folders and globs in; hand blocks (text with its file, line and dialect) out."""

from hhtool.io.paths import expand_paths
from hhtool.io.split import Block, read_blocks

__all__ = ["Block", "expand_paths", "read_blocks"]
