tokens audit --help
