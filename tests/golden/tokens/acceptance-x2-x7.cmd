tokens upgrade --from 1867:X2 --tokens 0:QLS,1:LPS --to 1867:X7 --json
