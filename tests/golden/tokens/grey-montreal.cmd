tokens upgrade --from 1867:X7@3 --tokens 0:QLS,0:CPR,1:LPS
