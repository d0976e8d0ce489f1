tokens upgrade --from 1867:L12 --to 1867:X9
