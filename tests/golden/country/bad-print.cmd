country solve --print svg data/country/seed-10x10.txt
