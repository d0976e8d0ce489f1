tokens audit 1867 --rules tokens
