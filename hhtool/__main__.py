"""`python -m hhtool`: the `hhtool` command."""

from hhtool.cli import app

app(prog_name="hhtool")
