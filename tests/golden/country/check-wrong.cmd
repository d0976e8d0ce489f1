country check --json -
