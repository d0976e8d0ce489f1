# skip-sanitized
routes solve --method both --json data/routes/1867-late.txt
