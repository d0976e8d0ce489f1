tokens upgrade --from city=revenue:abc --to city=revenue:40
