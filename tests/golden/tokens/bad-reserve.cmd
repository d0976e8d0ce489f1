tokens upgrade --from 1867:L12 --tokens 0:LPS --reserve 0:GT
