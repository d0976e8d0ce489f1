tokens upgrade --from 1830:57 --to 1867:X2
