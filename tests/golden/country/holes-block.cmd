country solve -
