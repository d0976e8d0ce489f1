# skip-sanitized
routes solve data/routes/1867-late.txt
