# A --checkpoint that is a device, not a regular file, is refused at start (saving would rename over it)
flood solve --checkpoint /dev/null data/flood/example.txt
