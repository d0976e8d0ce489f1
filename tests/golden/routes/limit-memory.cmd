# skip-sanitized
routes solve --memory-limit 2 data/routes/1867-late.txt
