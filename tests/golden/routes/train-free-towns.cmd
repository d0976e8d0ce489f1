routes solve tests/golden/routes/train-free-towns.txt
