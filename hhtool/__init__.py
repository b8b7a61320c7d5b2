"""hhtool: parse and validate poker hand histories."""

from hhtool import compiled as _compiled

# before any compiled module is imported: a stale build (or HHTOOL_PURE_PYTHON=1) runs the `.py` files
_compiled.guard()

