tokens upgrade --open 0,7 --from 1867:F16
