tokens audit 1867
