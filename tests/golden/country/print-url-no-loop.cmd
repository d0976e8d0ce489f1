country solve --print url data/country/seed-10x10.txt
