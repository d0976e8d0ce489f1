tokens show 1867:X5 --json
