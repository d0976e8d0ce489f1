tokens --help
