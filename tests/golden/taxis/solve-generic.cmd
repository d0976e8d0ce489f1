taxis solve --json -
