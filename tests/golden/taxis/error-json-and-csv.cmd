taxis tournament --json --csv
