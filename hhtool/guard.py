"""How a command ends when something outside its own handling happens.

- A closed pipe (`hhtool generate | head`): the reader has what it wanted, so the run ends quietly
  with exit code 0, as `cat` and `grep` do, with no "[Errno 32] Broken pipe" and no traceback.
- A write that fails on a full or failing device (`> /dev/full`): one line naming the error, exit code 2.
- A bug in hhtool that escapes a command: one line on stderr, the HH099 finding that every hand
  gets for the same kind of bug, and exit code 2 (never a traceback: the message names the
  exception so that it can be reported).
Usage errors, Ctrl-C and the commands' own exit codes pass through unchanged.

The group also tidies every help screen once, when it is built (hhtool.help_text: plain value names,
one paragraph a paragraph, literal square brackets), so new help texts need no care.
"""

from __future__ import annotations

import errno
import os
import sys

import typer
from typer.core import TyperGroup

from hhtool.codes import HH099
from hhtool.help_text import tidy_help
from hhtool.safetext import printable

EXIT_INTERNAL = 2
# what a write to a full, over-quota or failing device raises: an I/O error (exit 2, one line), not HH099
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG})


def _passing() -> tuple[type[BaseException], ...]:
    """The exceptions that are the CLI's own way out (exit codes, usage errors, Ctrl-C's Abort): typer's,
    and click's where typer still uses the click package rather than its own copy."""
    kinds: list[type[BaseException]] = [typer.Exit, typer.Abort, typer.BadParameter]
    kinds += [k for k in (getattr(typer, "TyperException", None),) if k is not None]
    try:
        import click
    except ImportError:
        return tuple(kinds)
    return (*kinds, click.exceptions.Exit, click.ClickException, click.exceptions.Abort)


PASSING = _passing()


def silence_stdout() -> None:
    """Point stdout at /dev/null, so that flushing what is left in its buffer at exit cannot raise
    again (Python would print "Exception ignored ... BrokenPipeError" and exit 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test runner's capture)
        pass


def internal_error_line(exc: BaseException) -> str:
    """The one line an internal error prints: the HH099 finding, then what to do."""
    return (
        f"hhtool: {HH099} [{HH099.severity}] {HH099.summary}: {type(exc).__name__}: {printable(str(exc))} "
        f"(a bug in hhtool, not in the hands: please report it with the command that ran)"
    )


class GuardedGroup(TyperGroup):
    """The command group of the CLI, with the two endings above around every command."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        tidy_help(self)

    def invoke(self, ctx):
        try:
            value = super().invoke(ctx)
            sys.stdout.flush()  # a pipe closed after the last write shows here, not at exit
            return value
        except BrokenPipeError:
            silence_stdout()
            ctx.exit(0)
        except PASSING:
            raise  # the commands' own exit codes and usage errors
        except OSError as exc:
            if exc.errno not in _WRITE_ERRORS:
                print(internal_error_line(exc), file=sys.stderr)
                ctx.exit(EXIT_INTERNAL)
            # the output's device is full or failing (`> /dev/full`): an I/O error, not a bug in hhtool
            silence_stdout()  # what is left in stdout's buffer cannot be written at exit either
            print(f"hhtool: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
            ctx.exit(EXIT_INTERNAL)
        except Exception as exc:  # noqa: BLE001 - a bug must end in one line, not a traceback
            print(internal_error_line(exc), file=sys.stderr)
            ctx.exit(EXIT_INTERNAL)
