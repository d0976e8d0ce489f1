# a declared 1000x1000 board in 10 bytes is refused before the board is made (issue 35 item 2)
flow solve - --format intgrid
