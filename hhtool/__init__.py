"""hhtool: parse and validate poker hand histories."""

import os

from hhtool import compiled as _compiled

# numpy (Arrow buffers, the uid table) loads OpenBLAS, which starts a thread per core that spins while
# idle: ~3% of an export's CPU in every process. hhtool does no linear algebra, so one thread; set before
# numpy is imported, and a value the user set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# before any compiled module is imported: a stale build (or HHTOOL_PURE_PYTHON=1) runs the `.py` files
_compiled.guard()
