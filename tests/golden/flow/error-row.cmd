flow solve -
