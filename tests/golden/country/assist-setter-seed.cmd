country setter data/country/seed-10x10.txt
