taxis ideal --help
