"""Parsing: a hand block in, a typed Hand (or coded findings) out, through its dialect's reader."""

from hhtool.grammar.parse import ParseResult, Status, parse_block

__all__ = ["ParseResult", "Status", "parse_block"]
