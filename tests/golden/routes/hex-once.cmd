routes solve tests/golden/routes/hex-once.txt
