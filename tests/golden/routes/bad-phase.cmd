routes solve tests/golden/routes/bad-phase.txt
