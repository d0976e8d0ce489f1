tokens upgrade --from 1867:L12 --tokens 1:QLS --to 1867:X2 --rules tokens
