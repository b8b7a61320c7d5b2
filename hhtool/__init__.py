"""hhtool: parse and validate poker hand histories."""
