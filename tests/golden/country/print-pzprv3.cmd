country solve --print pzprv3 data/country/seed-10x10.txt
