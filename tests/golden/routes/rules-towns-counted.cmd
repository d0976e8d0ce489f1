routes solve --trains 2 tests/golden/routes/train-n-plus-m.txt
