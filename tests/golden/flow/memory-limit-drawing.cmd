# issue 35 item 2: a 12 KB samgoldman drawing, 4095 lines tall with one 4095-column line, built 85 MB of tables under a 50 MB limit before (exit 1); its tables are charged before they are made. Since the reader is linear in the input (golden drawing-tall-wide) it costs its 2048x2048 display grid, 16 MB: refused under 10 MB (it was 80.3 MB refused under 50)
flow solve --memory-limit 10 -
