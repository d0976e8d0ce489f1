# convert without --to
flow convert data/flow/seed_5x5.txt
