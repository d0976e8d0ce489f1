routes solve tests/golden/routes/train-n-plus-m.txt
