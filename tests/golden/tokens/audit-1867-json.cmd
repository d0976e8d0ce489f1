tokens audit 1867 --json
