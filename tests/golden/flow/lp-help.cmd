flow lp --help
