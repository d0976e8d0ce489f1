# issue 37 item 5: a node of the path search costs a walk over 1M cells here (35 ms); the clock is read every node, so --time-limit 1 ends within about 1 s (17 s before)
# skip-sanitized (reading the 1M-cell board alone takes over 1 s under ASan at -O0)
flow solve --method search --time-limit 1 --json --format adc -
