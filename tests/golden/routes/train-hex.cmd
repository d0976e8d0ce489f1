routes solve tests/golden/routes/train-hex.txt
