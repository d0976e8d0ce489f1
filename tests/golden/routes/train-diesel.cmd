routes solve tests/golden/routes/train-diesel.txt
