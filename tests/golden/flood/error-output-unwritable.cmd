flood solve --output /nonexistent-dir/out.svg data/flood/example.txt
