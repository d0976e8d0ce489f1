routes lp tests/golden/routes/train-n.txt
