tokens upgrade --from 1867:L12 --tokens 2:CPR --to 1867:X2 --rules tokens --all
