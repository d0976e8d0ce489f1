# a 30x30 board: A* needs 6.1 MB before its first node; under 2 MB it says so at once (it searched to the time limit, peak 6 MB)
flood solve - --memory-limit 2 --time-limit 30
