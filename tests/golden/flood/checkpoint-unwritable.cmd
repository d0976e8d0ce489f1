# An unwritable --checkpoint place is refused at start, one line with the path, nothing solved (issue 37 item 6; before: solved, exit 0, the place tried only when the store filled)
flood solve --checkpoint /nonexistent/x.ckpt data/flood/example.txt
