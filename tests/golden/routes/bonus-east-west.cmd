routes solve tests/golden/routes/bonus-east-west.txt
