routes solve --rules any-token tests/golden/routes/train-express.txt
