"""Export validated hands to a Parquet dataset (tables hands, seats, actions, pots, payouts, findings).

`run.export_paths` is the export; `rows` builds each hand's rows, `schema` says the tables, `writer` and
`store` write and publish them. Nothing is imported here (the engine's workers load the lower modules).
"""
