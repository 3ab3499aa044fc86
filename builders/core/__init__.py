"""Shared machinery: spec -> SVG -> pixels -> rows -> Parquet shards -> dataset card.

Nothing in this package knows about a particular benchmark family.
"""
