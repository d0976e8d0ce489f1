taxis ideal --count 0
