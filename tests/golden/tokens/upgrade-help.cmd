tokens upgrade --help
