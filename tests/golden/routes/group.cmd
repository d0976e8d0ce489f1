routes solve tests/golden/routes/group.txt
