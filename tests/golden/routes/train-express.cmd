routes solve tests/golden/routes/train-express.txt
