tokens upgrade --from : --tokens 0:LPS --to 1867:X2
