country convert --to url data/country/seed-10x10.txt
