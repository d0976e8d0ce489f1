flood hint data/flood/named.txt blue green --json
