routes solve tests/golden/routes/bonus-destination.txt
