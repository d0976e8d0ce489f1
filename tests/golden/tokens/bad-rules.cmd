tokens upgrade --from 1867:L12 --rules strict
