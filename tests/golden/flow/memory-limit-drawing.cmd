# issue 35 item 2: a 12 KB samgoldman drawing, 4095 lines tall with one 4095-column line, built 85 MB of tables under a 50 MB limit before (exit 1); its tables are charged before they are made
flow solve --memory-limit 50 -
