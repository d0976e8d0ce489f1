# LINE_NUM beyond what the rest of the input can hold: refused before the board is built (issue 35 item 2)
flow solve - --format adc
