tokens audit 1867 --output sheet.bmp
