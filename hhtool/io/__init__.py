"""Reading: files, folders, globs, standard input and archives in; hand blocks (text with its file,
line and dialect) out.

`expand_paths` and `read_blocks` here are the source-aware ones (`hhtool.io.sources`: `-`, `.gz`,
`.zip` members); `hhtool.io.paths` and `hhtool.io.split` hold the plain-file versions they build on.
"""

from hhtool.io.sources import expand_paths, read_blocks
from hhtool.io.split import Block

__all__ = ["Block", "expand_paths", "read_blocks"]
