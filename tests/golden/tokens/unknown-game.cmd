tokens upgrade --from 1999:57 --to 1867:X2
