flow --help
