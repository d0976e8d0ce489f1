tokens upgrade --open 1,2,3,4 --from 1867:F16 --tokens 0:CPR,1:GT --json
