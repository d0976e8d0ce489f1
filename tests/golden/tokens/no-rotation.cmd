tokens upgrade --from 1867:637 --tokens 0:A,1:B,2:C --to 1867:X5
