tokens show 1867:X2@1
