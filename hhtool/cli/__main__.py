"""`python -m hhtool.cli`: the `hhtool` command."""

from hhtool.cli import app

app(prog_name="hhtool")
