"""The JUTAKU kit's printed data (places_ja.toml: the parcel cards' places in Japanese)."""
