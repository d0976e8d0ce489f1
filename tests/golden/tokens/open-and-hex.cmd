tokens upgrade --hex 1867:F16 --open 1,2 --from 1867:F16
