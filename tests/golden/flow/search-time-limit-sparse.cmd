# issue 37 item 5: a node of the path search costs a walk over 1M cells here (35 ms); the clock is read every node, so --time-limit 1 ends within about 1 s (17 s before)
flow solve --method search --time-limit 1 --json --format adc -
