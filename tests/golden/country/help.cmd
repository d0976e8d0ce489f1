country --help
