tokens solve -
