tokens upgrade --from 57 --catalog -
