routes show --state tests/golden/routes/train-n.txt
