flow generate --size 8x8 --colours x
