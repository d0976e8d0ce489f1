routes solve tests/golden/routes/train-n-over-m.txt
