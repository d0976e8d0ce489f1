# a board whose first row begins with "[" but is no JSON ("['": two colours) is read as a grid, so what the grid writer writes reads back (fuzz_interface found "['" refused as JSON; issue 35 item 1 guess: JSON only when it parses as JSON)
flood draw -
