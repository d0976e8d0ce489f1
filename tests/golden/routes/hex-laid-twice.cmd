# issue 35: a state lays each hex once; a second line for B6 was read silently before (the later line won)
routes solve tests/golden/routes/hex-laid-twice.txt
