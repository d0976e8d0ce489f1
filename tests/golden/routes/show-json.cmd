routes show --json data/routes/1830-late.txt
