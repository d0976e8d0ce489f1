tokens upgrade --from 1889:F9 --tokens 0:IR,0:SR --json
