taxis tournament --games 300 --json
