taxis experiment sweep --games 10 --plot /nonexistent-dir/sweep.svg
