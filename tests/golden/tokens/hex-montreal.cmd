tokens upgrade --hex 1867:L12 --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2
