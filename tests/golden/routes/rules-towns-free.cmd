routes solve --trains 2 --rules towns-free tests/golden/routes/train-n-plus-m.txt
