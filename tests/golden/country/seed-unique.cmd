country solve --count 2 data/country/seed-10x10.txt
