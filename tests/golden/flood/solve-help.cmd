flood solve --help
