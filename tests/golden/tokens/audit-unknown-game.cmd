tokens audit 1999
