tokens upgrade --from 'city,revenue:40' --to 1867:X2
