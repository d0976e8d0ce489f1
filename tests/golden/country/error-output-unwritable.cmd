country solve --output /nonexistent-dir/out.txt data/country/seed-10x10.txt
