flood --help
