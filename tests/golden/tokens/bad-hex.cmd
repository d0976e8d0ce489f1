tokens upgrade --hex 1867:Z99 --from 1867:F16
