tokens upgrade --hex 1867:F16 --from 1867:F16 --tokens 0:CPR,1:GT
