tokens upgrade --from city=revenue:-5 --to city=revenue:40
