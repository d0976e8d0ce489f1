country unique --json data/country/seed-10x10.txt
