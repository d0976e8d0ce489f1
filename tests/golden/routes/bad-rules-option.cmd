routes solve --rules hex-twice tests/golden/routes/train-n.txt
