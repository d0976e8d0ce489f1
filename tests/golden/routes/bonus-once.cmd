routes solve tests/golden/routes/bonus-once.txt
