tokens upgrade --from 1846:D6 --tokens 0:A,1:B,2:C,3:D
