"""Write a file whole or not at all: through a temporary file beside it, renamed over it at the end.

An interrupted or failed write (an exception, Ctrl-C, a kill) leaves the file as it was: the rename is
atomic on one file system, and the temporary file lies in the same folder for that reason. A name
that is not a regular file (`/dev/null`, a FIFO, a terminal) is written in place: renaming over it
would replace the device itself. A symbolic link is followed: the file it names is replaced.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO


@contextmanager
def replacing(path: str | os.PathLike, encoding: str = "utf-8", newline: str = "\n") -> Iterator[TextIO]:
    """A text stream whose content becomes `path` when the block ends without an exception."""
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        with open(target, "w", encoding=encoding, newline=newline) as out:
            yield out
        return
    folder, name = os.path.split(target)
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".hhtool-tmp", dir=folder or ".")
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline=newline) as out:
            yield out
        os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's umask (read by setting it, the only way the standard library offers)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
