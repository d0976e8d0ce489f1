routes solve tests/golden/routes/bad-train.txt
