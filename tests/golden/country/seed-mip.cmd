country solve --method mip --count 2 --json data/country/seed-10x10.txt
