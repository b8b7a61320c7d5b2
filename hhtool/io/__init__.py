"""Reading: files, folders, globs, standard input and archives in; hand blocks (text with its file,
line and dialect) out.

`expand_paths` and `read_blocks` here are the source-aware ones (`hhtool.io.sources`: `-`, `.gz`,
`.zip` members); `hhtool.io.paths` and `hhtool.io.split` hold the plain-file versions they build on.

They are loaded when first named (PEP 562), not when the package is: the splitter asks the site registry
(`hhtool.dialects`), and `hhtool.io.limits` (the option files' limits, read by `hhtool.rules.ruleset`)
must not pull the registry into the rules layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hhtool.io.sources import expand_paths, read_blocks
    from hhtool.io.split import Block

__all__ = ["Block", "expand_paths", "read_blocks"]


def __getattr__(name: str) -> Any:
    if name == "Block":
        from hhtool.io.split import Block

        return Block
    if name in ("expand_paths", "read_blocks"):
        from hhtool.io import sources

        return getattr(sources, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
