routes solve tests/golden/routes/train-n.txt
