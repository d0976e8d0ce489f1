tokens upgrade --from L12 --catalog 1867 --tokens 0:LPS,1:QLS --to X2
