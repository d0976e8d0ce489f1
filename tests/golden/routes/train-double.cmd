routes solve tests/golden/routes/train-double.txt
